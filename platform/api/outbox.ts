import { count, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as t from "../store/schema.ts";
import { authenticate, requireRole } from "./auth.ts";
import type { PlatformEnv } from "./context.ts";
import { readPage, resultSet } from "./pagination.ts";

/** `GET /admin/outbox`: the realm's outgoing email, newest first, for its admins. */
export const outbox = new Hono<PlatformEnv>();

outbox.get("/", authenticate, requireRole("ADMIN"), async (c) => {
  const page = readPage((name) => c.req.query(name), 20, 100);
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: t.outbox.id,
        recipient: t.outbox.recipient,
        kind: t.outbox.kind,
        subject: t.outbox.subject,
        body: t.outbox.body,
        createdAt: t.outbox.createdAt,
        sentAt: t.outbox.sentAt,
        attempts: t.outbox.attempts,
        lastError: t.outbox.lastError,
      })
      .from(t.outbox)
      .where(eq(t.outbox.realm, realm))
      .orderBy(desc(t.outbox.createdAt), desc(t.outbox.id))
      .limit(page.rpp)
      .offset(page.offset),
    db.select({ n: count() }).from(t.outbox).where(eq(t.outbox.realm, realm)),
  ]);
  return c.json(resultSet(rows, total?.n ?? 0, page));
});
