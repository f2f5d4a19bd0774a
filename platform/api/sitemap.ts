import { desc, eq, max } from "drizzle-orm";
import { Hono } from "hono";
import type { SitemapListing } from "../../contract/generated/sitemap-listing.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { PlatformEnv } from "./context.ts";

export const sitemap = new Hono<PlatformEnv>();

/** Sitemaps hold at most 50,000 URLs; no realm comes near this per type. */
const MAX_PER_TYPE = 10_000;

const CONTENT = {
  VIDEO: t.videos,
  EVENT: t.events,
  PLAYLIST: t.playlists,
  SERIES: t.series,
  SEASON: t.seasons,
  NEWS: t.news,
} as const;
type ContentType = keyof typeof CONTENT;

/**
 * What a realm has published, for its sitemap: pages and sections with a live version, and its
 * catalogue. Which of it has a public page is the client's business (it knows its routes).
 */
sitemap.get("/", async (c) => {
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const [pages, sections, ...items] = await Promise.all([
    published(db, t.composedPages, t.composedPages.pageKey, realm),
    published(db, t.sections, t.sections.name, realm),
    ...(Object.keys(CONTENT) as ContentType[]).map((type) => contentOf(db, type, realm)),
  ]);
  const body: SitemapListing = { pages, sections, items: items.flat() };
  c.header("Cache-Control", "no-cache");
  return c.json(body);
});

async function published(
  db: Db,
  table: typeof t.composedPages | typeof t.sections,
  keyColumn: typeof t.composedPages.pageKey | typeof t.sections.name,
  realm: string,
) {
  const rows = await db
    .select({ key: keyColumn, updatedAt: max(table.publishedAt) })
    .from(table)
    .where(eq(table.realm, realm))
    .groupBy(keyColumn)
    .orderBy(keyColumn);
  return rows.map((row) => ({ key: row.key, updatedAt: isoOf(row.updatedAt) }));
}

async function contentOf(db: Db, type: ContentType, realm: string) {
  const table = CONTENT[type];
  const rows = await db
    .select({ id: table.id, updatedAt: table.updatedAt })
    .from(table)
    .where(eq(table.realm, realm))
    .orderBy(desc(table.updatedAt), table.id)
    .limit(MAX_PER_TYPE);
  return rows.map((row) => ({ type, id: row.id, updatedAt: isoOf(row.updatedAt) }));
}

/** Aggregates come back as strings from some drivers and as dates from others. */
function isoOf(value: Date | string | null): string {
  return new Date(value ?? 0).toISOString();
}
