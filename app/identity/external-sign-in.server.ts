import { redirect, redirectDocument, type LoaderFunctionArgs } from "@remix-run/node";
import { labelOfCode } from "../../contract/errors.ts";
import type { LabelKey } from "../../contract/labels.ts";
import type { ExternalAuthorization } from "../../contract/generated/external-sign-in.ts";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import { PlatformError } from "../api-client/client.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { flashToast } from "../feedback/flash.server.ts";
import type { RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { requestSession } from "../session/request-session.server.ts";
import { afterSignIn, storeSession, type SessionTokens } from "./session-actions.server.ts";

/** How long a viewer may take at the provider before the answer is refused. */
export const EXTERNAL_SIGN_IN_TTL_MS = 10 * 60_000;

const PRIVATE = { "Cache-Control": "private, no-store" };

type Args = Pick<LoaderFunctionArgs, "request" | "context">;

/** The realm's `/login/redirect` on the origin the viewer is on: where the provider returns. */
const redirectUri = (request: Request, basePath: string) =>
  new URL(routeHref(basePath, { name: "loginRedirect" }), request.url).toString();

const platformOf = ({ context }: Args, found: RealmRequest) =>
  platformClient(context, { realm: found.realm as RealmLookup, locale: found.shell.locale });

/** Back to the sign-in page with the failure's label in a toast. */
async function failed({ request, context }: Args, found: RealmRequest, label: LabelKey) {
  return redirect(routeHref(found.basePath, { name: "login" }), {
    headers: {
      "Set-Cookie": await flashToast(request, context as PlatformLoadContext, {
        level: "error",
        label,
      }),
      ...PRIVATE,
    },
  });
}

/**
 * Sends the browser to the provider's sign-in, keeping the state, nonce and PKCE verifier the
 * platform made for it in the session cookie (httpOnly, signed, SameSite=Lax: it comes back
 * with the provider's redirect, and with nobody else's).
 */
export async function startExternalSignIn(args: Args, found: RealmRequest, from: string) {
  let start: ExternalAuthorization;
  try {
    start = await platformOf(args, found).post<ExternalAuthorization>(
      "/v4/oidc/external/authorization",
      { redirectUri: redirectUri(args.request, found.basePath) },
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return failed(args, found, labelOfCode(error.code, "oidcSigninError"));
  }
  const context = args.context as PlatformLoadContext;
  const { session, save } = await requestSession(args.request, context, found.basePath);
  const { state, nonce, codeVerifier } = start;
  session.set("externalSignIn", { state, nonce, codeVerifier, from, at: Date.now() });
  await save();
  return redirectDocument(start.authorizationUrl, { headers: PRIVATE });
}

/** Whether `/login/redirect` was reached by a provider's answer (a code or an error). */
export const isProviderAnswer = (url: URL) =>
  url.searchParams.has("state") && (url.searchParams.has("code") || url.searchParams.has("error"));

/**
 * The provider's answer: the pending sign-in is taken from the session (once: a reload or a
 * replayed URL finds none), the platform checks the answer and exchanges the code, and the
 * viewer's session starts; then on to where they were going. Any failure lands on the sign-in
 * page with its label, the viewer's previous session untouched.
 */
export async function completeExternalSignIn(args: Args, found: RealmRequest) {
  const context = args.context as PlatformLoadContext;
  const { session, save } = await requestSession(args.request, context, found.basePath);
  const pending = session.get("externalSignIn");
  session.unset("externalSignIn");
  await save();
  if (!pending || Date.now() - pending.at > EXTERNAL_SIGN_IN_TTL_MS) {
    return failed(args, found, "oidcSigninError");
  }
  let tokens: SessionTokens;
  try {
    tokens = await platformOf(args, found).post<SessionTokens>("/v4/oidc/external/session", {
      callbackUrl: args.request.url,
      state: pending.state,
      nonce: pending.nonce,
      codeVerifier: pending.codeVerifier,
      redirectUri: redirectUri(args.request, found.basePath),
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return failed(args, found, labelOfCode(error.code, "oidcSigninError"));
  }
  await storeSession(args.request, context, found.basePath, tokens);
  // A full page load: nothing the page held for the signed-out viewer survives.
  return redirectDocument(afterSignIn(found, pending.from), { headers: PRIVATE });
}
