import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import type { Route } from "../../schemas/generated/route-table.ts";
import { PlatformError } from "../api-client/client.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { lookupRealm, lookupRealmByHost, platformClient } from "../api-client/platform.server.ts";
import { requestSession } from "../session/request-session.server.ts";
import { viewerOf, type Viewer } from "../session/viewer.server.ts";
import { guardRoute, type ExternalLicence } from "./guards.ts";
import { warnOfSettings } from "./settings-warnings.ts";
import { matchRoute, realmRelativePath, routeHref, type RouteSettings } from "./routes.ts";
import { sameSitePath } from "./safe-redirect.ts";
import { asRouteError, loadShell, type Shell } from "./shell.server.ts";

/** A request inside a realm, resolved once and shared by every loader of that request. */
export interface RealmRequest {
  realm: RealmLookup;
  shell: Shell;
  /** "/realm/{name}" on a shared host, "" on the realm's own domain. */
  basePath: string;
  viewer: Viewer;
  /** The named route the path matched. */
  route: Route;
}

const resolved = new WeakMap<object, Promise<RealmRequest | null>>();

/** Referral parameters of marketing links (spec section 2): stored, then dropped from the URL. */
const REFERRAL_PARAMS = ["esrefid", "esclkid"] as const;

/**
 * The realm of a request (the `/realm/{name}` prefix, else the host name), its shell, the viewer,
 * and the route guard's verdict (spec section 4), which throws the redirect or 404 it calls
 * for. Null when the request names no realm (a host that is no realm's, outside `/realm/`).
 */
export function realmRequest(args: LoaderFunctionArgs): Promise<RealmRequest | null> {
  let pending = resolved.get(args.context);
  if (!pending) {
    pending = resolve(args);
    resolved.set(args.context, pending);
  }
  return pending;
}

/** Like `realmRequest`, for loaders that only make sense inside a realm: otherwise a 404. */
export async function requireRealmRequest(args: LoaderFunctionArgs): Promise<RealmRequest> {
  const found = await realmRequest(args);
  if (!found) throw data(null, { status: 404 });
  return found;
}

async function resolve({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  let realm: RealmLookup | null;
  let basePath: string;
  try {
    if (params.realm) {
      realm = await lookupRealm(context, params.realm);
      // A realm that cannot be loaded on a /realm path goes to the site root (spec section 8).
      if (!realm) throw redirect("/");
      basePath = `/realm/${realm.realm}`;
    } else {
      realm = await lookupRealmByHost(context, url.host);
      basePath = "";
    }
  } catch (error) {
    throw asRouteError(error);
  }
  if (!realm) return null;

  let viewer = await viewerOf(request, context, realm, basePath);
  let shell = await loadShell(request, context, realm.realm, viewer);
  const relative = realmRelativePath(basePath, url.pathname);
  const matched = matchRoute(relative);
  if (!matched) throw data(null, { status: 404 });

  await storeReferral(url, context, realm);
  if (url.searchParams.has("pwrt") && matched.route.name !== "loginResetPassword") {
    throw redirect(routeHref(basePath, { name: "loginResetPassword", query: queryOf(url) }));
  }

  warnOfSettings(realm.realm, matched.route.name, shell.settings as RouteSettings);
  const externalLicence = await rememberExternalLicence(request, context, basePath, {
    route: matched.route.name,
    url,
    signedIn: viewer.role === "CUSTOMER" || viewer.role === "ADMIN",
  });
  const guard = () =>
    guardRoute(matched.route, viewer.role, shell.settings as RouteSettings, {
      from: `${relative}${url.search}`,
      query: url.searchParams,
      externalLicence,
    });
  let decision = guard();
  if (decision.type === "guestCheckIn") {
    // Checked in on this same response (no redirect, which cost a round trip on a first
    // visit): the page is then rendered for the guest, with the session cookie it now has.
    await guestCheckIn(request, context, realm, basePath);
    viewer = await viewerOf(request, context, realm, basePath);
    shell = await loadShell(request, context, realm.realm, viewer);
    decision = guard();
    // A check-in that gave no guest token would ask for another: fail rather than loop.
    if (decision.type === "guestCheckIn") throw data(null, { status: 503 });
  }
  switch (decision.type) {
    case "allow":
      break;
    case "notFound":
      throw data(null, { status: 404 });
    case "redirect":
      throw redirect(routeHref(basePath, decision.to));
  }
  return { realm, shell, basePath, viewer, route: matched.route };
}

/**
 * A partner's licence link (`licence/redirect?code=…&extraParams=…`) is kept in the session
 * until a signed-in viewer reaches it; one who signs in first is taken there from sign-in.
 */
async function rememberExternalLicence(
  request: Request,
  context: PlatformLoadContext,
  basePath: string,
  { route, url, signedIn }: { route: string; url: URL; signedIn: boolean },
): Promise<ExternalLicence | undefined> {
  const { session, save } = await requestSession(request, context, basePath);
  const code = url.searchParams.get("code");
  if (route === "licenceRedirect") {
    if (signedIn) {
      if (session.has("externalLicence")) {
        session.unset("externalLicence");
        await save();
      }
      return undefined;
    }
    if (code && code.length <= 200) {
      const extraParams = url.searchParams.get("extraParams")?.slice(0, 2000);
      session.set("externalLicence", { code, ...(extraParams ? { extraParams } : {}) });
      await save();
    }
  }
  return session.get("externalLicence");
}

/** Stores `esrefid`/`esclkid` through the platform and reloads the URL without them. */
async function storeReferral(url: URL, context: PlatformLoadContext, realm: RealmLookup) {
  const referralExid = url.searchParams.get("esrefid");
  if (!REFERRAL_PARAMS.some((p) => url.searchParams.has(p))) return;
  if (referralExid) {
    try {
      await platformClient(context, { realm }).post("/v1/session", {
        referralExid,
        ...(url.searchParams.get("esclkid") ? { clickId: url.searchParams.get("esclkid") } : {}),
      });
    } catch (error) {
      // A lost referral must not cost the viewer the page (spec section 8: logged only).
      console.warn(
        JSON.stringify({ level: "warn", msg: "referral not stored", error: String(error) }),
      );
    }
  }
  const clean = new URL(url);
  for (const name of REFERRAL_PARAMS) clean.searchParams.delete(name);
  throw redirect(sameSitePath(clean));
}

/** Guest sign-in into this request's session; a failed one fails the page (503). */
async function guestCheckIn(
  request: Request,
  context: PlatformLoadContext,
  realm: RealmLookup,
  basePath: string,
): Promise<void> {
  const { session, save } = await requestSession(request, context, basePath);
  try {
    const tokens = await platformClient(context, { realm }).call("guestCheckin");
    session.set("accessToken", tokens.authorisationToken);
    if (tokens.refreshToken) session.set("refreshToken", tokens.refreshToken);
  } catch (error) {
    // A failed check-in ends whatever session there was, then fails the page (spec section 4).
    session.unset("accessToken");
    session.unset("refreshToken");
    await save();
    if (error instanceof PlatformError) {
      throw data({ code: error.code, requestId: error.requestId }, { status: 503 });
    }
    throw error;
  }
  await save();
}

function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}
