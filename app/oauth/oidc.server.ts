import {
  data,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";

import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { externalOidcProvider } from "../../contract/external-sign-in.ts";
import {
  completeExternalSignIn,
  isProviderAnswer,
  startExternalSignIn,
} from "../identity/external-sign-in.server.ts";
import { afterSignIn } from "../identity/session-actions.server.ts";
import { hasSessionToEnd, signOut } from "../identity/logout.server.ts";
import { readForm } from "../realm/form-body.server.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeExists, routeHref, routeNamed, type RouteSettings } from "../realm/routes.ts";
import { authorizeAction, authorizeLoader, oidcLabelOf } from "./authorize.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * `/oidc/login`: the realm's OpenID Connect authorization endpoint (its discovery document names
 * it). The `/authorize` form with `scope` and `nonce` carried along, links to sign up and to a
 * new password, and `oidcSigninError` when the sign-in is refused.
 */
export async function oidcLoginLoader(args: LoaderFunctionArgs) {
  const { basePath, shell } = await requireRealmRequest(args);
  const { params } = (await authorizeLoader(args)).data;
  const url = new URL(args.request.url);
  // After signing up, back to this page with the app's request, to sign in and return to it.
  const query = { from: `${url.pathname.slice(basePath.length)}${url.search}` };
  const signup = routeExists(routeNamed("signup"), shell.settings as RouteSettings);
  return data(
    {
      params,
      forgotPasswordHref: routeHref(basePath, { name: "oidcForgotPassword" }),
      signupHref: signup ? routeHref(basePath, { name: "oidcSignup", query }) : null,
    },
    { headers: PRIVATE },
  );
}

export const oidcLoginAction = (args: ActionFunctionArgs) => authorizeAction(args, oidcLabelOf);

/** The RP-initiated logout parameters (OpenID Connect RP-Initiated Logout 1.0 §2). */
const END_SESSION_PARAMS = ["id_token_hint", "post_logout_redirect_uri", "client_id", "state"];

function endSessionParams(source: { get(name: string): unknown }) {
  return Object.fromEntries(
    END_SESSION_PARAMS.flatMap((name) => {
      const value = source.get(name);
      return typeof value === "string" && value ? [[name, value]] : [];
    }),
  ) as Record<string, string>;
}

/**
 * Where the browser goes after an RP-initiated logout: the app's `post_logout_redirect_uri`
 * when the platform found it registered for the client (exactly) and the hint this realm's;
 * the realm's root otherwise, so a forged request never sends a viewer anywhere else.
 */
async function afterLogout(
  { context }: Pick<LoaderFunctionArgs, "context">,
  found: RealmRequest,
  params: Record<string, string>,
): Promise<{ to: string; hinted: boolean }> {
  const home = found.basePath || "/";
  if (Object.keys(params).length === 0) return { to: home, hinted: false };
  try {
    const answer = await platformClient(context, {
      realm: found.realm,
      locale: found.shell.locale,
    }).post<{ redirectUrl?: unknown }>("/v4/oidc/end-session", params);
    const target = checkedLogoutTarget(answer.redirectUrl, params.post_logout_redirect_uri);
    return { to: target ?? home, hinted: Boolean(params.id_token_hint) };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { to: home, hinted: false };
  }
}

/** The platform's `redirectUrl`, only when it is the URI the request named (plus `state`). */
export function checkedLogoutTarget(redirectUrl: unknown, requested: string | undefined) {
  if (typeof redirectUrl !== "string" || !requested) return null;
  let target: URL;
  let asked: URL;
  try {
    target = new URL(redirectUrl);
    asked = new URL(requested);
  } catch {
    return null;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return null;
  if (target.origin !== asked.origin || target.pathname !== asked.pathname) return null;
  return target.toString();
}

/**
 * `GET /oidc/logout`: the realm's end-session endpoint. With an ID token this realm signed as
 * `id_token_hint` the session ends at once; without one the viewer is asked first (a link on
 * another site must not sign anyone out). Either way the browser goes where `afterLogout` says.
 */
export async function oidcLogoutLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const { to, hinted } = await afterLogout(args, found, endSessionParams(url.searchParams));
  if (!hasSessionToEnd(args.request, found)) {
    throw to.startsWith("/") ? redirect(to) : redirectDocument(to);
  }
  if (hinted) return signOut(args, found, to);
  return data(
    {
      action: `${routeHref(found.basePath, { name: "oidcLogout" })}${url.search}`,
      home: found.basePath || "/",
    },
    { headers: PRIVATE },
  );
}

/** `POST /oidc/logout`: the viewer confirmed; the session ends and the browser goes on. */
export async function oidcLogoutAction(args: ActionFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  await readForm(args.request);
  const { to } = await afterLogout(args, found, endSessionParams(url.searchParams));
  if (!hasSessionToEnd(args.request, found)) throw redirectDocument(to);
  return signOut(args, found, to);
}

/**
 * `/openid`, the realm's OpenID path: its discovery document, which names every endpoint of the
 * realm as an OpenID provider.
 */
export async function openidLoader(args: LoaderFunctionArgs) {
  const { realm } = await requireRealmRequest(args);
  const name = encodeURIComponent(realm.realm);
  return redirectDocument(`/api/v4/oidc/${name}/.well-known/openid-configuration`);
}

/**
 * `/login/redirect`: after sign-in, the return target (`from`), checked to be a path of this
 * site after normalisation; a viewer not signed in is sent to sign in first, `from` kept.
 */
export async function loginRedirectLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  // The realm's external OpenID provider sends its answers here.
  if (isProviderAnswer(url) && externalOidcProvider(found.shell.settings as RealmSettings)) {
    return completeExternalSignIn(args, found);
  }
  const from = url.searchParams.get("from") ?? undefined;
  const role = found.viewer.role;
  if (role === "CUSTOMER" || role === "ADMIN") {
    throw redirect(afterSignIn(found, from).split("#")[0]!, { headers: PRIVATE });
  }
  throw redirect(routeHref(found.basePath, { name: "login", query: from ? { from } : undefined }), {
    headers: PRIVATE,
  });
}

/**
 * The three parameters `/login/gigya` passes through as they are (spec section 2): what a
 * Gigya-type provider's own redirect carries about the person who signed in there.
 */
export const GIGYA_PASS_THROUGH = ["UID", "UIDSignature", "signatureTimestamp"] as const;

type Provider = NonNullable<RealmSettings["authenticationProviders"]>[number];

/** The realm's external identity provider (Gigya type first, then OIDC), if it has one. */
export function externalProvider(settings: RealmSettings): Provider | undefined {
  const providers = settings.authenticationProviders ?? [];
  return (
    providers.find((provider) => provider.name === "GIGYA") ??
    providers.find((provider) => provider.name === "OIDC")
  );
}

/**
 * The query `/login/gigya` hands on: the three named parameters when the request has all of
 * them, else `from`, the viewer's current path to come back to (checked to be a path of this
 * site after normalisation; `/home` when it is not).
 */
export function gigyaQuery(url: URL): Record<string, string> {
  const passed = GIGYA_PASS_THROUGH.map((name) => [name, url.searchParams.get(name) ?? ""]);
  if (passed.every(([, value]) => value !== "")) return Object.fromEntries(passed);
  // The guard and the pages that link here put the viewer's current path in `from`.
  return { from: safeRedirectPath(url.searchParams.get("from"), "/home") };
}

/**
 * `/login/gigya` (third-party identity login): a realm bound to an external OpenID provider
 * (OIDC with `issuer`, no GIGYA) starts the sign-in there, coming back to `from`. Otherwise to
 * the realm's external identity login page (`loginUrl` of its GIGYA or OIDC provider) with the
 * pass-through query; to its own sign-in page with the same query when it names none.
 */
export async function gigyaLoginLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const { basePath, shell } = found;
  const url = new URL(args.request.url);
  const settings = shell.settings as RealmSettings;
  // A realm bound to an external OpenID provider signs its viewers in there.
  if (externalOidcProvider(settings)) {
    return startExternalSignIn(
      args,
      found,
      safeRedirectPath(url.searchParams.get("from"), "/home"),
    );
  }
  const query = gigyaQuery(url);
  const loginUrl = externalProvider(shell.settings as RealmSettings)?.loginUrl;
  if (loginUrl) {
    const target = new URL(loginUrl);
    for (const [name, value] of Object.entries(query)) target.searchParams.set(name, value);
    throw redirectDocument(target.toString(), { headers: PRIVATE });
  }
  throw redirect(routeHref(basePath, { name: "login", query }), { headers: PRIVATE });
}

/**
 * `/myuefa` (realms whose provider is the Gigya type only): the provider's account page when
 * it names one, else the realm's own account page.
 */
export async function myuefaLoader(args: LoaderFunctionArgs) {
  const { basePath, shell } = await requireRealmRequest(args);
  const accountUrl = externalProvider(shell.settings as RealmSettings)?.accountUrl;
  if (accountUrl) throw redirectDocument(new URL(accountUrl).toString(), { headers: PRIVATE });
  throw redirect(routeHref(basePath, { name: "account" }), { headers: PRIVATE });
}
