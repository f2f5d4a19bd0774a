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
  },
  (t) => [uniqueIndex("orders_idempotency_idx").on(t.realm, t.userId, t.idempotencyKey)],
);
