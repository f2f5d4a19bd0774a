import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time-tokens.ts";
import { digest } from "./secrets.ts";
import { revokeFamily } from "./sessions.ts";

/** Authorization codes live one minute: long enough for a redirect, too short to be worth stealing. */
export const CODE_TTL_SECONDS = 60;

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
/** The S256 challenge: a SHA-256 digest in base64url without padding (43 characters). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export type OAuthClientRow = typeof t.oauthClients.$inferSelect;

export const isS256Challenge = (value: string) => S256_CHALLENGE.test(value);

/** RFC 7636 §4.6: BASE64URL(SHA256(verifier)) equals the challenge, compared in constant time. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier) || !S256_CHALLENGE.test(challenge)) return false;
  const computed = Buffer.from(createHash("sha256").update(verifier).digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}

export async function findClient(
  db: Db,
  realm: string,
  clientId: string,
): Promise<OAuthClientRow | undefined> {
  if (!clientId) return undefined;
  const [client] = await db
    .select()
    .from(t.oauthClients)
    .where(and(eq(t.oauthClients.realm, realm), eq(t.oauthClients.clientId, clientId)));
  return client;
}

/**
 * Whether `redirectUri` is one the client registered, character for character: no
 * normalisation of case, trailing slashes or query, so a near miss never receives a code.
 */
export const isRegisteredRedirect = (client: OAuthClientRow, redirectUri: string) =>
  client.redirectUris.includes(redirectUri);

interface CodeBinding {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  /** OpenID Connect: the scopes asked for (an ID token only when `openid` is one). */
  scope?: string;
  /** OpenID Connect: the relying party's nonce, returned in the ID token. */
  nonce?: string;
  /** When the viewer gave their credentials, in milliseconds (the ID token's `auth_time`). */
  authTime?: number;
  /** The refresh-token family issued for the code, once it was exchanged. */
  family?: string;
}

/** A redeemed code: whose it is and what the sign-in asked for. */
export interface RedeemedCode {
  userId: number;
  scope: string;
  nonce?: string;
  authTime: Date;
}

/** A single-use code for `userId`, bound to the client, its redirect URI and the challenge. */
export function issueCode(
  db: Db,
  realm: string,
  userId: number,
  binding: Omit<CodeBinding, "family">,
): Promise<string> {
  return issueOneTimeToken(db, "oauth-code", {
    realm,
    userId,
    data: { ...binding },
    ttlSeconds: CODE_TTL_SECONDS,
  });
}

export class CodeRefused extends Error {
  override name = "CodeRefused";
}

/**
 * Uses up `code` for the client that proves it holds the verifier, at `realm`'s token endpoint.
 * A code presented a second time is refused and the session issued from it is ended (RFC 6749
 * §4.1.2): one of the two presenters stole it. A code presented at another realm's endpoint,
 * by another client, with another redirect URI or a wrong verifier is refused and spent, so it
 * cannot be tried again.
 */
export async function redeemCode(
  db: Db,
  realm: string,
  code: string,
  request: { clientId: string; redirectUri: string; verifier: string },
): Promise<RedeemedCode> {
  const issued = code ? await codeRow(db, code) : undefined;
  const used = issued && (await consumeOneTimeToken(db, "oauth-code", issued.realm, code));
  if (!used) {
    if (issued?.usedAt) await revokeSessionOfUsedCode(db, issued);
    throw new CodeRefused("The code is unknown, expired or used already");
  }
  const binding = used.data as unknown as CodeBinding;
  if (
    used.realm !== realm ||
    binding.clientId !== request.clientId ||
    binding.redirectUri !== request.redirectUri ||
    !verifierMatches(request.verifier, binding.codeChallenge) ||
    used.userId === null
  ) {
    throw new CodeRefused(
      "The code was not issued to this realm, client, redirect URI and verifier",
    );
  }
  return {
    userId: used.userId,
    scope: binding.scope ?? "",
    ...(binding.nonce ? { nonce: binding.nonce } : {}),
    authTime: new Date(binding.authTime ?? Date.now()),
  };
}

/** The code's row, in whichever realm it was issued. */
async function codeRow(db: Db, code: string) {
  const [row] = await db
    .select({
      realm: t.oneTimeTokens.realm,
      data: t.oneTimeTokens.data,
      usedAt: t.oneTimeTokens.usedAt,
    })
    .from(t.oneTimeTokens)
    .where(
      and(eq(t.oneTimeTokens.tokenHash, digest(code)), eq(t.oneTimeTokens.purpose, "oauth-code")),
    );
  return row;
}

/**
 * Remembers which session a code gave, so its reuse can end that session; answers the
 * session's family.
 */
export async function recordCodeSession(
  db: Db,
  code: string,
  refreshToken: string,
): Promise<string | undefined> {
  const [session] = await db
    .select({ family: t.refreshTokens.family })
    .from(t.refreshTokens)
    .where(eq(t.refreshTokens.tokenHash, digest(refreshToken)));
  const [row] = await db
    .select({ data: t.oneTimeTokens.data })
    .from(t.oneTimeTokens)
    .where(eq(t.oneTimeTokens.tokenHash, digest(code)));
  if (!session || !row) return undefined;
  await db
    .update(t.oneTimeTokens)
    .set({ data: { ...row.data, family: session.family } })
    .where(eq(t.oneTimeTokens.tokenHash, digest(code)));
  return session.family;
}

async function revokeSessionOfUsedCode(db: Db, row: { data: Record<string, unknown> }) {
  const family = (row.data as Partial<CodeBinding>).family;
  if (family) await revokeFamily(db, family);
}
