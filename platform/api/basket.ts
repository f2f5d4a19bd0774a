import { and, eq, inArray } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { Basket } from "../../contract/generated/basket.ts";
import type { BasketPayment } from "../../contract/generated/order.ts";
import {
  BasketError,
  priceBasket,
  type PaymentProviderSetting,
  type TaxRules,
} from "../commerce/basket.ts";
import { postalCodeProblem } from "../../contract/postal-address.ts";
import { findOrder, OrderRefused, orderView, placeOrder } from "../commerce/orders.ts";
import { chargesIn, paymentAdapter } from "../commerce/payment-adapters.ts";
import { findGift } from "../commerce/gifts.ts";
import { findVoucher } from "../commerce/voucher-store.ts";
import { licencesIn } from "../commerce/partitions.ts";
import { withContentIds } from "../commerce/pay-per-view.ts";
import { safeRedirectPath } from "../../contract/safe-path.ts";
import { readTerritory } from "../playback/access.ts";
import * as t from "../store/schema.ts";
import { accountOf, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { publicUrl } from "./identity/shared.ts";

/** Checkout's basket and paying it (spec section 7, v4 basket and pay basket). */
export const basket = new Hono<PlatformEnv>();

basket.use("*", authenticate, requireAccount);

/**
 * `GET /v4/basket?licence={id}[&voucher={code}][&country={CC}][&gift={id}]`: the realm's licence priced for
 * the viewer's country (the one given, else the edge's territory header; unknown: the realm's
 * estimated tax), with the voucher when it is one of the realm's and applies, and no trial for
 * an account that holds or held what the licence grants. With `gift` (a gift this account put
 * in the basket), the licence's price times the gift's periods, all now: no trial, no voucher. Nothing is kept: a basket is worked
 * out again on every call, so it always shows the prices and vouchers in force.
 */
basket.get("/", async (c) => {
  const licence = c.req.query("licence");
  if (!licence) throw badRequest("INVALID_QUERY", "Query parameter 'licence' is required");
  const country = c.req.query("country");
  if (country !== undefined && !readTerritory(country)) {
    throw badRequest(
      "INVALID_QUERY",
      "Query parameter 'country' must be an ISO 3166-1 alpha-2 code",
    );
  }
  const { basket: answer } = await viewerBasket(c, {
    licence,
    country,
    voucher: c.req.query("voucher")?.trim() || undefined,
    gift: c.req.query("gift") || undefined,
  });
  c.header("Cache-Control", "private, no-store");
  return c.json(answer);
});

/**
 * `POST /v4/basket/pay`: buys the licence with one of the basket's providers, exactly once per
 * `idempotencyKey` (the same key again answers the same order, 200; a new order is 201). The
 * basket is priced again here, never taken from the client.
 */
basket.post("/pay", async (c) => {
  const payment = await readObject<BasketPayment>(c.req.raw);
  const now = new Date();
  const returnUrl =
    payment.returnUrl === undefined ? undefined : safeRedirectPath(payment.returnUrl, "");
  if (returnUrl === "") {
    throw new ApiError(
      400,
      "INVALID_BODY",
      "'returnUrl' must be a path on this site",
      undefined,
      "/returnUrl",
    );
  }
  if (
    payment.postalCode !== undefined &&
    (!payment.country || postalCodeProblem(payment.postalCode))
  ) {
    throw new ApiError(
      400,
      "INVALID_BODY",
      "'postalCode' must be printable ASCII and come with 'country'",
      undefined,
      "/postalCode",
    );
  }
  // The viewer's input is checked before anything is priced or placed: a mistyped card costs
  // nothing and holds no voucher.
  const adapter = paymentAdapter(payment.provider);
  const problem = adapter?.inputProblems({ card: payment.card }, now)[0];
  if (problem) {
    throw new ApiError(400, problem, "The card details are not valid", undefined, "/card");
  }
  const realm = c.get("realm");
  const { db } = c.get("store");
  if (payment.gift) {
    // A gift's basket is gone once paid: the same press again answers the order it placed.
    const user = await accountOf(c);
    const earlier = await findOrder(db, realm.name, user.id, payment.idempotencyKey);
    if (earlier) {
      c.header("Cache-Control", "private, no-store");
      return c.json(await orderView(db, earlier), 200);
    }
  }
  const priced = await viewerBasket(c, payment);
  let placed;
  try {
    placed = await placeOrder(db, {
      card: payment.card,
      returnUrl,
      secret: await c.get("mediaSecret")(),
      realm: realm.name,
      user: { id: priced.user.id, email: priced.user.email, locale: priced.user.locale },
      licence: priced.licence,
      basket: priced.basket,
      provider: payment.provider,
      idempotencyKey: payment.idempotencyKey,
      now,
      realmName: (realm.settings as { realmFullName?: string }).realmFullName ?? realm.fullName,
      wording: realm,
      ...(priced.gift ? { giftId: priced.gift } : {}),
      ...(payment.country && payment.postalCode !== undefined
        ? { billingAddress: { countryCode: payment.country, postalCode: payment.postalCode } }
        : {}),
      publicUrl: publicUrl(c),
    });
  } catch (error) {
    if (error instanceof OrderRefused) {
      throw new ApiError(
        409,
        error.code === "VOUCHER_REFUSED" ? "INVALID_VOUCHER" : "PAYMENT_PROVIDER_UNAVAILABLE",
        error.message,
      );
    }
    throw error;
  }
  c.header("Cache-Control", "private, no-store");
  return c.json(await orderView(db, placed.order), placed.created ? 201 : 200);
});

/** The licence, the basket priced for this account now, and the account. */
export async function viewerBasket(
  c: Context<PlatformEnv>,
  query: { licence: string; country?: string; voucher?: string; gift?: string },
): Promise<{
  licence: ReturnType<typeof licenceOf>;
  basket: Basket;
  user: Awaited<ReturnType<typeof accountOf>>;
  gift?: string;
}> {
  const realm = c.get("realm");
  const { db } = c.get("store");
  const user = await accountOf(c);
  const licence = licenceOf(c, query.licence, user.partition);
  const country = query.country ? readTerritory(query.country) : readTerritory(edgeTerritory(c));
  const settings = realm.settings as {
    taxes?: TaxRules;
    paymentProviders?: PaymentProviderSetting[];
  };
  const voucher = query.voucher ? await findVoucher(db, realm.name, query.voucher) : null;
  if (query.voucher && !voucher) {
    throw new ApiError(404, "INVALID_VOUCHER", "No voucher has this code");
  }
  const gift = query.gift ? await findGift(db, realm.name, query.gift) : undefined;
  if (query.gift && (!gift || gift.giverId !== user.id || gift.status !== "BASKET")) {
    throw notFound("Gift");
  }
  if (gift && gift.licenceId !== licence.id) {
    throw badRequest("INVALID_QUERY", "The gift is of another licence");
  }
  if (gift) {
    // One gift, one payment: while an order for it waits on its provider, no second one.
    const [waiting] = await db
      .select({ id: t.orders.id })
      .from(t.orders)
      .where(and(eq(t.orders.giftId, gift.id), eq(t.orders.status, "PENDING")))
      .limit(1);
    if (waiting) {
      throw new ApiError(409, "GIFT_PAYMENT_PENDING", "A payment for this gift is under way");
    }
  }
  if (gift && query.voucher) {
    throw new ApiError(409, "INVALID_VOUCHER", "A gift is paid without a voucher");
  }
  const held = await db
    .select({ licence: t.entitlements.licence })
    .from(t.entitlements)
    .where(
      and(
        eq(t.entitlements.userId, user.id),
        inArray(t.entitlements.licence, licence.grants ?? [licence.id]),
      ),
    )
    .limit(1);
  try {
    // A pass's line names what it opens, by the ids and titles of the realm's content.
    const described = await withContentIds(db, realm.name, [licence]);
    const basket = priceBasket({
      licences: described,
      country,
      taxes: settings.taxes,
      // `withMethods` keeps those this platform has an adapter for, in the basket's currency.
      providers: settings.paymentProviders ?? [],
      now: new Date(),
      ...(voucher ? { voucher } : {}),
      trialsUsed: held.length > 0 ? [licence.id] : [],
      ...(gift ? { giftPeriods: gift.periods } : {}),
    });
    return { licence, basket: withMethods(basket), user, ...(gift ? { gift: gift.id } : {}) };
  } catch (error) {
    if (error instanceof BasketError && error.code === "VOUCHER_REFUSED") {
      throw new ApiError(409, "INVALID_VOUCHER", `The voucher does not apply (${error.refusal})`);
    }
    throw error;
  }
}

/**
 * The basket's providers as this platform can pay with them: each with its adapter's method,
 * and only those that charge the basket's currency (Pix takes reais only).
 */
export function withMethods(basket: Basket): Basket {
  return {
    ...basket,
    availablePaymentProviders: basket.availablePaymentProviders.flatMap((provider) => {
      const adapter = paymentAdapter(provider.name);
      return adapter && chargesIn(adapter, basket.currency)
        ? [{ ...provider, method: adapter.method }]
        : [];
    }),
  };
}

/** One of the licences the account's partition sells (every licence of an unpartitioned realm). */
function licenceOf(c: Context<PlatformEnv>, id: string, partition: string | null) {
  const realm = c.get("realm");
  const licence = licencesIn(realm.licences, realm.settings, partition).find((l) => l.id === id);
  if (!licence) throw notFound(`Licence '${id}'`);
  return licence;
}

/** The edge's word on the viewer's country, when the host names its header. */
export function edgeTerritory(c: Context<PlatformEnv>): string | undefined {
  const header = c.get("territoryHeader");
  return header ? c.req.header(header) : undefined;
}
