import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { Basket } from "../../contract/generated/basket.ts";
import type { PlanChangeRequest } from "../../contract/generated/plan-change.ts";
import { safeRedirectPath } from "../../contract/safe-path.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import { licenceAmount } from "../../contract/licence-price.ts";
import { priceBasket, type PaymentProviderSetting, type TaxRules } from "../commerce/basket.ts";
import { heldLicences } from "../commerce/held-licences.ts";
import { orderView } from "../commerce/orders.ts";
import { licencesIn } from "../commerce/partitions.ts";
import { paymentAdapter } from "../commerce/payment-adapters.ts";
import {
  changePlan,
  otherPlans,
  PlanChangeRefused,
  quotePlan,
  runningSubscription,
} from "../commerce/plan-change.ts";
import { savedCards } from "../commerce/saved-cards.ts";
import { readTerritory } from "../playback/access.ts";
import * as t from "../store/schema.ts";
import type { UserRow } from "../identity/sessions.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { edgeTerritory, withMethods } from "./basket.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError } from "./errors.ts";
import { publicUrl } from "./identity/shared.ts";

/** Changing a running subscription's plan, with proration (docs/api.md, plan changes), on v2. */
export const planChange = new Hono<PlatformEnv>();

planChange.use("/user/subscriptions/:orderId/plan-change*", authenticate, requireAccount);

/**
 * A plan priced for the account now: its whole period, no trial, no voucher, in the currency
 * the subscription is paid in when the plan has a price in it (the country of that price).
 */
function pricePlan(c: Context<PlatformEnv>, licence: Licence, now: Date, currency: string): Basket {
  const edge = readTerritory(edgeTerritory(c));
  const same = licence.amounts.find((a) => a.currency === currency);
  const country =
    licenceAmount(licence, edge).currency === currency || !same
      ? edge
      : (same.country ?? undefined);
  const settings = c.get("realm").settings as {
    taxes?: TaxRules;
    paymentProviders?: PaymentProviderSetting[];
  };
  return withMethods(
    priceBasket({
      licences: [licence],
      country,
      taxes: settings.taxes,
      providers: settings.paymentProviders ?? [],
      now,
      trialsUsed: [licence.id],
    }),
  );
}

function refusal(error: unknown): never {
  if (!(error instanceof PlanChangeRefused)) throw error;
  switch (error.code) {
    case "SUBSCRIPTION_NOT_FOUND":
      throw new ApiError(404, error.code, "No such subscription");
    case "SUBSCRIPTION_ENDED":
      throw new ApiError(409, error.code, "This subscription has ended or does not renew");
    case "PLAN_NOT_OFFERED":
      throw new ApiError(409, error.code, "This subscription cannot change to that plan");
    case "PLAN_CHANGE_IN_PROGRESS":
      throw new ApiError(409, error.code, "This subscription's plan is already changing");
    case "PAYMENT_PROVIDER_UNAVAILABLE":
      throw new ApiError(409, error.code, "No card provider can take this payment");
  }
}

/** The licences the account's partition sells. */
function soldTo(c: Context<PlatformEnv>, user: UserRow): Licence[] {
  const realm = c.get("realm");
  return licencesIn(realm.licences, realm.settings, user.partition);
}

/** The account's default card, charged by an upgrade. */
async function storedCard(c: Context<PlatformEnv>, userId: number) {
  const { items } = await savedCards(c.get("store").db, userId, { page: 1, rpp: 1, offset: 0 });
  const card = items[0];
  return card ? { brand: card.brand, last4: card.last4, expiry: card.expiry } : null;
}

/**
 * `GET /user/subscriptions/{orderId}/plan-changes`: what a running subscription can change to,
 * each plan in the subscription's currency with what it costs now and from when its price
 * applies, and the card an upgrade would be charged to.
 */
planChange.get("/user/subscriptions/:orderId/plan-changes", async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const now = new Date();
  const licences = soldTo(c, user);
  let current;
  try {
    current = await runningSubscription(
      c.get("store").db,
      user.realm,
      user.id,
      c.req.param("orderId"),
      c.get("realm").licences,
      now,
    );
  } catch (error) {
    refusal(error);
  }
  const items = otherPlans(licences, current.licence).flatMap((licence) => {
    const priced = pricePlan(c, licence, now, current.order.basket.currency);
    if (
      priced.currency !== current.order.basket.currency ||
      priced.scale !== current.order.basket.scale
    ) {
      return [];
    }
    return [
      quotePlan(
        current.period,
        { licence, periodTotal: priced.total, currency: priced.currency, scale: priced.scale },
        now,
      ),
    ];
  });
  c.header("Cache-Control", "private, no-store");
  return c.json({
    orderId: current.order.id,
    items,
    storedCard: await storedCard(c, user.id),
  });
});

/**
 * `POST /user/subscriptions/{orderId}/plan-change`: changes plan, exactly once per
 * `idempotencyKey`. An upgrade is an order through the realm's card provider, charged to `card`
 * or else the account's default card (201, or 200 for the same key again); a downgrade is kept
 * for the end of the period (200), nothing charged.
 */
planChange.post("/user/subscriptions/:orderId/plan-change", async (c) => {
  refuseChildProfile(c);
  const body = await readObject<PlanChangeRequest>(c.req.raw);
  const user = await accountOf(c);
  const now = new Date();
  const realm = c.get("realm");
  const { db } = c.get("store");
  const returnUrl = body.returnUrl === undefined ? undefined : safeRedirectPath(body.returnUrl, "");
  if (returnUrl === "") {
    throw new ApiError(
      400,
      "INVALID_BODY",
      "'returnUrl' must be a path on this site",
      undefined,
      "/returnUrl",
    );
  }
  const target = soldTo(c, user).find((l) => l.id === body.licence);
  if (!target?.purchaseStrategy) {
    throw new ApiError(409, "PLAN_NOT_OFFERED", "This subscription cannot change to that plan");
  }
  const [replaced] = await db
    .select({ basket: t.orders.basket })
    .from(t.orders)
    .where(and(eq(t.orders.id, c.req.param("orderId")), eq(t.orders.userId, user.id)));
  const priced = pricePlan(c, target, now, replaced?.basket.currency ?? "");
  const provider = priced.availablePaymentProviders.find((p) => p.method === "CARD");
  if (body.card) {
    const problem = paymentAdapter(provider?.name ?? "")?.inputProblems(
      { card: body.card },
      now,
    )[0];
    if (problem) {
      throw new ApiError(400, problem, "The card details are not valid", undefined, "/card");
    }
  }
  const card = body.card ? null : await storedCard(c, user.id);
  let outcome;
  try {
    outcome = await changePlan(db, {
      realm: realm.name,
      user: { id: user.id, email: user.email, locale: user.locale },
      orderId: c.req.param("orderId"),
      target,
      priced,
      licences: realm.licences,
      idempotencyKey: body.idempotencyKey,
      ...(provider ? { provider: provider.name } : {}),
      ...(body.card ? { card: body.card } : {}),
      ...(card ? { storedCard: card } : {}),
      order: {
        now,
        secret: await c.get("mediaSecret")(),
        realmName: (realm.settings as { realmFullName?: string }).realmFullName ?? realm.fullName,
        wording: realm,
        publicUrl: publicUrl(c),
        ...(returnUrl ? { returnUrl } : {}),
      },
    });
  } catch (error) {
    refusal(error);
  }
  c.header("Cache-Control", "private, no-store");
  if (outcome.kind === "UPGRADE") {
    return c.json(
      { kind: "UPGRADE", order: await orderView(db, outcome.order) },
      outcome.created ? 201 : 200,
    );
  }
  const held = await heldLicences(db, user.id, realm.licences, now);
  const subscription = held.find((h) => h.orderId === c.req.param("orderId"));
  return c.json({ kind: "DOWNGRADE", ...(subscription ? { subscription } : {}) });
});
