import { sql } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** Seconds until the window ends (and attempts are allowed again). */
  retryAfterSeconds: number;
}

/**
 * Counts one attempt under `key` and says whether it is within `limit`. One statement (an
 * upsert) decides, so servers sharing the store count together and never race each other.
 */
export async function countAttempt(db: Db, key: string, rule: RateLimit): Promise<RateVerdict> {
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const expired = sql`${t.rateLimits.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(t.rateLimits)
    .values({ key, windowStartedAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: t.rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${t.rateLimits.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${t.rateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      count: t.rateLimits.count,
      endsInSeconds: sql<number>`ceil(extract(epoch from (${t.rateLimits.windowStartedAt} + ${window} - now())))::int`,
    });
  return {
    allowed: row!.count <= rule.limit,
    retryAfterSeconds: Math.max(1, Number(row!.endsInSeconds)),
  };
}

/** Whether `key` is over `limit` now, without counting an attempt. */
export async function isLimited(db: Db, key: string, rule: RateLimit): Promise<RateVerdict> {
  const rows = await db
    .select({
      count: t.rateLimits.count,
      endsInSeconds: sql<number>`ceil(extract(epoch from (${t.rateLimits.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now())))::int`,
    })
    .from(t.rateLimits)
    .where(sql`${t.rateLimits.key} = ${key}`);
  const row = rows[0];
  if (!row || Number(row.endsInSeconds) <= 0) return { allowed: true, retryAfterSeconds: 0 };
  return {
    allowed: row.count < rule.limit,
    retryAfterSeconds: Math.max(1, Number(row.endsInSeconds)),
  };
}

/**
 * Takes back one attempt counted under `key`, for an attempt that turned out not to be a guess
 * (a sign-in with the right password). Counting first and refunding after keeps parallel
 * guesses within the limit while successes still do not use it up.
 */
export async function refundAttempt(db: Db, key: string): Promise<void> {
  await db
    .update(t.rateLimits)
    .set({ count: sql`greatest(${t.rateLimits.count} - 1, 0)` })
    .where(sql`${t.rateLimits.key} = ${key}`);
}

/** Forgets the attempts under `key` (a successful sign-in clears its account's failures). */
export async function clearAttempts(db: Db, key: string): Promise<void> {
  await db.delete(t.rateLimits).where(sql`${t.rateLimits.key} = ${key}`);
}
