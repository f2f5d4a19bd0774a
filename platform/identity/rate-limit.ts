import { eq, inArray, sql } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

export interface RateLimit {
  /** Attempts allowed per window. */
  limit: number;
  /** At most `MAX_WINDOW_SECONDS`. */
  windowSeconds: number;
}

/**
 * The longest window a rule may have. A counter whose window began longer ago than this is over
 * whatever its rule, so it can be dropped without knowing the rule.
 */
export const MAX_WINDOW_SECONDS = 24 * 3600;
/** How often (at most, across servers) ended counters are dropped, and how many at a time. */
const PURGE_EVERY_SECONDS = 60;
const PURGE_BATCH = 1000;
/** The row whose window start says when counters were last dropped. */
const PURGE_MARK = "purge:rate-limits";

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
  if (rule.windowSeconds > MAX_WINDOW_SECONDS) {
    throw new Error(`rate-limit windows are at most ${MAX_WINDOW_SECONDS} seconds`);
  }
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
  await purgeEndedCounters(db);
  return {
    allowed: row!.count <= rule.limit,
    retryAfterSeconds: Math.max(1, Number(row!.endsInSeconds)),
  };
}

/**
 * Drops counters whose window ended long ago (every key an attacker makes up leaves one). Run
 * along with counting: one caller a minute, across servers, wins the mark and drops a bounded
 * batch; a full batch leaves the mark free, so a backlog goes at the pace attempts come.
 */
async function purgeEndedCounters(db: Db): Promise<void> {
  const won = await db
    .insert(t.rateLimits)
    .values({ key: PURGE_MARK, windowStartedAt: sql`now()`, count: 0 })
    .onConflictDoUpdate({
      target: t.rateLimits.key,
      set: { windowStartedAt: sql`now()` },
      setWhere: sql`${t.rateLimits.windowStartedAt} <= now() - make_interval(secs => ${PURGE_EVERY_SECONDS})`,
    })
    .returning({ key: t.rateLimits.key });
  if (won.length === 0) return;
  const ended = db
    .select({ key: t.rateLimits.key })
    .from(t.rateLimits)
    .where(
      sql`${t.rateLimits.windowStartedAt} < now() - make_interval(secs => ${MAX_WINDOW_SECONDS})`,
    )
    .limit(PURGE_BATCH);
  const dropped = await db
    .delete(t.rateLimits)
    .where(inArray(t.rateLimits.key, ended))
    .returning({ key: t.rateLimits.key });
  if (dropped.length === PURGE_BATCH) {
    await db.delete(t.rateLimits).where(eq(t.rateLimits.key, PURGE_MARK));
  }
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
