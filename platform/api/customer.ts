import { Hono } from "hono";
import { CANCELLATION_PROMO_KEY } from "../../schemas/document-kinds.ts";
import {
  acceptPriceMigration,
  heldLicences,
  paymentHistory,
  setCancelled,
  SubscriptionRefused,
} from "../commerce/held-licences.ts";
import { latestVersion } from "../documents/versions.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, notFound } from "./errors.ts";
import { readPage, storedNumber } from "./pagination.ts";
import { CARDS_PER_PAGE, PAYMENT_HISTORY_PER_PAGE } from "../../contract/page-sizes.ts";
import { makeDefaultCard, removeCard, savedCards } from "../commerce/saved-cards.ts";

/** What the account bought and paid (spec sections 2 and 7: the account page), on v2. */
export const customer = new Hono<PlatformEnv>();

/** `GET /user/subscriptions`: the licences the account holds or held. */
customer.get("/user/subscriptions", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  c.header("Cache-Control", "private, no-store");
  const items = await heldLicences(c.get("store").db, user.id, c.get("realm").licences, new Date());
  return c.json({ items });
});

/** `POST /customer/history/payment?rpp=10&p={page}` (no body): the account's payments. */
customer.post("/customer/history/payment", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const page = readPage((name) => c.req.query(name), PAYMENT_HISTORY_PER_PAGE, 50);
  c.header("Cache-Control", "private, no-store");
  return c.json(await paymentHistory(c.get("store").db, user.realm, user.id, page));
});

/** `GET /customer/cards?rpp=20&p={page}`: the cards the account has paid with. */
customer.get("/customer/cards", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const page = readPage((name) => c.req.query(name), CARDS_PER_PAGE, 100);
  c.header("Cache-Control", "private, no-store");
  return c.json(await savedCards(c.get("store").db, user.id, page));
});

/** `DELETE /customer/cards/{id}`: removes one of the account's cards. */
customer.delete("/customer/cards/:id", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const id = storedNumber(c.req.param("id"));
  if (id === null || !(await removeCard(c.get("store").db, user.id, id))) {
    throw notFound("The card");
  }
  return c.body(null, 204);
});

/** `POST /customer/cards/{id}/default` (no body): makes one of the account's cards its default. */
customer.post("/customer/cards/:id/default", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const id = storedNumber(c.req.param("id"));
  if (id === null || !(await makeDefaultCard(c.get("store").db, user.id, id))) {
    throw notFound("The card");
  }
  return c.body(null, 204);
});

for (const [action, cancel] of [
  ["cancel", true],
  ["reactivate", false],
] as const) {
  /**
   * `POST /user/subscriptions/{orderId}/cancel` and `.../reactivate`: a subscription stops
   * renewing, or renews again, while its paid period runs (404 `SUBSCRIPTION_NOT_FOUND` for
   * anything but the account's own subscription, 409 `SUBSCRIPTION_ENDED` once it is over).
   */
  customer.post(
    `/user/subscriptions/:orderId/${action}`,
    authenticate,
    requireAccount,
    async (c) => {
      refuseChildProfile(c);
      const user = await accountOf(c);
      try {
        const subscription = await setCancelled(
          c.get("store").db,
          user.realm,
          user.id,
          c.req.param("orderId"),
          cancel,
          c.get("realm").licences,
          new Date(),
        );
        return c.json(subscription);
      } catch (error) {
        if (!(error instanceof SubscriptionRefused)) throw error;
        throw error.code === "SUBSCRIPTION_ENDED"
          ? new ApiError(409, error.code, "This subscription has ended")
          : new ApiError(404, error.code, "No such subscription");
      }
    },
  );
}

/**
 * `POST /user/subscriptions/{orderId}/price-migration/accept` (no body): the subscriber accepts
 * the upcoming price (404 for anything but the account's own subscription, 409
 * `NO_PRICE_MIGRATION` without one, `PRICE_MIGRATION_CLOSED` after its consent deadline,
 * `SUBSCRIPTION_ENDED` once over). Accepting again answers the same.
 */
customer.post(
  "/user/subscriptions/:orderId/price-migration/accept",
  authenticate,
  requireAccount,
  async (c) => {
    refuseChildProfile(c);
    const user = await accountOf(c);
    try {
      return c.json(
        await acceptPriceMigration(
          c.get("store").db,
          user.realm,
          user.id,
          c.req.param("orderId"),
          c.get("realm").licences,
          new Date(),
        ),
      );
    } catch (error) {
      if (!(error instanceof SubscriptionRefused)) throw error;
      if (error.code === "SUBSCRIPTION_NOT_FOUND") {
        throw new ApiError(404, error.code, "No such subscription");
      }
      throw new ApiError(409, error.code, error.message);
    }
  },
);

/** `GET /cancellation-promo`: the offer shown before a cancellation, as the realm published it. */
customer.get("/cancellation-promo", async (c) => {
  const published = await latestVersion(c.get("store").db, c.get("realm").name, {
    kind: "promo",
    key: CANCELLATION_PROMO_KEY,
  });
  if (!published) throw notFound("The cancellation promo");
  return c.json(published.document);
});
