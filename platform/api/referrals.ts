import type { ReferralSession } from "../../contract/generated/referral-session.ts";
import { Hono } from "hono";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { readJson, requireClient, requireJsonBody } from "./contract.ts";

export const referrals = new Hono<PlatformEnv>();

/** Referral data is kept for 90 days, like the click identifiers it comes with. */
const REFERRAL_TTL_MS = 90 * 24 * 3600 * 1000;

/**
 * `POST {api v1}/session`: stores a marketing referral (`esrefid` as `referralExid`, `esclkid`
 * as `clickId`, plus string extras) and answers with the stored record and its expiry.
 */
referrals.post("/", requireClient, requireJsonBody, async (c) => {
  const { referralExid, clickId, ...extra } = (await readJson(c.req.raw)) as ReferralSession;
  const now = new Date();
  const [row] = await c
    .get("store")
    .db.insert(t.referrals)
    .values({
      realm: c.get("realm").name,
      referralId: referralExid,
      clickId: clickId ?? null,
      deviceId: c.get("deviceId") ?? null,
      extra: extra as Record<string, string>,
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
