import { Hono, type Context } from "hono";
import type { AnalyticsBatch } from "../../contract/generated/analytics.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { ANALYTICS_RATE, batchProblem, eventsIdentity, storeBatch } from "../analytics/ingest.ts";
import { analyticsSummary, MAX_SUMMARY_DAYS } from "../analytics/summary.ts";
import { countAttempt } from "../identity/rate-limit.ts";
import { authenticate, requireRole } from "./auth.ts";
import { clientAddress } from "./client-address.ts";
import type { PlatformEnv } from "./context.ts";
import { readJson, requireJsonBody } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";

export const analytics = new Hono<PlatformEnv>();

/**
 * `POST /analytics/events`: a batch of one device's events. The body has passed the
 * contract's schema (validate-body.ts) and its size limit (server/body-limit.ts); each event
 * is checked against spec section 8's rules, the device's uploads are counted, and the batch
 * is stored in one insert before the 202, under the session's account (if any), not the
 * batch's `userId`.
 */
analytics.post("/analytics/events", requireJsonBody, authenticate, async (c) => {
  const batch = (await readJson(c.req.raw)) as AnalyticsBatch;
  const problem = batchProblem(batch);
  if (problem) {
    throw new ApiError(400, "INVALID_BODY", problem.message, undefined, `/events/${problem.index}`);
  }
  const realm = c.get("realm").name;
  const deviceId = c.get("deviceId") ?? null;
  const { db } = c.get("store");
  // Per device; a client that names none is counted by its address.
  const verdict = await countAttempt(
    db,
    `analytics:${realm}:${deviceId ?? `address:${clientAddress(c)}`}`,
    ANALYTICS_RATE,
  );
  if (!verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    throw new ApiError(
      429,
      "TOO_MANY_ATTEMPTS",
      `Too many analytics uploads; try again in ${verdict.retryAfterSeconds} second(s)`,
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
  const settings = c.get("realm").settings as Pick<RealmSettings, "analyticsEmailIdentity">;
  const identity = await eventsIdentity(db, c.get("viewer"), settings.analyticsEmailIdentity);
  await storeBatch(db, realm, deviceId, identity, batch);
  return c.body(null, 202);
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

/** A `YYYY-MM-DD` query parameter that is a real date, else the fallback. */
function dateParam(c: Context<PlatformEnv>, name: string, fallback: string): string {
  const value = c.req.query(name);
  if (value === undefined || value === "") return fallback;
  if (!DATE.test(value) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw badRequest("INVALID_QUERY", `Query parameter '${name}' must be a date (YYYY-MM-DD)`);
  }
  return value;
}

/**
 * `GET /admin/analytics?from=&to=` (UTC days, both included; the last 7 days by default, at
 * most MAX_SUMMARY_DAYS): the realm's figures, for its admins.
 */
analytics.get("/admin/analytics", authenticate, requireRole("ADMIN"), async (c) => {
  const today = new Date().toISOString().slice(0, 10);
  const to = dateParam(c, "to", today);
  const from = dateParam(
    c,
    "from",
    new Date(Date.parse(`${to}T00:00:00Z`) - 6 * DAY_MS).toISOString().slice(0, 10),
  );
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) throw badRequest("INVALID_QUERY", "'from' must not be after 'to'");
  if (days > MAX_SUMMARY_DAYS) {
    throw badRequest("INVALID_QUERY", `A range is at most ${MAX_SUMMARY_DAYS} days`);
  }
  c.header("Cache-Control", "private, no-store");
  return c.json(await analyticsSummary(c.get("store").db, c.get("realm").name, from, to));
});
