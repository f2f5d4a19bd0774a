import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { createLocalJWKSet, decodeJwt, jwtVerify } from "jose";
import { InvalidTokenError, tokenFromAuthorization } from "../auth/tokens.ts";
import { findClient } from "../identity/oauth.ts";
import {
  grantOf,
  ID_TOKEN_ALG,
  issuerOf,
  publishedKeys,
  RETIRED_KEY_GRACE_SECONDS,
  rotateSigningKey,
  scopedClaims,
  SUPPORTED_SCOPES,
} from "../identity/oidc.ts";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { readJson } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";
import { publicUrl } from "./identity/index.ts";
import { findRealm } from "./realms.ts";

/**
 * The platform as an OpenID Connect provider for each realm (OpenID Connect Core 1.0,
 * Discovery 1.0, RP-Initiated Logout 1.0). A realm's issuer is `{origin}/api/v4/oidc/{realm}`;
 * its authorization endpoint is the web app's `/realm/{realm}/oidc/login` page, its token
 * endpoint the OAuth one (`/api/v4/oauth2-auth/{realm}/token`), which adds an `id_token` when
 * the code was asked for with the `openid` scope.
 */
export const oidcProvider = new Hono<PlatformEnv>();

const origin = (c: Context<PlatformEnv>) => new URL(publicUrl(c)).origin;

/** The realm named in the path, or a 404 in the shape OAuth libraries read. */
async function pathRealm(c: Context<PlatformEnv>) {
  const realm = await findRealm(c.get("store").db, c.req.param("realm")!.toLowerCase());
  if (!realm) throw new ApiError(404, "NOT_FOUND", "No such realm");
  c.set("realm", realm);
  c.set("locale", realm.defaultLocale);
  return realm.name;
}

/** Discovery 1.0 §3: what a relying party needs to know, at `{issuer}/.well-known/...`. */
oidcProvider.get("/:realm/.well-known/openid-configuration", async (c) => {
  const realm = await pathRealm(c);
  const issuer = issuerOf(origin(c), realm);
  const web = `${origin(c)}/realm/${realm}`;
  c.header("Cache-Control", "public, max-age=300");
  c.header("Access-Control-Allow-Origin", "*");
  return c.json({
    issuer,
    authorization_endpoint: `${web}/oidc/login`,
    token_endpoint: `${origin(c)}/api/v4/oauth2-auth/${realm}/token`,
    userinfo_endpoint: `${issuer}/userinfo`,
    jwks_uri: `${issuer}/jwks`,
    end_session_endpoint: `${web}/oidc/logout`,
    scopes_supported: [...SUPPORTED_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    token_endpoint_auth_methods_supported: ["none"],
    code_challenge_methods_supported: ["S256"],
    claims_supported: [
      "sub",
      "iss",
      "aud",
      "exp",
      "iat",
      "auth_time",
      "nonce",
      "email",
      "email_verified",
      "name",
      "preferred_username",
      "locale",
    ],
  });
});

/** The realm's public keys: the current one and those retired within the grace period. */
oidcProvider.get("/:realm/jwks", async (c) => {
  const realm = await pathRealm(c);
  // Short caching: a rotated key is published before any token it signs is handed out.
  c.header("Cache-Control", "public, max-age=300");
  c.header("Access-Control-Allow-Origin", "*");
  return c.json(await publishedKeys(c.get("store").db, realm));
});

/** RFC 6750 §3: a refused bearer token says why in WWW-Authenticate. */
function bearerRefusal(c: Context<PlatformEnv>, error: "invalid_token" | "insufficient_scope") {
  c.header("Cache-Control", "no-store");
  c.header("WWW-Authenticate", `Bearer error="${error}"`);
  return c.json(
    {
      error,
      error_description:
        error === "invalid_token"
          ? "The access token is missing, not valid, expired or its session ended"
          : "The access token was not issued by an OpenID Connect sign-in",
    },
    error === "invalid_token" ? 401 : 403,
  );
}

/**
 * Core §5.3: the signed-in viewer's claims for the scopes their sign-in granted. Only access
 * tokens of a session started by an OpenID Connect sign-in are answered.
 */
async function userinfo(c: Context<PlatformEnv>) {
  const realm = await pathRealm(c);
  const token = tokenFromAuthorization(c.req.header("Authorization"));
  if (!token) return bearerRefusal(c, "invalid_token");
  let claims;
  try {
    claims = await c.get("tokens").verifyAccess(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return bearerRefusal(c, "invalid_token");
    throw error;
  }
  if (claims.rlm !== realm || claims.gue || !claims.sid) return bearerRefusal(c, "invalid_token");
  if (!(await c.get("sessions").isLive(claims.sid))) return bearerRefusal(c, "invalid_token");
  const { db } = c.get("store");
  const grant = await grantOf(db, claims.sid);
  if (!grant || grant.realm !== realm) return bearerRefusal(c, "insufficient_scope");
  const [user] = await db
    .select()
    .from(t.users)
    .where(eq(t.users.id, Number(claims.sub)));
  if (!user || user.realm !== realm) return bearerRefusal(c, "invalid_token");
  c.header("Cache-Control", "no-store");
  return c.json({ sub: String(user.id), ...scopedClaims(user, grant.scope.split(" ")) });
}
oidcProvider.get("/:realm/userinfo", userinfo);
oidcProvider.post("/:realm/userinfo", userinfo);

/**
 * `POST /v4/oidc/end-session` (the contract's headers name the realm): checks an RP-initiated
 * logout before the web app signs the viewer out. `id_token_hint` must be an ID token this
 * realm signed (expired ones are taken, for a while); `post_logout_redirect_uri` must be one the
 * client registered, character for character, and needs the client known from the hint or
 * `client_id`. Answers `{redirectUrl}` (with `state` added) when the browser should go back to
 * the app, `{}` when it should stay on the site.
 */
export const endSession = new Hono<PlatformEnv>();
endSession.post("/end-session", async (c) => {
  const input = (await readJson(c.req.raw)) as Record<string, unknown>;
  const text = (name: string) => (typeof input[name] === "string" ? (input[name] as string) : "");
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  let clientId = text("client_id");
  const hint = text("id_token_hint");
  if (hint) {
    const audience = await verifiedHintAudience(db, realm, hint);
    if (!audience) throw badRequest("INVALID_ID_TOKEN_HINT", "id_token_hint is not this realm's");
    if (clientId && clientId !== audience) {
      throw badRequest("INVALID_ID_TOKEN_HINT", "id_token_hint was issued to another client");
    }
    clientId = audience;
  }
  const target = text("post_logout_redirect_uri");
  if (!target) return c.json({});
  const client = clientId ? await findClient(db, realm, clientId) : undefined;
  if (!client || !client.postLogoutRedirectUris.includes(target)) {
    throw badRequest(
      "INVALID_POST_LOGOUT_REDIRECT_URI",
      "post_logout_redirect_uri is not registered for this client",
    );
  }
  const url = new URL(target);
  const state = text("state");
  if (state) url.searchParams.append("state", state);
  return c.json({ redirectUrl: url.toString() });
});

/** The audience of an ID token the realm signed, if `hint` is one (expiry forgiven a while). */
async function verifiedHintAudience(
  db: Parameters<typeof publishedKeys>[0],
  realm: string,
  hint: string,
): Promise<string | undefined> {
  try {
    const keys = createLocalJWKSet(await publishedKeys(db, realm));
    const { payload } = await jwtVerify(hint, keys, {
      algorithms: [ID_TOKEN_ALG],
      clockTolerance: RETIRED_KEY_GRACE_SECONDS,
    });
    // The keys are this realm's alone; the issuer must name it too, on whatever origin.
    if (!payload.iss?.endsWith(`/api/v4/oidc/${realm}`)) return undefined;
    const aud = decodeJwt(hint).aud;
    return typeof aud === "string" ? aud : Array.isArray(aud) ? aud[0] : undefined;
  } catch {
    return undefined;
  }
}

/** `POST /v2/admin/oidc/keys/rotate`: the realm signs with a new key from now on. */
export const oidcAdmin = new Hono<PlatformEnv>();
oidcAdmin.post("/oidc/keys/rotate", async (c) => {
  const key = await rotateSigningKey(c.get("store").db, c.get("tokens"), c.get("realm").name);
  return c.json({ kid: key.kid });
});
