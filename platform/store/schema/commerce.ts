import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Basket } from "../../../contract/generated/basket.ts";
import type { Order } from "../../../contract/generated/order.ts";
import type { VoucherRule } from "../../../schemas/generated/voucher-rule.ts";
import { createdAt } from "./columns.ts";
import { users } from "./identity.ts";
import { realms } from "./realms.ts";

/** A provider's token for a method it keeps, to charge again without the viewer. */
export interface StoredMethod {
  provider: string;
  token: string;
}

/* Commerce: vouchers and who used them, and orders (docs/decisions/020-money-rules.md). */

/**
 * A realm's voucher: its rule as the contract's `voucherRule` (the code upper-cased), and how
 * many times it has been used, counted in the same transaction as each use.
 */
export const vouchers = pgTable(
  "vouchers",
  {
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    code: text("code").notNull(),
    rule: jsonb("rule").$type<VoucherRule>().notNull(),
    redemptions: integer("redemptions").notNull().default(0),
    /** False once the realm's config no longer lists it: no longer accepted, its uses kept. */
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.realm, t.code] })],
);

/**
 * One use of a voucher by an account, for one order: the same order using it again (a retried
 * payment) is the same use.
 */
export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: serial("id").primaryKey(),
    realm: text("realm").notNull(),
    code: text("code").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderRef: text("order_ref").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      columns: [t.realm, t.code],
      foreignColumns: [vouchers.realm, vouchers.code],
    }).onDelete("cascade"),
    uniqueIndex("voucher_redemptions_order_idx").on(t.realm, t.code, t.orderRef),
    index("voucher_redemptions_account_idx").on(t.realm, t.code, t.userId),
  ],
);

/**
 * A purchase: the basket as it was priced when the viewer paid, the provider that took it and
 * where it stands. `idempotencyKey` is the client's key for one press of "pay": the same key
 * again (a double click, a reload, a retry) is the same order, never a second charge.
 */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    /** Null once the account is deleted: the order stays, anonymised, for the accounts. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    licenceId: text("licence_id").notNull(),
    voucherCode: text("voucher_code"),
    provider: text("provider").notNull(),
    /** PENDING while a provider works on it, COMPLETED once paid and granted, FAILED. */
    status: text("status").notNull(),
    basket: jsonb("basket").$type<Basket>().notNull(),
    /** A card's brand, last four digits and expiry (never its number or security code), or a method's name. */
    paymentMethod: jsonb("payment_method").$type<NonNullable<Order["paymentMethod"]>>(),
    /** The billing address the checkout took (country and postal code), for the invoice. */
    billingAddress: jsonb("billing_address").$type<NonNullable<Order["billingAddress"]>>(),
    /** Why a FAILED order failed (a PaymentFailure: CARD_DECLINED, PAYMENT_CANCELLED, ...). */
    failureCode: text("failure_code"),
    /** Where the viewer goes while the provider waits for them (a challenge, a hosted page). */
    actionUrl: text("action_url"),
    /** The Pix charge the viewer pays from their banking app while the order waits. */
    pixCharge: jsonb("pix_charge").$type<NonNullable<NonNullable<Order["action"]>["pix"]>>(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /**
     * When the subscriber cancelled a subscription this order bought: it is not renewed, and
     * what it granted runs to the end of the period already paid. Cleared by a reactivation.
     */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The gift this order pays for: the buyer gets no licence, the recipient a code. */
    giftId: text("gift_id"),
    /**
     * A plan change: the running subscription (its order) this order replaces. Once this order
     * completes, what the replaced one granted ends.
     */
    replacesOrderId: text("replaces_order_id"),
    /**
     * A plan change to a plan that costs less per period: the licence the subscription moves to
     * when its current period ends (`from`, a UTC day), with nothing charged or refunded now.
     */
    scheduledChange: jsonb("scheduled_change").$type<{
      licenceId: string;
      from: string;
      /** What each period of the new plan charges, tax included. */
      total: number;
    }>(),
    /**
     * The provider's token for charging the same method again (a card's sandbox token, a
     * Bancontact or iDEAL mandate), never card data: what renewals charge. Null when the
     * provider stores no method.
     */
    storedMethod: jsonb("stored_method").$type<StoredMethod>(),
    /**
     * A renewal's subscription: this order charged the next period of that order's
     * subscription, whose entitlements it extended (it grants none of its own).
     */
    renewsOrderId: text("renews_order_id"),
    /** A renewal's period: the day it starts (`YYYY-MM-DD`). */
    renewalPeriod: text("renewal_period"),
    /**
     * A subscription's renewal state (platform/commerce/renewals.ts): null while it renews,
     * PAST_DUE after a declined renewal (retried), ENDED when renewals stopped for good.
     */
    renewalState: text("renewal_state"),
    /** Why renewals stopped (ENDED): a PaymentFailure, NO_STORED_METHOD or PRICE_NOT_ACCEPTED. */
    renewalStopReason: text("renewal_stop_reason"),
    /** The price migration (its effective date) the subscriber accepted, and when. */
    priceMigrationAccepted: text("price_migration_accepted"),
    priceMigrationAcceptedAt: timestamp("price_migration_accepted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_idempotency_idx").on(t.realm, t.userId, t.idempotencyKey),
    // One charged renewal per subscription and period, whoever runs the renewals.
    uniqueIndex("orders_one_renewal_idx")
      .on(t.renewsOrderId, t.renewalPeriod)
      .where(sql`${t.status} = 'COMPLETED'`),
    index("orders_renews_idx").on(t.renewsOrderId),
  ],
);

/**
 * A refund of (part of) an order's payment, authorised by a realm admin. `idempotencyKey` is
 * the admin's press of "refund": the same key again is the same refund, never a second one.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /** In the order's currency's minor units. */
    amount: integer("amount").notNull(),
    /** The provider's reference for the refund. */
    reference: text("reference").notNull(),
    /** The admin who authorised it (null once that account is deleted). */
    adminId: integer("admin_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("refunds_idempotency_idx").on(t.orderId, t.idempotencyKey)],
);

/**
 * A gift (spec section 3, gift items): a licence for a number of periods, bought by one
 * account for an e-mail address. BASKET until its order completes; then ISSUED with a code
 * mailed to the recipient; REDEEMED once, by one account (a conditional update decides).
 */
export const gifts = pgTable(
  "gifts",
  {
    id: text("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    /** Null once the giver's account is deleted: a gift paid for stays the recipient's. */
    giverId: integer("giver_id").references(() => users.id, { onDelete: "set null" }),
    licenceId: text("licence_id").notNull(),
    periods: integer("periods").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    note: text("note").notNull().default(""),
    /** BASKET, ISSUED or REDEEMED. */
    status: text("status").notNull().default("BASKET"),
    /** The unguessable code the recipient redeems (set when the order completes). */
    code: text("code"),
    orderId: text("order_id"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    redeemedBy: integer("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("gifts_code_idx").on(t.realm, t.code),
    index("gifts_order_idx").on(t.orderId),
  ],
);

/**
 * Cards an account has paid with, as its payment details list them: only the brand, the last
 * four digits and the expiry (numbers and security codes are never stored). A card is kept once
 * however often it pays; at most one is the default, which a new subscription's payment offers.
 */
export const paymentCards = pgTable(
  "payment_cards",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    /** `MM/YY`. */
    expiry: text("expiry").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_cards_user_card_idx").on(t.userId, t.brand, t.last4, t.expiry),
    uniqueIndex("payment_cards_one_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * A subscription's change of payment method (spec section 7, payment details: SWITCH_FROM and
 * SWITCH_TO while it is under way). The new card is checked by the provider with a zero-amount
 * authorisation, through its challenge when the card needs one; only once it is COMPLETED does
 * the subscription's order pay with it.
 */
export const paymentSwitches = pgTable(
  "payment_switches",
  {
    /** `pms_` and a UUID: the provider's word names it as it names an order. */
    id: text("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The subscription's order whose payment method changes. */
    orderId: text("order_id").notNull(),
    provider: text("provider").notNull(),
    method: jsonb("method").$type<NonNullable<Order["paymentMethod"]>>().notNull(),
    /** The provider's token for the new method, which renewals charge once it is COMPLETED. */
    storedMethod: jsonb("stored_method").$type<StoredMethod>(),
    /** PENDING, COMPLETED or FAILED. */
    status: text("status").notNull().default("PENDING"),
    failureCode: text("failure_code"),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [index("payment_switches_order_idx").on(t.orderId)],
);
