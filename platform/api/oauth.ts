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
  type RedeemedCode,
} from "../identity/oauth.ts";
import {
  grantedScopes,
  issueIdToken,
  issuerOf,
  recordGrant,
  scopedClaims,
} from "../identity/oidc.ts";
import {
  accountClaims,
  refreshSession,
  RefreshRefused,
  startSession,
  type SessionTokens,
} from "../identity/sessions.ts";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { HEADERS } from "../../contract/headers.ts";
import { readJson, requireJsonBody } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";
import { findRealm } from "./realms.ts";
import { mainProfile } from "../identity/profiles.ts";
import { body, publicUrl, verifyCredentials } from "./identity/index.ts";

/**
 * The OAuth 2.0 authorization code flow with PKCE (RFC 6749, RFC 7636), S256 only: a
 * registered app sends the viewer to the web app's `/authorize` page, which signs them in here
 * and sends the browser to the app with a code; the app exchanges the code for a session.
 */
export const oauth = new Hono<PlatformEnv>();

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** OpenID Connect's `scope` and `nonce` are kept with the code: bounded, like every input. */
const MAX_SCOPE_LENGTH = 500;
const MAX_NONCE_LENGTH = 255;

/**
 * `POST /oauth2-auth/code`: the OAuth parameters plus `credentials` {id, secret}; answers
 * `{redirectUrl}`. The client and its exact redirect URI are checked before anything else, and
 * a refusal never names a URL to go to.
 */
oauth.post("/code", requireJsonBody, async (c) => {
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
  const scope = text(input.scope);
  const nonce = text(input.nonce);
  if (scope.length > MAX_SCOPE_LENGTH || nonce.length > MAX_NONCE_LENGTH) {
    throw badRequest("INVALID_OIDC_REQUEST", "scope or nonce is too long");
  }
  const code = await issueCode(db, realm, user.id, {
    clientId: client.clientId,
    redirectUri,
    codeChallenge: challenge,
    ...(scope ? { scope } : {}),
    ...(nonce ? { nonce } : {}),
    authTime: Date.now(),
  });
  const target = new URL(redirectUri);
  target.searchParams.append("code", code);
  const state = text(input.state);
  if (state) target.searchParams.append("state", state);
  return c.json({ redirectUrl: target.toString() });
});

/** The error codes of RFC 6749 §5.2 the token endpoint answers with. */
type TokenErrorCode =
  "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type";

/** A refused token request, answered in the shape of RFC 6749 §5.2. */
class TokenError extends ApiError {
  constructor(code: TokenErrorCode, message: string, status: 400 | 401 | 404 = 400) {
    super(status, code, message);
  }
}

/**
 * `{error, error_description}` for OAuth client libraries, plus the contract's members (`code`
 * is the same as `error`) for everyone else.
 */
function tokenErrorJson(c: Context<PlatformEnv>, error: TokenError) {
  return c.json(
    {
      error: error.code,
      error_description: error.message,
      status: error.status,
      code: error.code,
      messages: [error.message],
      requestId: c.get("requestId"),
    },
    error.status,
  );
}

/** RFC 6749 §5.1: tokens and refusals alike are kept by no cache. */
function forbidCaching(c: Context<PlatformEnv>) {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
}

/** RFC 6749 §4.1.3 sends a form; JSON is taken too, like every other call of the contract. */
async function tokenRequest(c: Context<PlatformEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("Content-Type") ?? "";
  if (/^application\/x-www-form-urlencoded\b/i.test(type)) {
    const form = new URLSearchParams(await c.req.text());
    const names = [...form.keys()];
    // RFC 6749 §3.2: no parameter twice, so no two readings of one request.
    if (new Set(names).size !== names.length) {
      throw new TokenError("invalid_request", "A parameter is sent more than once");
    }
    return Object.fromEntries(form);
  }
  if (/^application\/json\b/i.test(type)) {
    let parsed: unknown;
    try {
      parsed = await readJson(c.req.raw);
    } catch {
      throw new TokenError("invalid_request", "The request body is not valid JSON");
    }
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      return parsed as Record<string, unknown>;
    }
  }
  throw new TokenError("invalid_request", "Send the token request as a form or a JSON object");
}

/**
 * The token endpoint of the realm in the context (RFC 6749 §3.2): the authorization code grant
 * (PKCE) and the refresh token grant, for public clients that name themselves by `client_id`.
 * Every answer is `no-store`; refusals are RFC 6749 §5.2 errors.
 */
async function tokenEndpoint(c: Context<PlatformEnv>) {
  forbidCaching(c);
  try {
    const { session, idToken } = await grant(c, await tokenRequest(c));
    return c.json({
      access_token: session.authorisationToken,
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: session.refreshToken,
      ...(idToken ? { id_token: idToken } : {}),
    });
  } catch (error) {
    if (!(error instanceof TokenError)) throw error;
    // RFC 6749 §5.2: a client that tried HTTP authentication learns which scheme would do.
    if (error.status === 401) c.header("WWW-Authenticate", `Basic realm="${c.get("realm").name}"`);
    return tokenErrorJson(c, error);
  }
}

async function grant(
  c: Context<PlatformEnv>,
  input: Record<string, unknown>,
): Promise<{ session: SessionTokens; idToken?: string }> {
  const grantType = text(input.grant_type);
  if (!grantType) throw new TokenError("invalid_request", "grant_type is required");
  if (grantType !== "authorization_code" && grantType !== "refresh_token") {
    throw new TokenError(
      "unsupported_grant_type",
      "grant_type must be authorization_code or refresh_token",
    );
  }
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const clientId = text(input.client_id);
  if (!(await findClient(db, realm, clientId))) {
    // Public clients authenticate by no secret; one that tried HTTP authentication gets a 401.
    const status = c.req.header("Authorization") ? 401 : 400;
    throw new TokenError("invalid_client", "No such client is registered in this realm", status);
  }
  return grantType === "refresh_token"
    ? { session: await refreshGrant(c, text(input.refresh_token)) }
    : codeGrant(c, clientId, input);
}

async function codeGrant(
  c: Context<PlatformEnv>,
  clientId: string,
  input: Record<string, unknown>,
): Promise<{ session: SessionTokens; idToken?: string }> {
  const code = text(input.code);
  if (!code) throw new TokenError("invalid_request", "code is required");
  const { db } = c.get("store");
  let redeemed: RedeemedCode;
  try {
    redeemed = await redeemCode(db, c.get("realm").name, code, {
      clientId,
      redirectUri: text(input.redirect_uri),
      verifier: text(input.code_verifier),
    });
  } catch (error) {
    if (!(error instanceof CodeRefused)) throw error;
    throw new TokenError("invalid_grant", error.message);
  }
  const [user] = await db.select().from(t.users).where(eq(t.users.id, redeemed.userId));
  if (!user || user.status === "SUSPENDED" || user.status === "PENDING_ACTIVATION") {
    throw new TokenError("invalid_grant", "The account cannot sign in");
  }
  const profile = await mainProfile(db, user.id);
  const session = await startSession(db, c.get("tokens"), accountClaims(user, profile), {
    userAgent: c.req.header("User-Agent") ?? null,
    userId: user.id,
    profileId: profile?.id ?? null,
  });
  const family = await recordCodeSession(db, code, session.refreshToken);
  const scopes = grantedScopes(redeemed.scope);
  if (!scopes.includes("openid") || !family) return { session };
  // OpenID Connect: the session remembers its scopes (userinfo), and the app gets an ID token.
  const realm = c.get("realm").name;
  await recordGrant(db, {
    family,
    realm,
    clientId,
    scope: scopes.join(" "),
    authTime: redeemed.authTime,
  });
  const idToken = await issueIdToken(db, c.get("tokens"), realm, {
    issuer: issuerOf(publicUrl(c), realm),
    subject: String(user.id),
    audience: clientId,
    authTime: redeemed.authTime,
    nonce: redeemed.nonce,
    claims: scopedClaims(user, scopes),
  });
  return { session, idToken };
}

/** RFC 6749 §6: the session's next pair, as `POST /api/v2/token/refresh` gives it. */
async function refreshGrant(c: Context<PlatformEnv>, refreshToken: string) {
  if (!refreshToken) throw new TokenError("invalid_request", "refresh_token is required");
  try {
    return await refreshSession(
      c.get("store").db,
      c.get("tokens"),
      c.get("realm").name,
      refreshToken,
    );
  } catch (error) {
    if (!(error instanceof RefreshRefused)) throw error;
    throw new TokenError("invalid_grant", "The refresh token is not valid or its session ended");
  }
}

/**
 * `POST /oauth2-auth/token` with the contract's headers (the realm in `Realm`). Kept for
 * callers of the contract; other parties' apps use their realm's endpoint below.
 */
oauth.post("/token", tokenEndpoint);

/**
 * `POST /oauth2-auth/{realm}/token`: the realm's token endpoint for other parties' apps, which
 * send what RFC 6749 asks for and no contract headers. Refusals before the realm is known
 * (none named, or no such realm) are in the RFC shape too.
 */
export const realmTokenEndpoint = new Hono<PlatformEnv>();
realmTokenEndpoint.post("/:realm/token", async (c) => {
  const realm = await findRealm(c.get("store").db, c.req.param("realm").toLowerCase());
  if (!realm) return refuseEarly(c, 404, "No such realm");
  c.set("realm", realm);
  c.set("locale", realm.defaultLocale);
  return tokenEndpoint(c);
});
realmTokenEndpoint.post("/token", async (c, next) => {
  if (c.req.header(HEADERS.realm)) return next();
  return refuseEarly(c, 400, "Name the realm: POST /api/v4/oauth2-auth/{realm}/token");
});

function refuseEarly(c: Context<PlatformEnv>, status: 400 | 404, message: string) {
  forbidCaching(c);
  return tokenErrorJson(c, new TokenError("invalid_request", message, status));
}
