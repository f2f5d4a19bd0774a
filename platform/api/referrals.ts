import { Hono } from "hono";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { badRequest } from "./errors.ts";
import { readJson, requireClient, requireJsonBody } from "./contract.ts";

export const referrals = new Hono<PlatformEnv>();

/** Referral data is kept for 90 days, like the click identifiers it comes with. */
const REFERRAL_TTL_MS = 90 * 24 * 3600 * 1000;
const ID_PATTERN = /^[\w.~-]{1,200}$/;

/**
 * `POST {api v1}/session`: stores a marketing referral (`esrefid` as `referralExid`, `esclkid`
 * as `clickId`, plus string extras) and answers with the stored record and its expiry.
 */
referrals.post("/session", requireClient, requireJsonBody, async (c) => {
  const body = await readJson(c.req.raw);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw badRequest("INVALID_BODY", "The body must be a JSON object");
  }
  const { referralExid, clickId, ...rest } = body as Record<string, unknown>;
  if (typeof referralExid !== "string" || !ID_PATTERN.test(referralExid)) {
    throw badRequest(
      "INVALID_BODY",
      "'referralExid' must be a string of 1 to 200 URL-safe characters",
    );
  }
  if (clickId !== undefined && (typeof clickId !== "string" || !ID_PATTERN.test(clickId))) {
    throw badRequest("INVALID_BODY", "'clickId' must be a string of 1 to 200 URL-safe characters");
  }
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) {
    if (typeof value !== "string" || value.length > 500 || Object.keys(extra).length >= 20) {
      throw badRequest(
        "INVALID_BODY",
        `Extra field '${key}' must be a string of at most 500 characters (20 fields at most)`,
      );
    }
    extra[key] = value;
  }
  const now = new Date();
  const [row] = await c
    .get("store")
    .db.insert(t.referrals)
    .values({
      realm: c.get("realm").name,
      referralId: referralExid,
      clickId: clickId ?? null,
      deviceId: c.get("deviceId") ?? null,
      extra,
      createdAt: now,
      expiresAt: new Date(now.getTime() + REFERRAL_TTL_MS),
    })
    .returning();
  return c.json(
    {
      id: row!.id,
      realm: row!.realm,
      esrefid: row!.referralId,
      esclkid: row!.clickId,
      createdAt: row!.createdAt.toISOString(),
      expiresAt: row!.expiresAt.toISOString(),
    },
    201,
  );
});
