import { boolean, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { Licence } from "../../../schemas/generated/licence.ts";
import { createdAt, updatedAt } from "./columns.ts";

/* Tenants: a realm, the API keys that name it and the domains it answers on. */

/** A tenant. `settings` and `theme` are validated against schemas/ on every write. */
export const realms = pgTable("realms", {
  name: text("name").primaryKey(),
  fullName: text("full_name").notNull(),
  defaultLocale: text("default_locale").notNull(),
  languages: jsonb("languages").$type<string[]>().notNull(),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
  theme: jsonb("theme").$type<Record<string, unknown>>().notNull(),
  logoImageId: text("logo_image_id"),
  /** The realm's own wording of label keys, per language, over the app's translations. */
  labels: jsonb("labels").$type<Record<string, Record<string, string>>>().notNull().default({}),
  /** Content keys of the home hero, in order; empty means the featured items. */
  heroKeys: jsonb("hero_keys").$type<string[]>().notNull().default([]),
  /** What viewers can buy (schemas/licence.schema.json), validated with the realm's config. */
  licences: jsonb("licences").$type<Licence[]>().notNull().default([]),
  /** Relative times in seed files are anchored here, so re-seeding changes nothing. */
  seededAt: timestamp("seeded_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Public client keys: they identify the calling app, they do not grant authority. */
export const realmApiKeys = pgTable(
  "realm_api_keys",
  {
    key: text("key").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    label: text("label").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("realm_api_keys_realm_idx").on(t.realm)],
);

export const realmDomains = pgTable(
  "realm_domains",
  {
    domain: text("domain").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    preferred: boolean("preferred").notNull().default(false),
  },
  (t) => [index("realm_domains_realm_idx").on(t.realm)],
);
