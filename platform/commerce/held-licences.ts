import { and, count, desc, eq, inArray, isNotNull, max } from "drizzle-orm";
import type { AccountSubscription, PaymentHistory } from "../../contract/generated/account.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { orderView } from "./orders.ts";
import { acceptedMigration, renewalCharge, upcomingMigration } from "./price-migrations.ts";

/**
 * What an account holds or held, newest first: one line per order that bought a licence (its
 * grants share the order's period), one per gift redeemed, and one per licence the operator
 * gave without either.
 * A running subscription's next charge is its first charge after a trial or free periods,
 * else what its period cost when bought; a cancelled one has none.
 */
export async function heldLicences(
  db: Db,
  userId: number,
  licences: readonly Licence[],
  now: Date,
): Promise<AccountSubscription[]> {
  const rows = await db
    .select({
      entitlement: t.entitlements,
      order: t.orders,
      giftLicence: t.gifts.licenceId,
    })
    .from(t.entitlements)
    .leftJoin(t.orders, eq(t.orders.id, t.entitlements.orderId))
    .leftJoin(t.gifts, eq(t.gifts.id, t.entitlements.giftId))
    .where(eq(t.entitlements.userId, userId))
    .orderBy(desc(t.entitlements.startsAt), desc(t.entitlements.id));
  // The latest period each subscription was renewed for (none before its first renewal).
  const renewed = await db
    .select({ order: t.orders.renewsOrderId, period: max(t.orders.renewalPeriod) })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.userId, userId),
        eq(t.orders.status, "COMPLETED"),
        isNotNull(t.orders.renewsOrderId),
      ),
    )
    .groupBy(t.orders.renewsOrderId);
  const lastPeriod = new Map(renewed.map((r) => [r.order!, r.period ?? undefined]));
  const seenOrders = new Set<string>();
  const seenGifts = new Set<string>();
  const held: AccountSubscription[] = [];
  for (const { entitlement, order, giftLicence } of rows) {
    if (order && seenOrders.has(order.id)) continue;
    if (order) seenOrders.add(order.id);
    const giftId = !order ? entitlement.giftId : null;
    if (giftId && seenGifts.has(giftId)) continue;
    if (giftId) seenGifts.add(giftId);
    const endsAt = entitlement.endsAt;
    const active = entitlement.status === "ACTIVE" && (!endsAt || endsAt > now);
    const base = {
      status: active ? ("ACTIVE" as const) : ("ENDED" as const),
      startsAt: entitlement.startsAt.toISOString(),
      endsAt: endsAt ? endsAt.toISOString() : null,
    };
    if (giftId && giftLicence) {
      // A redeemed gift: the plan it gave, for the periods bought, never charged again.
      const licence = licences.find((l) => l.id === giftLicence);
      const period = licence?.purchaseStrategy?.subscriptionPeriod;
      held.push({
        ...base,
        licenceId: giftLicence,
        name: licence?.name ?? giftLicence,
        kind: "GIFT",
        ...(period ? { period } : {}),
        orderId: null,
      });
      continue;
    }
    if (!order) {
      held.push({
        ...base,
        licenceId: entitlement.licence,
        name: entitlement.licence,
        kind: "GIVEN",
        orderId: null,
      });
      continue;
    }
    const licence = licences.find((l) => l.id === order.licenceId);
    const item = order.basket.basketItems[0];
    const period = licence?.purchaseStrategy?.subscriptionPeriod;
    const renews = period && active && endsAt && !order.cancelledAt && !order.renewalState;
    const next = renews && licence ? renewalCharge(order, licence, day(endsAt)) : undefined;
    const migration =
      licence && active && !order.cancelledAt && order.renewalState !== "ENDED"
        ? upcomingMigration(order, licence, lastPeriod.get(order.id))
        : undefined;
    // A downgrade waiting for the period's end: the next period is the new plan's.
    const scheduled = order.scheduledChange;
    const scheduledLicence = scheduled && licences.find((l) => l.id === scheduled.licenceId);
    held.push({
      ...base,
      licenceId: order.licenceId,
      name: item?.name ?? licence?.name ?? order.licenceId,
      kind: licence?.kind ?? "SUBSCRIPTION",
      ...(period ? { period } : {}),
      ...(order.cancelledAt ? { cancelledAt: order.cancelledAt.toISOString() } : {}),
      ...(scheduledLicence && active && !order.cancelledAt
        ? {
            scheduledChange: {
              licenceId: scheduledLicence.id,
              name: scheduledLicence.name,
              from: scheduled!.from,
            },
          }
        : {}),
      ...(endsAt && next && "amount" in next
        ? {
            nextCharge: {
              date: day(endsAt),
              total: scheduledLicence ? scheduled!.total : next.amount,
              currency: order.basket.currency,
              scale: order.basket.scale,
            },
          }
        : {}),
      orderId: order.id,
      ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
      ...(order.renewalState === "PAST_DUE" || order.renewalState === "ENDED"
        ? { renewalState: order.renewalState }
        : {}),
      ...(migration ? { upcomingPriceMigration: migration } : {}),
    });
  }
  return held;
}

/** The day (`YYYY-MM-DD`) an instant falls on, in UTC: charges fall on days. */
const day = (at: Date) => at.toISOString().slice(0, 10);

/** Orders that took or tried to take a payment: placed ones still waiting are not history yet. */
const SETTLED = ["COMPLETED", "FAILED"];

/** A page of the account's payments, newest first, each as the order view answers it. */
export async function paymentHistory(
  db: Db,
  realm: string,
  userId: number,
  page: { page: number; rpp: number; offset: number },
): Promise<PaymentHistory> {
  const mine = and(
    eq(t.orders.realm, realm),
    eq(t.orders.userId, userId),
    inArray(t.orders.status, SETTLED),
  );
  const [counted] = await db.select({ total: count() }).from(t.orders).where(mine);
  const total = counted?.total ?? 0;
  const rows = await db
    .select()
    .from(t.orders)
    .where(mine)
    .orderBy(desc(t.orders.createdAt), desc(t.orders.id))
    .limit(page.rpp)
    .offset(page.offset);
  return {
    items: await Promise.all(rows.map((order) => orderView(db, order))),
    page: page.page,
    pages: Math.ceil(total / page.rpp),
  };
}

export class SubscriptionRefused extends Error {
  override name = "SubscriptionRefused";
  constructor(
    readonly code:
      | "SUBSCRIPTION_NOT_FOUND"
      | "SUBSCRIPTION_ENDED"
      | "NO_PRICE_MIGRATION"
      | "PRICE_MIGRATION_CLOSED",
  ) {
    super(code);
  }
}

/**
 * Cancels (`cancel`) or reactivates a subscription the account bought in `orderId`. Either is
 * only possible while the paid period runs: after it, the subscription has ended. Repeating
 * one changes nothing. Answers the subscription as it now stands.
 */
export async function setCancelled(
  db: Db,
  realm: string,
  userId: number,
  orderId: string,
  cancel: boolean,
  licences: readonly Licence[],
  now: Date,
): Promise<AccountSubscription> {
  const [order] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.id, orderId), eq(t.orders.realm, realm), eq(t.orders.userId, userId)));
  const licence = order && licences.find((l) => l.id === order.licenceId);
  if (!order || order.status !== "COMPLETED" || !licence?.purchaseStrategy) {
    throw new SubscriptionRefused("SUBSCRIPTION_NOT_FOUND");
  }
  const held = await heldLicences(db, userId, licences, now);
  const current = held.find((h) => h.orderId === orderId);
  if (!current || current.status !== "ACTIVE") throw new SubscriptionRefused("SUBSCRIPTION_ENDED");
  if (cancel !== Boolean(order.cancelledAt)) {
    await db
      .update(t.orders)
      .set({ cancelledAt: cancel ? now : null })
      .where(eq(t.orders.id, orderId));
  }
  const after = await heldLicences(db, userId, licences, now);
  return after.find((h) => h.orderId === orderId)!;
}

/**
 * The subscriber accepts the upcoming price of a subscription the account bought in `orderId`
 * (consent recorded with its time), while the consent deadline has not passed. Accepting
 * again changes nothing. Answers the subscription as it now stands.
 */
export async function acceptPriceMigration(
  db: Db,
  realm: string,
  userId: number,
  orderId: string,
  licences: readonly Licence[],
  now: Date,
): Promise<AccountSubscription> {
  const held = await heldLicences(db, userId, licences, now);
  const current = held.find((h) => h.orderId === orderId);
  const [order] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.id, orderId), eq(t.orders.realm, realm), eq(t.orders.userId, userId)));
  const migration = licences.find((l) => l.id === order?.licenceId)?.priceMigration;
  if (!order || !current) throw new SubscriptionRefused("SUBSCRIPTION_NOT_FOUND");
  if (current.status !== "ACTIVE") throw new SubscriptionRefused("SUBSCRIPTION_ENDED");
  if (!current.upcomingPriceMigration || !migration) {
    throw new SubscriptionRefused("NO_PRICE_MIGRATION");
  }
  if (!acceptedMigration(order, migration)) {
    if (new Date(migration.consentDeadline).getTime() <= now.getTime()) {
      throw new SubscriptionRefused("PRICE_MIGRATION_CLOSED");
    }
    await db
      .update(t.orders)
      .set({ priceMigrationAccepted: migration.effectiveDate, priceMigrationAcceptedAt: now })
      .where(eq(t.orders.id, orderId));
  }
  const after = await heldLicences(db, userId, licences, now);
  return after.find((h) => h.orderId === orderId)!;
}
