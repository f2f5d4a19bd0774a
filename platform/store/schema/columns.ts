import { integer, text, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Who published a version, why (the note asked for at publishing) and, for a restore, which version it copies. */
export const publication = () => ({
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  /** The admin who published it; null for versions written by the seed. */
  publishedBy: integer("published_by"),
  restoredFrom: integer("restored_from"),
  /** The publisher's note; null for versions written by the seed or before notes were asked. */
  note: text("note"),
});
