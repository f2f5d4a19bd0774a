import { and, desc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { badRequest, notFound } from "./errors.ts";

/** Published composed pages and sections: the newest version of each is live. */
export const pages = new Hono<PlatformEnv>();

const NAME = /^[a-z0-9][a-z0-9-]{1,79}$/;

const KINDS = {
  page: {
    table: t.composedPages,
    column: t.composedPages.pageKey,
    label: "page key",
    what: "Page",
  },
  section: { table: t.sections, column: t.sections.name, label: "section name", what: "Section" },
} as const;

async function latestPublished(c: Context<PlatformEnv>, kind: keyof typeof KINDS, key: string) {
  const { table, column, label, what } = KINDS[kind];
  if (!NAME.test(key))
    throw badRequest("INVALID_ID", `'${key.slice(0, 40)}' is not a valid ${label}`);
  const [row] = await c
    .get("store")
    .db.select({ version: table.version, publishedAt: table.publishedAt, document: table.document })
    .from(table)
    .where(and(eq(table.realm, c.get("realm").name), eq(column, key)))
    .orderBy(desc(table.version))
    .limit(1);
  if (!row) throw notFound(`${what} '${key}'`);
  return c.json({
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    document: row.document,
  });
}

pages.get("/page/:key", (c) => latestPublished(c, "page", c.req.param("key")));
pages.get("/section/:name", (c) => latestPublished(c, "section", c.req.param("name")));
