import { integer, jsonb, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, publication } from "./columns.ts";
import { realms } from "./realms.ts";

/* Published config documents (menus, composed pages, sections, promos) and their drafts. */

/** Published menu versions per target platform; the highest version is live. */
export const menus = pgTable(
  "menus",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    targetPlatform: text("target_platform").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    ...publication(),
  },
  (t) => [uniqueIndex("menus_realm_platform_version_idx").on(t.realm, t.targetPlatform, t.version)],
);

/** Published composed-page versions (home, browse, grid, plugin pages...). */
export const composedPages = pgTable(
  "composed_pages",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    pageKey: text("page_key").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    ...publication(),
  },
  (t) => [uniqueIndex("composed_pages_realm_key_version_idx").on(t.realm, t.pageKey, t.version)],
);

/** Published section versions (`/section/{name}`). */
export const sections = pgTable(
  "sections",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    ...publication(),
  },
  (t) => [uniqueIndex("sections_realm_name_version_idx").on(t.realm, t.name, t.version)],
);

/** Published cancellation-promo versions (`name` is "cancellation"); the newest is live. */
export const promos = pgTable(
  "promos",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    ...publication(),
  },
  (t) => [uniqueIndex("promos_realm_name_version_idx").on(t.realm, t.name, t.version)],
);

/**
 * One unpublished draft per document (page, section, menu or promo). Only valid documents are
 * stored: a refused write leaves the previous draft as it was.
 */
export const drafts = pgTable(
  "drafts",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    /** Storage kind: page, section, menu or promo. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    /** The published version the draft was started from, if any. */
    baseVersion: integer("base_version"),
    updatedBy: integer("updated_by"),
    /** The published version this draft was restored from (kept through later saves). */
    restoredFrom: integer("restored_from"),
    /** Counts the draft's saves: its ETag, so a save over someone else's newer one is refused. */
    revision: integer("revision").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("drafts_realm_kind_key_idx").on(t.realm, t.kind, t.key)],
);
