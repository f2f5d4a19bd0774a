import { Hono, type Context } from "hono";
import type { GiftToBasket } from "../../contract/generated/gift.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import {
  checkGift,
  createGift,
  giftableLicences,
  giftItems,
  GIFT_PERIODS,
  redeemGift,
  type GiftCodeProblem,
} from "../commerce/gifts.ts";
import { refundAttempt, type RateLimit } from "../identity/rate-limit.ts";
import { readTerritory } from "../playback/access.ts";
import { accountOf, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import { clientAddress } from "./client-address.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { limit, normalEmail } from "./identity/shared.ts";
import { viewerBasket } from "./basket.ts";

/**
 * Gifting (spec sections 2, 3 and 7, gifts v4), in realms whose `gifting` is ENABLED: the gift
 * items, a gift put in the basket (paid through `/v4/basket/pay` with its `gift` id), and a
 * gift code checked and redeemed. Elsewhere every call answers 404 GIFTING_DISABLED.
 */
export const gifts = new Hono<PlatformEnv>();

/** Codes tried per address: enough for typos, far too few to find someone else's code. */
export const GIFT_CODE_GUESSES: RateLimit = { limit: 20, windowSeconds: 15 * 60 };

const PROBLEM_STATUS: Record<GiftCodeProblem, 404 | 409 | 410> = {
  GIFT_CODE_UNKNOWN: 404,
  GIFT_CODE_USED: 409,
  GIFT_CODE_EXPIRED: 410,
};

// Only its own paths: this router is mounted at v4's root, beside the others.
for (const path of ["/gifts", "/add-gift-to-basket/*", "/redeem-gift/*"]) {
  gifts.use(path, async (c, next) => {
    if ((c.get("realm").settings as Pick<RealmSettings, "gifting">).gifting !== "ENABLED") {
      throw new ApiError(404, "GIFTING_DISABLED", "This realm does not offer gifts");
    }
    await next();
  });
  gifts.use(path, authenticate);
}

function countryOf(c: Context<PlatformEnv>): string | undefined {
  const country = c.req.query("countryCode");
  if (country === undefined || country === "") return undefined;
  const read = readTerritory(country);
  if (!read) {
    throw badRequest(
      "INVALID_QUERY",
      "Query parameter 'countryCode' must be an ISO 3166-1 alpha-2 code",
    );
  }
  return read;
}

/** `GET /v4/gifts?countryCode=`: what can be given, priced for the country. */
gifts.get("/gifts", (c) => {
  c.header("Cache-Control", "private, no-store");
  return c.json({ items: giftItems(c.get("realm").licences, countryOf(c)) });
});

/**
 * `POST /v4/add-gift-to-basket/{licenceId}?countryCode=`: a gift for `recipientEmail` of
 * `options.numberOfPeriods.value` periods, waiting to be paid; answers its id and its basket.
 */
gifts.post("/add-gift-to-basket/:licenceId", requireAccount, async (c) => {
  const request = await readObject<GiftToBasket>(c.req.raw);
  const country = countryOf(c);
  const licence = giftableLicences(c.get("realm").licences).find(
    (l) => l.id === c.req.param("licenceId"),
  );
  if (!licence) throw notFound("Gift item");
  const email = normalEmail(request.recipientEmail);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw new ApiError(
      400,
      "INVALID_EMAIL",
      "'recipientEmail' is not an e-mail address",
      undefined,
      "/recipientEmail",
    );
  }
  const periods = request.options.numberOfPeriods.value;
  if (periods < GIFT_PERIODS.min || periods > GIFT_PERIODS.max) {
    throw new ApiError(
      400,
      "INVALID_BODY",
      `'numberOfPeriods' runs from ${GIFT_PERIODS.min} to ${GIFT_PERIODS.max}`,
      undefined,
      "/options/numberOfPeriods/value",
    );
  }
  const user = await accountOf(c);
  const gift = await createGift(c.get("store").db, {
    realm: c.get("realm").name,
    giverId: user.id,
    licenceId: licence.id,
    periods,
    recipientEmail: email,
    note: (request.note ?? "").trim(),
  });
  const { basket } = await viewerBasket(c, { licence: licence.id, country, gift: gift.id });
  c.header("Cache-Control", "private, no-store");
  return c.json({ giftId: gift.id, licenceId: licence.id, basket }, 201);
});

/**
 * Every code checked or redeemed is counted against the caller's address, like the other
 * guess counters; a code that turns out to be real is given back.
 */
async function countGuess(c: Context<PlatformEnv>): Promise<() => Promise<void>> {
  const key = `gift-code:${c.get("realm").name}:${clientAddress(c)}`;
  await limit(c, key, GIFT_CODE_GUESSES);
  return () => refundAttempt(c.get("store").db, key);
}

function refuse(problem: GiftCodeProblem): never {
  const message = {
    GIFT_CODE_UNKNOWN: "No gift has this code",
    GIFT_CODE_USED: "This gift code has been redeemed already",
    GIFT_CODE_EXPIRED: "This gift code has expired",
  }[problem];
  throw new ApiError(PROBLEM_STATUS[problem], problem, message);
}

/** `GET /v4/redeem-gift/{code}`: what the code gives. */
gifts.get("/redeem-gift/:code", async (c) => {
  const refund = await countGuess(c);
  const realm = c.get("realm");
  const check = await checkGift(
    c.get("store").db,
    realm.name,
    c.req.param("code"),
    realm.licences,
    new Date(),
  );
  if (!check.ok) {
    if (check.problem !== "GIFT_CODE_UNKNOWN") await refund();
    refuse(check.problem);
  }
  await refund();
  c.header("Cache-Control", "private, no-store");
  return c.json(check.gift);
});

/** `POST /v4/redeem-gift/{code}`: the gift into the signed-in account, once. */
gifts.post("/redeem-gift/:code", requireAccount, async (c) => {
  const refund = await countGuess(c);
  const realm = c.get("realm");
  const user = await accountOf(c);
  const redeemed = await redeemGift(c.get("store").db, {
    realm: realm.name,
    code: c.req.param("code"),
    userId: user.id,
    licences: realm.licences,
    now: new Date(),
  });
  if (!redeemed.ok) {
    if (redeemed.problem !== "GIFT_CODE_UNKNOWN") await refund();
    refuse(redeemed.problem);
  }
  await refund();
  c.header("Cache-Control", "private, no-store");
  return c.json({
    licenceId: redeemed.gift.licenceId,
    numberOfPeriods: redeemed.gift.periods,
    entitlements: redeemed.entitlements.map((e) => ({
      licence: e.licence,
      startsAt: e.startsAt.toISOString(),
      endsAt: e.endsAt.toISOString(),
    })),
  });
});
