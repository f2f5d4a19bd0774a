import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { ACCESS_TOKEN_TTL_SECONDS } from "../auth/tokens.ts";
import {
  CodeRefused,
  findClient,
  isRegisteredRedirect,
  isS256Challenge,
  issueCode,
  recordCodeSession,
  redeemCode,
} from "../identity/oauth.ts";
import { accountClaims, startSession } from "../identity/sessions.ts";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { readJson, requireJsonBody } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";
import { body, mainProfile, verifyCredentials } from "./identity.ts";

/**
 * The OAuth 2.0 authorization code flow with PKCE (RFC 6749, RFC 7636), S256 only: a
 * registered app sends the viewer to the web app's `/authorize` page, which signs them in here
 * and sends the browser to the app with a code; the app exchanges the code for a session.
 */
export const oauth = new Hono<PlatformEnv>();

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * `POST /oauth2-auth/code`: the OAuth parameters plus `credentials` {id, secret}; answers
 * `{redirectUrl}`. The client and its exact redirect URI are checked before anything else, and
 * a refusal never names a URL to go to.
 */
oauth.post("/oauth2-auth/code", requireJsonBody, async (c) => {
  const input = await body(c);
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const client = await findClient(db, realm, text(input.client_id));
  if (!client) throw badRequest("UNKNOWN_CLIENT", "No such client is registered in this realm");
  const redirectUri = text(input.redirect_uri);
  if (!isRegisteredRedirect(client, redirectUri)) {
    throw badRequest("INVALID_REDIRECT_URI", "redirect_uri is not registered for this client");
  }
  if (input.response_type !== "code") {
    throw badRequest("UNSUPPORTED_RESPONSE_TYPE", "response_type must be code");
  }
  const challenge = text(input.code_challenge);
  if (input.code_challenge_method !== "S256" || !isS256Challenge(challenge)) {
    throw badRequest("INVALID_CODE_CHALLENGE", "A code_challenge with method S256 is required");
  }
  const credentials =
    typeof input.credentials === "object" && input.credentials !== null
      ? (input.credentials as Record<string, unknown>)
      : {};
  const user = await verifyCredentials(c, credentials);
  const code = await issueCode(db, realm, user.id, {
    clientId: client.clientId,
    redirectUri,
    codeChallenge: challenge,
  });
  const target = new URL(redirectUri);
  target.searchParams.append("code", code);
  const state = text(input.state);
  if (state) target.searchParams.append("state", state);
  return c.json({ redirectUrl: target.toString() });
});

/** RFC 6749 §4.1.3 sends a form; JSON is taken too, like every other call of the contract. */
async function tokenRequest(c: Context<PlatformEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("Content-Type") ?? "";
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return Object.fromEntries(new URLSearchParams(await c.req.text()));
  }
  if (/^application\/json\b/i.test(type)) {
    const parsed = await readJson(c.req.raw);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  }
  throw new ApiError(
    415,
    "UNSUPPORTED_MEDIA_TYPE",
    "Send the token request as a form or a JSON object",
  );
}

/**
 * `POST /oauth2-auth/token` (grant_type=authorization_code, code, redirect_uri, client_id,
 * code_verifier): the session of the viewer who signed in, in the RFC 6749 §5.1 shape. Its
 * refresh token is renewed through `POST /api/v2/token/refresh` like any other.
 */
oauth.post("/oauth2-auth/token", async (c) => {
  const input = await tokenRequest(c);
  if (input.grant_type !== "authorization_code") {
    throw badRequest("unsupported_grant_type", "grant_type must be authorization_code");
  }
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const clientId = text(input.client_id);
  if (!(await findClient(db, realm, clientId))) {
    throw new ApiError(401, "invalid_client", "No such client is registered in this realm");
  }
  const code = text(input.code);
  let userId: number;
  try {
    userId = await redeemCode(db, realm, code, {
      clientId,
      redirectUri: text(input.redirect_uri),
      verifier: text(input.code_verifier),
    });
  } catch (error) {
    if (!(error instanceof CodeRefused)) throw error;
    throw badRequest("invalid_grant", error.message);
  }
  const [user] = await db.select().from(t.users).where(eq(t.users.id, userId));
  if (!user || user.status === "SUSPENDED" || user.status === "PENDING_ACTIVATION") {
    throw badRequest("invalid_grant", "The account cannot sign in");
  }
  const profile = await mainProfile(db, user.id);
  const session = await startSession(db, c.get("tokens"), accountClaims(user, profile), {
    userId: user.id,
    profileId: profile?.id ?? null,
  });
  await recordCodeSession(db, code, session.refreshToken);
  c.header("Cache-Control", "no-store");
  return c.json({
    access_token: session.authorisationToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_token: session.refreshToken,
  });
});
