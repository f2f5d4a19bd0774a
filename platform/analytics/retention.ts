import { sql } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Store } from "../store/store.ts";

/** Analytics events are kept this many days (UTC days, today included). */
export const ANALYTICS_RETENTION_DAYS = 90;
/** Partitions made ahead of time on PostgreSQL, so a day's events never wait for one. */
const DAYS_AHEAD = 3;

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const partitionName = (day: string) => `analytics_events_${day.replaceAll("-", "")}`;

/**
 * Keeps the analytics table to its retention: events received before the first kept day go.
 * On PostgreSQL (table partitioned by day) it also makes the coming days' partitions, moving
 * any such day's rows out of the DEFAULT partition first, and drops past days' partitions
 * whole; PGlite deletes rows. Safe to run on several servers at once (IF [NOT] EXISTS, and a
 * lock on the table while partitions change).
 */
export async function keepAnalyticsRetention(
  store: Store,
  now = Date.now(),
  retentionDays = ANALYTICS_RETENTION_DAYS,
): Promise<void> {
  const firstKept = dayOf(now - (retentionDays - 1) * DAY_MS);
  const { db } = store;
  if (store.kind === "postgres") {
    await db.transaction(async (tx) => {
      await tx.execute(sql`lock table analytics_events in share row exclusive mode`);
      const { rows } = (await tx.execute(sql`
        select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        where p.relname = 'analytics_events' and c.relname <> 'analytics_events_default'`)) as unknown as {
        rows: { name: string }[];
      };
      for (const { name } of rows) {
        const day = /^analytics_events_(\d{4})(\d{2})(\d{2})$/.exec(name);
        if (day && `${day[1]}-${day[2]}-${day[3]}` < firstKept) {
          await tx.execute(sql.raw(`drop table if exists "${name}"`));
        }
      }
      const existing = new Set(rows.map((row) => row.name));
      for (let ahead = 0; ahead <= DAYS_AHEAD; ahead++) {
        const day = dayOf(now + ahead * DAY_MS);
        const name = partitionName(day);
        if (existing.has(name)) continue;
        const next = dayOf(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
        const range = `from ('${day}T00:00:00Z') to ('${next}T00:00:00Z')`;
        // A day's rows already in DEFAULT would make the new partition's creation fail.
        await tx.execute(
          sql.raw(`create table "${name}" (like analytics_events including defaults)`),
        );
        await tx.execute(
          sql.raw(
            `with moved as (delete from analytics_events_default where received_at >= '${day}T00:00:00Z' and received_at < '${next}T00:00:00Z' returning *) insert into "${name}" select * from moved`,
          ),
        );
        await tx.execute(
          sql.raw(`alter table analytics_events attach partition "${name}" for values ${range}`),
        );
      }
    });
  }
  await db
    .delete(t.analyticsEvents)
    .where(sql`${t.analyticsEvents.receivedAt} < ${`${firstKept}T00:00:00Z`}::timestamptz`);
}

/**
 * Runs `keepAnalyticsRetention` at start and then hourly on this server (every server does:
 * the work is idempotent), until stopped.
 */
export function startAnalyticsRetention(
  store: Store,
  options: { intervalMs?: number; log?: (line: Record<string, unknown>) => void } = {},
): { stop: () => Promise<void> } {
  let running: Promise<void> | undefined;
  const pass = () => {
    if (running) return;
    running = keepAnalyticsRetention(store)
      .catch((error: unknown) =>
        options.log?.({
          level: "warn",
          msg: "analytics retention failed",
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => {
        running = undefined;
      });
  };
  pass();
  const timer = setInterval(pass, options.intervalMs ?? 3600_000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
