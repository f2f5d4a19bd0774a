import type { AccountSubscription } from "../../contract/generated/account.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import type * as t from "../store/schema.ts";

type OrderRow = typeof t.orders.$inferSelect;
export type PriceMigration = NonNullable<Licence["priceMigration"]>;
export type UpcomingPriceMigration = NonNullable<AccountSubscription["upcomingPriceMigration"]>;

/**
 * What a subscription's period costs as it was first charged (tax included): its first charge
 * after a trial or free periods, else what the order charged (a whole period of the plan, for an
 * upgrade charged less the unused days). Renewals charge this, until a
 * price migration takes over.
 */
export function periodPrice(order: Pick<OrderRow, "basket">): number {
  if (order.basket.firstCharge) return order.basket.firstCharge.total;
  // A plan change charged part of a period: later periods cost the plan's whole price.
  return order.basket.proration?.periodTotal ?? order.basket.total;
}

/** The migration's new amount in the subscription's currency, when it names one. */
export function migratedAmount(
  migration: PriceMigration | undefined,
  basket: Pick<OrderRow["basket"], "currency" | "scale">,
): number | undefined {
  return migration?.amounts.find((a) => a.currency === basket.currency && a.scale === basket.scale)
    ?.amount;
}

/** Whether the subscriber accepted this migration (each one is named by its effective date). */
export function acceptedMigration(
  order: Pick<OrderRow, "priceMigrationAccepted">,
  migration: PriceMigration,
): boolean {
  return order.priceMigrationAccepted === migration.effectiveDate;
}

/**
 * What the renewal of the period starting on `periodDay` (`YYYY-MM-DD`) charges, by the
 * migration rule of the licence's period: before the migration's effective date, the old
 * price; from it, the new one, except that an ANNUAL subscription whose subscriber has not
 * accepted is not renewed at all (`stop`): a year is too long a commitment to raise without
 * consent. DAILY and MONTHLY subscriptions renew at the new price unless cancelled.
 */
export function renewalCharge(
  order: Pick<OrderRow, "basket" | "priceMigrationAccepted">,
  licence: Licence,
  periodDay: string,
): { amount: number } | { stop: "PRICE_NOT_ACCEPTED" } {
  const migration = licence.priceMigration;
  const amount = migratedAmount(migration, order.basket);
  if (!migration || amount === undefined || periodDay < migration.effectiveDate) {
    return { amount: periodPrice(order) };
  }
  if (
    licence.purchaseStrategy?.subscriptionPeriod === "ANNUAL" &&
    !acceptedMigration(order, migration)
  ) {
    return { stop: "PRICE_NOT_ACCEPTED" };
  }
  return { amount };
}

/**
 * The price migration coming to a running subscription: the licence has one in the
 * subscription's currency and the subscription has not yet been charged a period from its
 * effective date (`lastPeriod`, the start of the latest period charged, `YYYY-MM-DD`).
 */
export function upcomingMigration(
  order: Pick<OrderRow, "basket" | "priceMigrationAccepted">,
  licence: Licence,
  lastPeriod: string | undefined,
): UpcomingPriceMigration | undefined {
  const migration = licence.priceMigration;
  const amount = migratedAmount(migration, order.basket);
  const period = licence.purchaseStrategy?.subscriptionPeriod;
  if (!migration || amount === undefined || !period) return undefined;
  if (lastPeriod && lastPeriod >= migration.effectiveDate) return undefined;
  const unit = { currency: order.basket.currency, scale: order.basket.scale };
  return {
    name: licence.name,
    purchaseStrategy: { subscriptionPeriod: period },
    consent: {
      deadline: new Date(migration.consentDeadline).toISOString(),
      customerConfirmed: acceptedMigration(order, migration),
    },
    effectiveDate: migration.effectiveDate,
    oldPrice: { total: periodPrice(order), ...unit },
    newPrice: { total: amount, ...unit },
  };
}
