import { generateKeyPairSync, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import { importPKCS8, SignJWT, type JWK } from "jose";
import type { TokenIssuer } from "../auth/tokens.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/**
 * The platform as an OpenID Connect provider, one per realm. Its issuer is
 * `{public origin}/api/v4/oidc/{realm}`; ID tokens are RS256, signed with the realm's current key.
 */

export const ID_TOKEN_ALG = "RS256";
/** ID tokens live ten minutes: a relying party reads one right after the code exchange. */
export const ID_TOKEN_TTL_SECONDS = 10 * 60;
/** A realm's key signs for 90 days, then the next ID token is signed by a new one. */
export const KEY_ROTATION_SECONDS = 90 * 24 * 3600;
/**
 * A rotated key stays in the JWKS this long: far beyond an ID token's life and any sensible
 * cache of the JWKS by a relying party.
 */
export const RETIRED_KEY_GRACE_SECONDS = 7 * 24 * 3600;

/** The scopes the provider knows; others asked for are ignored (OpenID Connect Core §3.1.2.1). */
export const SUPPORTED_SCOPES = ["openid", "email", "profile"] as const;

/** `openid email` → ["openid", "email"]; unknown scopes dropped, each kept once. */
export function grantedScopes(scope: string): string[] {
  const asked = new Set(scope.split(" ").filter(Boolean));
  return SUPPORTED_SCOPES.filter((name) => asked.has(name));
}

/** `{origin}/api/v4/oidc/{realm}`: what discovery names and every ID token carries as `iss`. */
export const issuerOf = (origin: string, realm: string) =>
  `${new URL(origin).origin}/api/v4/oidc/${realm}`;

type KeyRow = typeof t.oidcSigningKeys.$inferSelect;

function newKeyRow(realm: string, tokens: TokenIssuer) {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = publicKey.export({ format: "jwk" }) as Record<string, unknown>;
  return {
    kid,
    realm,
    alg: ID_TOKEN_ALG,
    publicJwk: { kty: jwk.kty, n: jwk.n, e: jwk.e, kid, alg: ID_TOKEN_ALG, use: "sig" },
    sealedPrivateKey: tokens.seal(privateKey.export({ format: "pem", type: "pkcs8" }) as string),
  };
}

async function currentKey(db: Db, realm: string): Promise<KeyRow | undefined> {
  const [row] = await db
    .select()
    .from(t.oidcSigningKeys)
    .where(and(eq(t.oidcSigningKeys.realm, realm), isNull(t.oidcSigningKeys.retiredAt)));
  return row;
}

/**
 * The key a realm signs with now: made on first use, and replaced once it is older than the
 * rotation period. Servers racing to make one agree on the first one stored.
 */
export async function signingKey(db: Db, tokens: TokenIssuer, realm: string): Promise<KeyRow> {
  const key = await currentKey(db, realm);
  if (key && Date.now() - key.createdAt.getTime() < KEY_ROTATION_SECONDS * 1000) return key;
  return key ? rotateSigningKey(db, tokens, realm) : insertKey(db, tokens, realm);
}

async function insertKey(db: Db, tokens: TokenIssuer, realm: string): Promise<KeyRow> {
  // The partial unique index allows one current key per realm: a second writer inserts nothing.
  await db.insert(t.oidcSigningKeys).values(newKeyRow(realm, tokens)).onConflictDoNothing();
  return (await currentKey(db, realm))!;
}

/**
 * Retires the realm's current key and makes a new one. The retired key stays in the JWKS for
 * `RETIRED_KEY_GRACE_SECONDS`. Two rotations at once leave one current key.
 */
export async function rotateSigningKey(
  db: Db,
  tokens: TokenIssuer,
  realm: string,
): Promise<KeyRow> {
  await db
    .update(t.oidcSigningKeys)
    .set({ retiredAt: new Date() })
    .where(and(eq(t.oidcSigningKeys.realm, realm), isNull(t.oidcSigningKeys.retiredAt)));
  return insertKey(db, tokens, realm);
}

/** The realm's JWKS: its current key and the keys retired within the grace period. */
export async function publishedKeys(db: Db, realm: string): Promise<{ keys: JWK[] }> {
  const since = new Date(Date.now() - RETIRED_KEY_GRACE_SECONDS * 1000);
  const rows = await db
    .select({ jwk: t.oidcSigningKeys.publicJwk })
    .from(t.oidcSigningKeys)
    .where(
      and(
        eq(t.oidcSigningKeys.realm, realm),
        or(isNull(t.oidcSigningKeys.retiredAt), gt(t.oidcSigningKeys.retiredAt, since)),
      ),
    )
    .orderBy(desc(t.oidcSigningKeys.createdAt));
  return { keys: rows.map((row) => row.jwk as JWK) };
}

export interface IdTokenInput {
  issuer: string;
  subject: string;
  audience: string;
  authTime: Date;
  nonce?: string;
  /** Claims of the granted scopes (`email`, `name`, ...). */
  claims?: Record<string, unknown>;
}

/** An ID token (OpenID Connect Core §2) signed with the realm's current key, `kid` in its header. */
export async function issueIdToken(
  db: Db,
  tokens: TokenIssuer,
  realm: string,
  input: IdTokenInput,
): Promise<string> {
  const key = await signingKey(db, tokens, realm);
  const privateKey = await importPKCS8(tokens.unseal(key.sealedPrivateKey), ID_TOKEN_ALG);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    ...input.claims,
    auth_time: Math.floor(input.authTime.getTime() / 1000),
    ...(input.nonce ? { nonce: input.nonce } : {}),
  })
    .setProtectedHeader({ alg: ID_TOKEN_ALG, kid: key.kid, typ: "JWT" })
    .setIssuer(input.issuer)
    .setSubject(input.subject)
    .setAudience(input.audience)
    .setIssuedAt(now)
    .setExpirationTime(now + ID_TOKEN_TTL_SECONDS)
    .sign(privateKey);
}

type UserRow = typeof t.users.$inferSelect;

/** The claims of `scopes` for an account (OpenID Connect Core §5.4). */
export function scopedClaims(user: UserRow, scopes: string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.includes("email")) {
    claims.email = user.email;
    claims.email_verified = user.confirmedAt !== null;
  }
  if (scopes.includes("profile")) {
    const name = user.fullName ?? user.preferredName;
    if (name) claims.name = name;
    if (user.preferredName) claims.preferred_username = user.preferredName;
    if (user.locale) claims.locale = user.locale;
  }
  return claims;
}

/** Remembers what an OpenID Connect sign-in granted, by the session it started. */
export async function recordGrant(
  db: Db,
  grant: { family: string; realm: string; clientId: string; scope: string; authTime: Date },
) {
  await db.insert(t.oidcGrants).values(grant).onConflictDoNothing();
}

/** The grant of a session, if it was started by an OpenID Connect sign-in. */
export async function grantOf(db: Db, family: string) {
  const [row] = await db.select().from(t.oidcGrants).where(eq(t.oidcGrants.family, family));
  return row;
}

/** The end-session request (RP-initiated logout 1.0 §2) the provider checks before sign-out. */
export interface EndSessionRequest {
  clientId?: string;
  postLogoutRedirectUri?: string;
  state?: string;
}
