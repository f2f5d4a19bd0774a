import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import * as t from "../store/schema.ts";
import type { Store } from "../store/store.ts";
import { pickWidth, WebpRenderer } from "./images/webp.ts";

/**
 * `/images/{id}.webp?w=WIDTH`: stored artwork rendered to WebP at an allowed width. Widths are
 * rounded up to a fixed set so a client cannot make us render (and cache) arbitrary sizes.
 */
export function imageRoutes(store: Store, renderer = new WebpRenderer()) {
  const app = new Hono();
  app.get("/:path{.+\\.webp}", async (c) => {
    const id = c.req.param("path").replace(/\.webp$/, "");
    const requested = c.req.query("w");
    if (requested !== undefined && !/^\d{1,5}$/.test(requested)) {
      return c.json(
        {
          status: 400,
          code: "INVALID_QUERY",
          messages: ["Query parameter 'w' must be a whole number"],
        },
        400,
      );
    }
    const [image] = await store.db.select().from(t.images).where(eq(t.images.id, id));
    if (!image)
      return c.json({ status: 404, code: "NOT_FOUND", messages: ["Image was not found"] }, 404);
    const width = pickWidth(requested === undefined ? undefined : Number(requested), image.width);
    const etag = `"${createHash("sha1").update(image.source).update(String(width)).digest("base64url")}"`;
    c.header("ETag", etag);
    c.header("Cache-Control", "public, max-age=604800, stale-while-revalidate=86400");
    if (c.req.header("If-None-Match") === etag) return c.body(null, 304);
    const webp = await renderer.render(`${id}:${etag}`, image.source, width);
    c.header("Content-Type", "image/webp");
    return c.body(new Uint8Array(webp));
  });
  return app;
}
