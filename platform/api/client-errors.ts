import { and, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import { Hono } from "hono";
import type {
  ClientErrorBatch,
  ClientErrorGroups,
} from "../../contract/generated/client-errors.ts";
import { countAttempt } from "../identity/rate-limit.ts";
import * as t from "../store/schema.ts";
import { authenticate, requireRole } from "./auth.ts";
import { readObject } from "./body.ts";
import { clientAddress } from "./client-address.ts";
import type { PlatformEnv } from "./context.ts";
import { requireJsonBody } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";

/** How long a report is kept. */
export const CLIENT_ERROR_RETENTION_DAYS = 30;
/** Batches a browser may send: a page that fails in a loop must not fill the store. */
const REPORT_RATE = { limit: 30, windowSeconds: 10 * 60 };
/** The longest range the admin view groups over. */
const MAX_RANGE_DAYS = 90;
const DAY_MS = 86_400_000;

/**
 * Browser error tracing (spec section 9): `POST /client-errors` takes sampled reports from the
 * web app, `GET /admin/client-errors` shows them to the realm's admins grouped by message and
 * release.
 */
export const clientErrors = new Hono<PlatformEnv>();

clientErrors.post("/client-errors", requireJsonBody, async (c) => {
  const { reports } = await readObject<ClientErrorBatch>(c.req.raw);
  const realm = c.get("realm").name;
  const sender = c.get("deviceId") ?? clientAddress(c);
  const { db } = c.get("store");
  const verdict = await countAttempt(db, `client-errors:${realm}:${sender}`, REPORT_RATE);
  if (!verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    throw new ApiError(429, "TOO_MANY_ATTEMPTS", "Too many error reports; try again later", {
      retryAfterSeconds: verdict.retryAfterSeconds,
    });
  }
  const userAgent = c.req.header("User-Agent")?.slice(0, 500) ?? null;
  await db.insert(t.clientErrors).values(
    reports.map((report) => ({
      realm,
      release: report.release,
      kind: report.kind,
      name: report.name,
      message: report.message,
      stack: report.stack ?? null,
      path: report.path,
      context: report.context ?? null,
      userAgent,
      occurredAt: new Date(report.occurredAt),
    })),
  );
  // Retention: one indexed statement, a no-op on almost every call.
  await db
    .delete(t.clientErrors)
    .where(
      and(
        eq(t.clientErrors.realm, realm),
        lt(
          t.clientErrors.createdAt,
          sql`now() - make_interval(days => ${CLIENT_ERROR_RETENTION_DAYS})`,
        ),
      ),
    );
  return c.json({ accepted: reports.length }, 202);
});

/** A `from`/`to` query value: an ISO date or date-time; 400 INVALID_DATE otherwise. */
function dateParam(value: string | undefined, fallback: Date, name: string): Date {
  if (value === undefined || value === "") return fallback;
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw badRequest("INVALID_DATE", `'${name}' must be an ISO date`);
  }
  return date;
}

clientErrors.get("/admin/client-errors", authenticate, requireRole("ADMIN"), async (c) => {
  const now = new Date();
  const to = dateParam(c.req.query("to"), now, "to");
  const from = dateParam(c.req.query("from"), new Date(to.getTime() - 7 * DAY_MS), "from");
  if (from > to || to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) {
    throw badRequest("INVALID_DATE", `'from' must be before 'to', at most ${MAX_RANGE_DAYS} days`);
  }
  const e = t.clientErrors;
  const latest = sql<number>`max(${e.id})`;
  const groups = await c
    .get("store")
    .db.select({
      message: e.message,
      name: e.name,
      release: e.release,
      kinds: sql<string[]>`array_agg(distinct ${e.kind} order by ${e.kind})`,
      count: sql<number>`count(*)::int`,
      firstSeen: sql<string>`min(${e.occurredAt})`,
      lastSeen: sql<string>`max(${e.occurredAt})`,
      latest,
    })
    .from(e)
    .where(and(eq(e.realm, c.get("realm").name), gte(e.createdAt, from), lte(e.createdAt, to)))
    .groupBy(e.message, e.name, e.release)
    .orderBy(desc(sql`count(*)`), desc(latest))
    .limit(100);
  const samples =
    groups.length === 0
      ? []
      : await c
          .get("store")
          .db.select({ id: e.id, path: e.path, stack: e.stack })
          .from(e)
          .where(sql`${e.id} in ${groups.map((group) => Number(group.latest))}`);
  const sampleOf = new Map(samples.map((row) => [row.id, row]));
  const iso = (value: string | Date) => new Date(value).toISOString();
  const answer: ClientErrorGroups = {
    from: from.toISOString(),
    to: to.toISOString(),
    groups: groups.map(({ latest: id, ...group }) => ({
      ...group,
      firstSeen: iso(group.firstSeen),
      lastSeen: iso(group.lastSeen),
      path: sampleOf.get(Number(id))?.path ?? "",
      stack: sampleOf.get(Number(id))?.stack ?? null,
    })),
  };
  c.header("Cache-Control", "private, no-store");
  return c.json(answer);
});
