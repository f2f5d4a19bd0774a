import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { badRequest, notFound } from "./errors.ts";

/** Published composed pages and sections: the newest version of each is live. */
export const pages = new Hono<PlatformEnv>();

const NAME = /^[a-z0-9][a-z0-9-]{1,79}$/;

pages.get("/page/:key", async (c) => {
  const key = c.req.param("key");
  if (!NAME.test(key))
    throw badRequest("INVALID_ID", `'${key.slice(0, 40)}' is not a valid page key`);
  const [row] = await c
    .get("store")
    .db.select()
    .from(t.composedPages)
    .where(and(eq(t.composedPages.realm, c.get("realm").name), eq(t.composedPages.pageKey, key)))
    .orderBy(desc(t.composedPages.version))
    .limit(1);
  if (!row) throw notFound(`Page '${key}'`);
  return c.json({
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    document: row.document,
  });
});

pages.get("/section/:name", async (c) => {
  const name = c.req.param("name");
  if (!NAME.test(name))
    throw badRequest("INVALID_ID", `'${name.slice(0, 40)}' is not a valid section name`);
  const [row] = await c
    .get("store")
    .db.select()
    .from(t.sections)
    .where(and(eq(t.sections.realm, c.get("realm").name), eq(t.sections.name, name)))
    .orderBy(desc(t.sections.version))
    .limit(1);
  if (!row) throw notFound(`Section '${name}'`);
  return c.json({
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    document: row.document,
  });
});
