import { index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { realms } from "./realms.ts";

/**
 * Errors the web app met in viewers' browsers, as reported (sampled) by them: read by the
 * realm's admins grouped by message and release, kept for CLIENT_ERROR_RETENTION_DAYS.
 */
export const clientErrors = pgTable(
  "client_errors",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    release: text("release").notNull(),
    /** error, unhandledrejection, boundary, playback or chunk. */
    kind: text("kind").notNull(),
    name: text("name").notNull(),
    message: text("message").notNull(),
    stack: text("stack"),
    path: text("path").notNull(),
    context: jsonb("context"),
    userAgent: text("user_agent"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("client_errors_realm_created_idx").on(t.realm, t.createdAt)],
);
