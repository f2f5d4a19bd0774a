import { and, desc, eq, inArray } from "drizzle-orm";
import type { Basket } from "../../contract/generated/basket.ts";
import type { PlanChangeQuote } from "../../contract/generated/plan-change.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import { lockAccount } from "../identity/account-lock.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { ZERO_BALANCE_PROVIDER } from "./basket.ts";
import type { CardSummary } from "./cards.ts";
import { divideRoundingHalfUp } from "./money.ts";
import { findOrder, placeOrder, type OrderRequest, type OrderRow } from "./orders.ts";
import { periodStart, utcDay, type SubscriptionPeriod } from "./periods.ts";

const DAY_MS = 86_400_000;

const dayString = (at: Date) => at.toISOString().slice(0, 10);
const daysBetween = (from: Date, to: Date) =>
  Math.round((utcDay(to).getTime() - utcDay(from).getTime()) / DAY_MS);

/** The period of a running subscription that today falls in, and what that period cost. */
export interface CurrentPeriod {
  /** First UTC day of the period. */
  start: Date;
  /** The day it ends (the next charge): the subscription's `endsAt`. */
  end: Date;
  /** What the period was charged, tax included, in minor units: 0 in a trial or free period. */
  paid: number;
}

/**
 * The period `today` falls in, counted from the subscription's anchor as periods.ts counts
 * renewals: its first charge day (after a trial or free periods), else the day it was bought
 * (for a plan change, the day of the change). Before the anchor it is the free time, worth 0.
 */
export function currentPeriod(
  order: Pick<OrderRow, "basket">,
  subscription: { startsAt: Date; endsAt: Date; period: SubscriptionPeriod },
  now: Date,
): CurrentPeriod {
  const today = utcDay(now);
  const { basket } = order;
  const first = basket.proration ? undefined : basket.firstCharge;
  const anchor = first ? new Date(`${first.date}T00:00:00Z`) : utcDay(subscription.startsAt);
  if (today < anchor)
    return { start: utcDay(subscription.startsAt), end: subscription.endsAt, paid: 0 };
  let index = 0;
  // Whole periods since the anchor (bounded: a daily plan renewed for a hundred years).
  while (index < 40_000 && periodStart(anchor, subscription.period, index + 1) <= today) index++;
  const start = periodStart(anchor, subscription.period, index);
  return {
    start,
    end: subscription.endsAt,
    paid: basket.proration?.periodTotal ?? first?.total ?? basket.total,
  };
}

/**
 * The proration rule (docs/api.md, plan changes). A plan whose period costs more than the
 * current period did is an UPGRADE: it starts today with a whole new period, and is charged now
 * its period's price less the credit for the current period's unused days (today included):
 * credit = paid × unusedDays ÷ periodDays, rounded to the nearest minor unit, halves up. Any
 * other plan is a DOWNGRADE: nothing is charged or refunded, and it starts when the current
 * period ends.
 */
export function quotePlan(
  current: CurrentPeriod,
  target: { licence: Licence; periodTotal: number; currency: string; scale: number },
  now: Date,
): PlanChangeQuote {
  const period = target.licence.purchaseStrategy!.subscriptionPeriod;
  const today = utcDay(now);
  const common = {
    licenceId: target.licence.id,
    name: target.licence.name,
    period,
    periodTotal: target.periodTotal,
    currency: target.currency,
    scale: target.scale,
  };
  if (target.periodTotal <= current.paid) {
    return {
      ...common,
      kind: "DOWNGRADE",
      dueNow: 0,
      credit: 0,
      newPriceFrom: dayString(current.end),
      nextChargeDate: dayString(current.end),
    };
  }
  const periodDays = Math.max(1, daysBetween(current.start, current.end));
  const unusedDays = Math.min(periodDays, Math.max(0, daysBetween(today, current.end)));
  const credit = divideRoundingHalfUp(current.paid * unusedDays, periodDays);
  return {
    ...common,
    kind: "UPGRADE",
    dueNow: Math.max(0, target.periodTotal - credit),
    credit,
    newPriceFrom: dayString(today),
    nextChargeDate: dayString(periodStart(today, period, 1)),
  };
}

export class PlanChangeRefused extends Error {
  override name = "PlanChangeRefused";
  constructor(
    readonly code:
      | "SUBSCRIPTION_NOT_FOUND"
      | "SUBSCRIPTION_ENDED"
      | "PLAN_NOT_OFFERED"
      | "PLAN_CHANGE_IN_PROGRESS"
      | "PAYMENT_PROVIDER_UNAVAILABLE",
  ) {
    super(code);
  }
}

/** A running subscription of the account's, as a plan change starts from it. */
export interface RunningSubscription {
  order: OrderRow;
  licence: Licence;
  period: CurrentPeriod;
}

/**
 * The account's subscription bought in `orderId`, while it runs and renews (not cancelled):
 * only that can change plan.
 */
export async function runningSubscription(
  db: Db,
  realm: string,
  userId: number,
  orderId: string,
  licences: readonly Licence[],
  now: Date,
): Promise<RunningSubscription> {
  const [order] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.id, orderId), eq(t.orders.realm, realm), eq(t.orders.userId, userId)));
  const licence = order && licences.find((l) => l.id === order.licenceId);
  const period = licence?.purchaseStrategy?.subscriptionPeriod;
  if (!order || order.status !== "COMPLETED" || !licence || !period || order.giftId) {
    throw new PlanChangeRefused("SUBSCRIPTION_NOT_FOUND");
  }
  const [granted] = await db
    .select({ startsAt: t.entitlements.startsAt, endsAt: t.entitlements.endsAt })
    .from(t.entitlements)
    .where(and(eq(t.entitlements.orderId, orderId), eq(t.entitlements.status, "ACTIVE")))
    .orderBy(desc(t.entitlements.endsAt))
    .limit(1);
  if (!granted?.endsAt || granted.endsAt <= now || order.cancelledAt) {
    throw new PlanChangeRefused("SUBSCRIPTION_ENDED");
  }
  return {
    order,
    licence,
    period: currentPeriod(
      order,
      { startsAt: granted.startsAt, endsAt: granted.endsAt, period },
      now,
    ),
  };
}

/** The licences a subscription can change to: the realm's other subscriptions. */
export function otherPlans(licences: readonly Licence[], current: Licence): Licence[] {
  return licences.filter(
    (l) => l.id !== current.id && l.kind === "SUBSCRIPTION" && l.purchaseStrategy,
  );
}

/**
 * The basket an upgrade is paid with: the new plan's line charged `dueNow` (its tax the same
 * share of it as of the plan's price), the credit as the discount, and how it was worked out.
 * `priced` is the new plan priced with no trial and no voucher.
 */
export function upgradeBasket(
  priced: Basket,
  quote: PlanChangeQuote,
  current: RunningSubscription,
  now: Date,
): Basket {
  const line = priced.basketItems[0]!;
  const tax = line.total === 0 ? 0 : divideRoundingHalfUp(line.tax * quote.dueNow, line.total);
  const { firstCharge: _first, voucher: _voucher, ...rest } = priced;
  const periodDays = Math.max(1, daysBetween(current.period.start, current.period.end));
  return {
    ...rest,
    basketItems: [{ ...line, tax, total: quote.dueNow }],
    availablePaymentProviders:
      quote.dueNow === 0 ? [ZERO_BALANCE_PROVIDER] : priced.availablePaymentProviders,
    tax,
    total: quote.dueNow,
    totalExcTax: quote.dueNow - tax,
    totalDiscount: quote.credit,
    proration: {
      replacesOrderId: current.order.id,
      credit: quote.credit,
      unusedDays: Math.min(periodDays, Math.max(0, daysBetween(utcDay(now), current.period.end))),
      periodDays,
      periodTotal: quote.periodTotal,
    },
  };
}

export interface PlanChangeRequest {
  realm: string;
  user: OrderRequest["user"];
  orderId: string;
  target: Licence;
  /** The target plan priced for this account now (no voucher). */
  priced: Basket;
  licences: readonly Licence[];
  idempotencyKey: string;
  /** The card provider an upgrade is charged through, and what with. */
  provider?: string;
  card?: OrderRequest["card"];
  storedCard?: CardSummary;
  order: Omit<
    OrderRequest,
    | "realm"
    | "user"
    | "licence"
    | "basket"
    | "provider"
    | "idempotencyKey"
    | "card"
    | "storedCard"
    | "replacesOrderId"
  >;
}

export type PlanChangeOutcome =
  | { kind: "UPGRADE"; order: OrderRow; created: boolean }
  | { kind: "DOWNGRADE"; quote: PlanChangeQuote };

/**
 * Changes a running subscription's plan, one change at a time per account (the account's row is
 * held): the same key again answers what it did; an upgrade places an order through the usual
 * order path (the replaced subscription ends when it completes), refused while another change of
 * the subscription waits on its provider; a downgrade is kept on the subscription for the end of
 * its period.
 */
export async function changePlan(db: Db, request: PlanChangeRequest): Promise<PlanChangeOutcome> {
  const { now } = request.order;
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await lockAccount(tx, request.user.id);
    const earlier = await findOrder(txDb, request.realm, request.user.id, request.idempotencyKey);
    if (earlier) return { kind: "UPGRADE" as const, order: earlier, created: false };
    const current = await runningSubscription(
      txDb,
      request.realm,
      request.user.id,
      request.orderId,
      request.licences,
      now,
    );
    const offered = otherPlans(request.licences, current.licence).some(
      (l) => l.id === request.target.id,
    );
    if (
      !offered ||
      request.priced.currency !== current.order.basket.currency ||
      request.priced.scale !== current.order.basket.scale
    ) {
      throw new PlanChangeRefused("PLAN_NOT_OFFERED");
    }
    const quote = quotePlan(
      current.period,
      {
        licence: request.target,
        periodTotal: request.priced.total,
        currency: request.priced.currency,
        scale: request.priced.scale,
      },
      now,
    );
    if (quote.kind === "DOWNGRADE") {
      await tx
        .update(t.orders)
        .set({
          scheduledChange: {
            licenceId: request.target.id,
            from: quote.newPriceFrom,
            total: quote.periodTotal,
          },
        })
        .where(eq(t.orders.id, current.order.id));
      return { kind: "DOWNGRADE" as const, quote };
    }
    const [waiting] = await tx
      .select({ id: t.orders.id })
      .from(t.orders)
      .where(
        and(
          eq(t.orders.replacesOrderId, current.order.id),
          inArray(t.orders.status, ["PENDING", "COMPLETED"]),
        ),
      )
      .limit(1);
    if (waiting) throw new PlanChangeRefused("PLAN_CHANGE_IN_PROGRESS");
    const basket = upgradeBasket(request.priced, quote, current, now);
    const provider = quote.dueNow === 0 ? ZERO_BALANCE_PROVIDER.name : request.provider;
    if (!provider) throw new PlanChangeRefused("PAYMENT_PROVIDER_UNAVAILABLE");
    const placed = await placeOrder(txDb, {
      ...request.order,
      realm: request.realm,
      user: request.user,
      licence: request.target,
      basket,
      provider,
      idempotencyKey: request.idempotencyKey,
      ...(request.card ? { card: request.card } : {}),
      ...(!request.card && request.storedCard ? { storedCard: request.storedCard } : {}),
      replacesOrderId: current.order.id,
    });
    return { kind: "UPGRADE" as const, ...placed };
  });
}
