import { redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { PlatformError } from "../api-client/client.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { platformClient } from "../api-client/platform.server.ts";
import type { RealmRequest } from "../realm/request.server.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { requestSession } from "../session/request-session.server.ts";
import { endSession } from "../session/viewer.server.ts";
import { authErrorLabel } from "./auth-errors.ts";
import type { Challenge } from "../../contract/challenge.ts";
import type { SessionTokens } from "../../contract/generated/session-tokens.ts";
import { HEADERS } from "../../contract/headers.ts";

export type { SessionTokens };

/** What an identity form's action answers when it does not redirect. */
export type FormOutcome =
  | { status: "challenge"; challenge: Challenge }
  | {
      status: "error";
      /** Label of the form-level message. */
      label: string;
      /** Label per field, from the platform's own check. */
      fields?: Record<string, string>;
      requestId?: string;
      challenge?: Challenge;
      /** What the viewer typed (never a password), so a form that comes back keeps it. */
      values?: Record<string, string>;
    };

/** Starts the viewer's session in this realm: the tokens go into the session cookie. */
export async function storeSession(
  request: Request,
  context: PlatformLoadContext,
  basePath: string,
  tokens: SessionTokens,
) {
  const { session, save } = await requestSession(request, context, basePath);
  session.set("accessToken", tokens.authorisationToken);
  session.set("refreshToken", tokens.refreshToken);
  // A sign-in is nobody's impersonation, whatever the cookie held before.
  session.unset("impersonation");
  await save();
}

/** Ends the session in this web app (the platform is told by the caller). */
export async function clearSession(
  request: Request,
  context: PlatformLoadContext,
  basePath: string,
  message: string,
): Promise<string | undefined> {
  const { session, save } = await requestSession(request, context, basePath);
  const refreshToken = session.get("refreshToken");
  endSession(session, message, context.requestId);
  await save();
  return refreshToken;
}

/**
 * Where a signed-in viewer goes: the `from` they came for (a path inside this realm, checked),
 * else the default page; with `#profilesFromLogin` where the realm has profiles to pick from.
 */
export function afterSignIn(
  { basePath, shell }: Pick<RealmRequest, "basePath" | "shell">,
  from: unknown,
): string {
  const path = safeRedirectPath(from, "/home").split("#")[0]!;
  const settings = shell.settings as RealmSettings;
  const profiles = (settings.profileConfiguration?.status ?? "NONE") !== "NONE";
  return `${basePath}${path}${profiles ? "#profilesFromLogin" : ""}`;
}

/**
 * Calls an identity endpoint that may ask for a challenge, turning the answer into a session
 * (then a full page load, so nothing cached for the previous viewer survives) or an outcome
 * for the form.
 */
export async function identityCall(
  { request, context }: Pick<ActionFunctionArgs, "request" | "context">,
  { realm, basePath, shell }: Pick<RealmRequest, "realm" | "basePath" | "shell">,
  path: string,
  body: unknown,
  {
    challengeInput,
    to,
    values,
    keep = () => true,
  }: {
    challengeInput?: string;
    to: (tokens: SessionTokens) => string;
    values?: Record<string, string>;
    /** Whether the answer's session is the viewer's now; if not, it is ended at once. */
    keep?: (tokens: SessionTokens) => boolean;
  },
): Promise<FormOutcome | Response> {
  const platform = platformClient(context, { realm: realm as RealmLookup, locale: shell.locale });
  try {
    const tokens = await platform.post<SessionTokens>(path, body, {
      headers: challengeInput ? { [HEADERS.challengeInput]: challengeInput } : {},
    });
    if (keep(tokens)) {
      await storeSession(request, context, basePath, tokens);
    } else {
      await platform.post("/v2/logout", { refreshToken: tokens.refreshToken }).catch(() => {});
    }
    return redirectDocument(to(tokens), 303);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const challenge = error.details?.challenge as Challenge | undefined;
    if (error.code === "CHALLENGE_REQUIRED" && challenge) return { status: "challenge", challenge };
    const fields = error.details?.fields as Record<string, string> | undefined;
    return {
      status: "error",
      label: authErrorLabel(error),
      ...(fields ? { fields } : {}),
      ...(error.requestId ? { requestId: error.requestId } : {}),
      ...(challenge ? { challenge } : {}),
      ...(values ? { values } : {}),
    };
  }
}
