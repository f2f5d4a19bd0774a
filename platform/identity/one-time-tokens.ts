import { and, eq, gt, isNull, lt } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { digest, newSecret } from "./secrets.ts";

export type OneTimePurpose =
  | "confirmation"
  | "password-reset"
  | "magic-link"
  | "pin-reset"
  | "impersonation"
  | "challenge"
  | "oauth-code";

export interface OneTimeToken {
  realm: string;
  userId: number | null;
  data: Record<string, unknown>;
}

/** Makes a single-use secret for `purpose`, valid for `ttlSeconds`; only its digest is kept. */
export async function issueOneTimeToken(
  db: Db,
  purpose: OneTimePurpose,
  {
    realm,
    userId = null,
    data = {},
    ttlSeconds,
  }: Partial<OneTimeToken> & {
    realm: string;
    ttlSeconds: number;
  },
): Promise<string> {
  const secret = newSecret();
  await db.insert(t.oneTimeTokens).values({
    tokenHash: digest(secret),
    purpose,
    realm,
    userId,
    data,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return secret;
}

/**
 * Uses up `secret` if it is a live token of `purpose` in `realm`: one statement marks it used,
 * so two requests racing with one token cannot both succeed. Null for anything else.
 */
export async function consumeOneTimeToken(
  db: Db,
  purpose: OneTimePurpose,
  realm: string,
  secret: string,
): Promise<OneTimeToken | null> {
  if (!secret) return null;
  const [row] = await db
    .update(t.oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(t.oneTimeTokens.tokenHash, digest(secret)),
        eq(t.oneTimeTokens.purpose, purpose),
        eq(t.oneTimeTokens.realm, realm),
        isNull(t.oneTimeTokens.usedAt),
        gt(t.oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({
      realm: t.oneTimeTokens.realm,
      userId: t.oneTimeTokens.userId,
      data: t.oneTimeTokens.data,
    });
  return row ?? null;
}

/** Drops tokens that expired more than a day ago (kept that long to explain "link expired"). */
export async function pruneOneTimeTokens(db: Db): Promise<void> {
  await db
    .delete(t.oneTimeTokens)
    .where(lt(t.oneTimeTokens.expiresAt, new Date(Date.now() - 24 * 3600 * 1000)));
}
