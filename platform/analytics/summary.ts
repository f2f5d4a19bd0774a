import { and, count, countDistinct, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { AnalyticsSummary } from "../../contract/generated/analytics.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** The longest range a summary covers, in days. */
export const MAX_SUMMARY_DAYS = 92;
const DAY_MS = 24 * 3600 * 1000;

export const SIGN_UP_STEPS = ["signUpStarted", "signUpDetailsEntered", "signUpCompleted"] as const;
export const PURCHASE_STEPS = [
  "subscriptionView",
  "subscriptionSelect",
  "purchaseStarted",
  "purchaseCompleted",
] as const;

/** Whole days from `from` to `to` (both included), as `YYYY-MM-DD`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let ms = Date.parse(`${from}T00:00:00Z`);
    ms <= Date.parse(`${to}T00:00:00Z`);
    ms += DAY_MS
  ) {
    days.push(new Date(ms).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The realm's figures over UTC days `from`..`to` (by when the ingest received the events;
 * sandbox events left out): plays and unique viewers per day, the most played videos and
 * events, the most sent events, watch time per play, playback errors by kind, and the sign-up
 * and purchase funnels.
 */
export async function analyticsSummary(
  db: Db,
  realm: string,
  from: string,
  to: string,
): Promise<AnalyticsSummary> {
  const e = t.analyticsEvents;
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const inRange = and(
    eq(e.realm, realm),
    eq(e.sandbox, false),
    gte(e.receivedAt, start),
    lt(e.receivedAt, end),
  );
  const day = sql<string>`to_char(${e.receivedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const watched = sql<number>`coalesce(sum(case when ${e.attributes}->>'watchedSeconds' ~ '^[0-9]{1,6}$' then (${e.attributes}->>'watchedSeconds')::int else 0 end), 0)::int`;
  const [perDay, topVideos, topEvents, watch, errors, funnel] = await Promise.all([
    db
      .select({ day, plays: count(), viewers: countDistinct(e.deviceId) })
      .from(e)
      .where(and(inRange, eq(e.name, "play")))
      .groupBy(day),
    db
      .select({ route: e.route, plays: count() })
      .from(e)
      .where(and(inRange, eq(e.name, "play")))
      .groupBy(e.route)
      .orderBy(desc(count()), e.route)
      .limit(10),
    db
      .select({ name: e.name, count: count() })
      .from(e)
      .where(inRange)
      .groupBy(e.name)
      .orderBy(desc(count()), e.name)
      .limit(10),
    db
      .select({ seconds: watched })
      .from(e)
      .where(and(inRange, inArray(e.name, ["pause", "ended"]))),
    db
      .select({ type: sql<string>`coalesce(${e.attributes}->>'kind', 'other')`, count: count() })
      .from(e)
      .where(and(inRange, eq(e.name, "playbackError")))
      .groupBy(sql`1`)
      .orderBy(desc(count())),
    db
      .select({ name: e.name, count: count() })
      .from(e)
      .where(and(inRange, inArray(e.name, [...SIGN_UP_STEPS, ...PURCHASE_STEPS])))
      .groupBy(e.name),
  ]);
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const days = daysBetween(from, to).map((d) => ({
    day: d,
    plays: Number(byDay.get(d)?.plays ?? 0),
    viewers: Number(byDay.get(d)?.viewers ?? 0),
  }));
  const plays = days.reduce((sum, d) => sum + d.plays, 0);
  const steps = new Map(funnel.map((row) => [row.name, Number(row.count)]));
  return {
    from,
    to,
    days,
    topVideos: topVideos.map((row) => ({ route: row.route, plays: Number(row.plays) })),
    topEvents: topEvents.map((row) => ({ name: row.name, count: Number(row.count) })),
    averageWatchSeconds: plays === 0 ? 0 : Math.round(Number(watch[0]?.seconds ?? 0) / plays),
    errorsByType: errors.map((row) => ({ type: row.type, count: Number(row.count) })),
    signUpFunnel: SIGN_UP_STEPS.map((step) => ({ step, count: steps.get(step) ?? 0 })),
    purchaseFunnel: PURCHASE_STEPS.map((step) => ({ step, count: steps.get(step) ?? 0 })),
  };
}
