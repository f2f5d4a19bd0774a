import { sql } from "drizzle-orm";
import { bigint, boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Analytics events as the ingest took them (spec section 3). On PostgreSQL the table is
 * partitioned by day of `receivedAt` (migration 0031), so retention drops whole days; on
 * PGlite it is one table and retention deletes rows. No primary key: a partitioned table's
 * key would have to hold the day, and nothing looks an event up by itself.
 */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity().notNull(),
    realm: text("realm").notNull(),
    deviceId: text("device_id"),
    /** The signed-in account, from the upload's session (never from the batch). */
    userId: text("user_id"),
    /** The account's e-mail, where the realm's e-mail identity covers the acting profile. */
    email: text("email"),
    name: text("name").notNull(),
    type: text("type").notNull(),
    route: text("route").notNull(),
    attributes: jsonb("attributes").$type<Record<string, string>>().notNull().default({}),
    sandbox: boolean("sandbox").notNull().default(false),
    /** When the client says it happened; the figures go by `receivedAt`, which it cannot set. */
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index("analytics_events_realm_received_idx").on(t.realm, t.receivedAt)],
);
