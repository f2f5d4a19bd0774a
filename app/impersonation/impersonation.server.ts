import {
  data,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import type { ImpersonationSession } from "../../contract/generated/impersonation-session.ts";
import type { UserDetails } from "../../contract/generated/user-details.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { realmRequest, requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { requestSession } from "../session/request-session.server.ts";
import { endSession } from "../session/viewer.server.ts";
import { readForm } from "../realm/form-body.server.ts";

/** Spec section 3, Session `impersonationState`; `none` when there is nothing to show. */
export type ImpersonationState =
  | { state: "loading"; token: string }
  | { state: "loaded"; email: string; homeHref: string }
  | { state: "failed" };

const NO_STORE = { headers: { "Cache-Control": "private, no-store" } };

/** The impersonated account's email, while the viewer's tokens say an admin is acting. */
export async function impersonationOf(
  { request, context }: Pick<LoaderFunctionArgs, "request" | "context">,
  found: RealmRequest | null,
): Promise<{ email: string } | null> {
  if (!found?.viewer.impersonatorId) return null;
  const { session } = await requestSession(request, context, found.basePath);
  return { email: session.get("impersonation")?.email ?? "" };
}

/**
 * `/impersonate?token=`: loading (the token is exchanged by a form post, never by a GET that a
 * link preview could trigger), then loaded or failed (spec section 4, Impersonation).
 */
export async function impersonateLoader(args: LoaderFunctionArgs) {
  const { basePath, viewer } = await requireRealmRequest(args);
  const token = new URL(args.request.url).searchParams.get("token");
  let state: ImpersonationState;
  if (token) state = { state: "loading", token };
  else if (viewer.impersonatorId) {
    const shown = await impersonationOf(args, await realmRequest(args));
    state = {
      state: "loaded",
      email: shown?.email ?? "",
      homeHref: routeHref(basePath, { name: "home" }),
    };
  } else state = { state: "failed" };
  return data(state, NO_STORE);
}

export async function impersonateAction(args: ActionFunctionArgs) {
  const form = await readForm(args.request);
  return form.get("intent") === "stop"
    ? stopImpersonating(args)
    : startImpersonating(args, String(form.get("token") ?? ""));
}

/**
 * Exchanges the token for the account's session and fetches the account; the admin's own
 * session, when this browser holds one, is kept aside to return to.
 */
async function startImpersonating(args: ActionFunctionArgs, token: string) {
  const { request, context } = args;
  const { realm, shell, basePath, viewer } = await requireRealmRequest(args);
  const anonymous = platformClient(context, { realm, locale: shell.locale });
  let tokens: ImpersonationSession;
  let account: UserDetails;
  try {
    tokens = await anonymous.call("impersonate", {
      query: { token },
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return data<ImpersonationState>({ state: "failed" }, NO_STORE);
  }
  try {
    account = await platformClient(context, {
      realm,
      locale: shell.locale,
      token: tokens.authorisationToken,
    }).call("userDetails");
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    await anonymous.post("/v2/logout", { refreshToken: tokens.refreshToken }).catch(() => {});
    return data<ImpersonationState>({ state: "failed" }, NO_STORE);
  }

  const { session, save } = await requestSession(request, context, basePath);
  const previous = session.get("impersonation");
  const accessToken = session.get("accessToken");
  const admin =
    previous?.admin ??
    (viewer.role === "ADMIN" && accessToken
      ? { accessToken, refreshToken: session.get("refreshToken") }
      : undefined);
  session.set("accessToken", tokens.authorisationToken);
  session.set("refreshToken", tokens.refreshToken);
  session.set("impersonation", { email: account.email, ...(admin ? { admin } : {}) });
  await save();
  return redirectDocument(safeRedirectPath(routeHref(basePath, { name: "impersonate" })), 303);
}

/**
 * The way out: the impersonation session ends on the platform, and the admin's session comes
 * back (to the users page) when this browser had one; otherwise the browser is signed out.
 */
async function stopImpersonating(args: ActionFunctionArgs) {
  const { request, context } = args;
  const { realm, basePath } = await requireRealmRequest(args);
  const { session, save } = await requestSession(request, context, basePath);
  const impersonation = session.get("impersonation");
  if (!impersonation) return redirectDocument(safeRedirectPath(basePath || "/"), 303);
  const refreshToken = session.get("refreshToken");
  if (refreshToken) {
    await platformClient(context, { realm })
      .post("/v2/logout", { refreshToken })
      .catch((error: unknown) =>
        console.warn(
          JSON.stringify({ level: "warn", msg: "impersonation not ended", error: String(error) }),
        ),
      );
  }
  let to: string;
  if (impersonation.admin) {
    session.set("accessToken", impersonation.admin.accessToken);
    if (impersonation.admin.refreshToken) {
      session.set("refreshToken", impersonation.admin.refreshToken);
    } else session.unset("refreshToken");
    session.unset("impersonation");
    to = routeHref(basePath, { name: "adminUsers" });
  } else {
    endSession(session, "impersonationEnded", context.requestId);
    to = routeHref(basePath, { name: "login" });
  }
  await save();
  return redirectDocument(safeRedirectPath(to), 303);
}
