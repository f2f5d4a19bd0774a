import { and, eq, gt, isNull, max, or, sum } from "drizzle-orm";
import { rememberCard } from "./saved-cards.ts";
import { ERROR_LABELS, isErrorCode, type ErrorCode } from "../../contract/errors.ts";
import type { Basket } from "../../contract/generated/basket.ts";
import type { Order } from "../../contract/generated/order.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import { queueMail, mailText } from "../identity/mail.ts";
import type { RealmWording } from "../i18n/i18n.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { decimalString } from "./money.ts";
import type { CardInput, CardSummary } from "./cards.ts";
import { paymentAdapter, type PaymentVerdict } from "./payment-adapters.ts";
import type { PaymentMethodSummary } from "./payment-signatures.ts";
import { findGift, issueGift } from "./gifts.ts";
import { periodStart } from "./periods.ts";
import { redeemVoucher, releaseRedemptions, type RedemptionRefusal } from "./voucher-store.ts";

export type OrderRow = typeof t.orders.$inferSelect;

export class OrderRefused extends Error {
  constructor(
    readonly code: "PROVIDER_NOT_OFFERED" | "PROVIDER_UNSUPPORTED" | "VOUCHER_REFUSED",
    message: string,
    readonly refusal?: RedemptionRefusal,
  ) {
    super(message);
  }
}

export interface OrderRequest {
  realm: string;
  user: { id: number; email: string; locale?: string | null };
  licence: Licence;
  /** The basket as priced for this viewer now (`priceBasket`). */
  basket: Basket;
  provider: string;
  idempotencyKey: string;
  /** The card, for a provider that takes one on our page; checked by its adapter first. */
  card?: CardInput;
  /** Where the viewer comes back to after a provider's page. */
  returnUrl?: string;
  /** The billing address the checkout took, kept with the order for its invoice. */
  billingAddress?: Order["billingAddress"];
  /** The platform's secret, which providers derive their signing keys from. */
  secret: string;
  now: Date;
  /** The realm's name and wording, for the receipt. */
  realmName: string;
  wording?: RealmWording;
  /** The gift this order pays for (`createGift`): its code goes to the recipient, not a licence to the buyer. */
  giftId?: string;
  /** Origin of links in emails (the gift's redemption link). */
  publicUrl?: string;
  /** A saved card to charge, the viewer not there to enter one (a plan change). */
  storedCard?: CardSummary;
  /** A plan change: the subscription (its order) this order replaces once it completes. */
  replacesOrderId?: string;
}

/**
 * Places an order exactly once per idempotency key, in one transaction: the order, the
 * voucher's use, the provider's answer, the entitlements and the receipt. The same key again
 * (a double click, a reload, a retry after a lost answer) gets the order already placed,
 * whatever its state, and charges nothing twice; two presses at the same moment are one order.
 */
export async function placeOrder(
  db: Db,
  request: OrderRequest,
): Promise<{ order: OrderRow; created: boolean }> {
  const { realm, user, idempotencyKey } = request;
  const existing = await findOrder(db, realm, user.id, idempotencyKey);
  if (existing) return { order: existing, created: false };
  const offered = request.basket.availablePaymentProviders.some((p) => p.name === request.provider);
  if (!offered) {
    throw new OrderRefused("PROVIDER_NOT_OFFERED", `'${request.provider}' cannot pay this basket`);
  }
  const adapter = paymentAdapter(request.provider);
  if (!adapter) {
    throw new OrderRefused(
      "PROVIDER_UNSUPPORTED",
      `The realm names '${request.provider}', which this platform has no adapter for`,
    );
  }
  const placed = await db.transaction(async (tx) => {
    const id = crypto.randomUUID();
    const [order] = await tx
      .insert(t.orders)
      .values({
        id,
        realm,
        userId: user.id,
        idempotencyKey,
        licenceId: request.licence.id,
        voucherCode: request.basket.voucher?.code ?? null,
        provider: adapter.name,
        status: "PENDING",
        basket: request.basket,
        giftId: request.giftId ?? null,
        replacesOrderId: request.replacesOrderId ?? null,
        billingAddress: request.billingAddress ?? null,
      })
      .onConflictDoNothing()
      .returning();
    // The same key placed at the same moment by another request: theirs is the order.
    if (!order) return null;
    if (request.basket.voucher) {
      const use = await redeemVoucher(tx as unknown as Db, {
        realm,
        code: request.basket.voucher.code,
        userId: user.id,
        orderRef: id,
        licence: request.licence,
        price: request.basket,
        now: request.now,
      });
      if (!use.ok) {
        throw new OrderRefused(
          "VOUCHER_REFUSED",
          `The voucher cannot be used: ${use.reason}`,
          use.reason,
        );
      }
    }
    const payment = await adapter.createPayment({
      id,
      realm,
      merchant: request.realmName,
      basket: request.basket,
      card: request.card,
      ...(request.storedCard ? { storedCard: request.storedCard } : {}),
      returnUrl: request.returnUrl,
      now: request.now,
      secret: request.secret,
    });
    const method = payment.method ?? null;
    // The method the provider keeps for the renewals of what this order buys.
    const storedMethod =
      adapter.storesMethods && payment.storedMethod
        ? { provider: adapter.name, token: payment.storedMethod }
        : null;
    if (payment.status === "FAILED") {
      // Nothing was charged: the voucher is free for the next try.
      await releaseRedemptions(tx as unknown as Db, id);
      const [failed] = await tx
        .update(t.orders)
        .set({ status: "FAILED", failureCode: payment.failure, paymentMethod: method })
        .where(eq(t.orders.id, id))
        .returning();
      return failed!;
    }
    if (payment.status === "PENDING") {
      const [pending] = await tx
        .update(t.orders)
        .set({
          actionUrl: "redirectUrl" in payment ? payment.redirectUrl : null,
          pixCharge: "pix" in payment ? payment.pix : null,
          paymentMethod: method,
          storedMethod,
        })
        .where(eq(t.orders.id, id))
        .returning();
      return pending!;
    }
    if (storedMethod) await tx.update(t.orders).set({ storedMethod }).where(eq(t.orders.id, id));
    return fulfil(tx as unknown as Db, id, request, method);
  });
  return placed
    ? { order: placed, created: true }
    : { order: (await findOrder(db, realm, user.id, idempotencyKey))!, created: false };
}

/**
 * A PENDING order completed: its entitlements and receipt, in the caller's transaction, only
 * by the one update that moves it out of PENDING (whoever comes second finds it done).
 */
async function fulfil(
  db: Db,
  id: string,
  request: Pick<
    OrderRequest,
    | "realm"
    | "user"
    | "licence"
    | "basket"
    | "now"
    | "realmName"
    | "wording"
    | "giftId"
    | "publicUrl"
  >,
  /** What it was paid with, when the provider said. */
  paymentMethod?: PaymentMethodSummary | null,
): Promise<OrderRow> {
  const [completed] = await db
    .update(t.orders)
    .set({
      status: "COMPLETED",
      completedAt: request.now,
      actionUrl: null,
      pixCharge: null,
      ...(paymentMethod ? { paymentMethod } : {}),
    })
    .where(and(eq(t.orders.id, id), eq(t.orders.status, "PENDING")))
    .returning();
  if (!completed) return (await findOrderById(db, request.realm, id))!;
  if (completed.giftId) {
    // A gift grants the buyer nothing: its recipient is mailed the code that does.
    await issueGift(db, {
      realm: request.realm,
      giftId: completed.giftId,
      orderId: id,
      giver: request.user,
      licence: request.licence,
      now: request.now,
      realmName: request.realmName,
      publicUrl: request.publicUrl ?? "http://localhost",
      wording: request.wording,
    });
  } else {
    await grantEntitlements(db, id, request.user.id, request.licence, request.basket, request.now);
    if (completed.replacesOrderId) await endReplaced(db, completed.replacesOrderId, request.now);
  }
  await rememberCard(db, request.user.id, completed.paymentMethod, request.now);
  await queueReceipt(db, { ...request, orderId: id });
  return completed;
}

/** The receipt of a completed order (or renewal), through the outbox in the caller's transaction. */
export async function queueReceipt(
  db: Db,
  receipt: Pick<OrderRequest, "realm" | "user" | "licence" | "basket" | "realmName" | "wording"> & {
    orderId: string;
  },
): Promise<void> {
  const { basket } = receipt;
  const { subject, body } = mailText(
    "receipt",
    receipt.user.locale ?? undefined,
    {
      realm: receipt.realmName,
      licence: receipt.licence.name,
      amount: `${decimalString({ amount: basket.total, scale: basket.scale })} ${basket.currency}`,
      order: receipt.orderId,
    },
    receipt.wording,
  );
  await queueMail(db, {
    realm: receipt.realm,
    recipient: receipt.user.email,
    kind: "receipt",
    subject,
    body,
  });
}

/**
 * A provider's verdict on a PENDING order, from the browser's return or the provider's own
 * notification, in whichever order and however many times they come: the first moves the order
 * on (completed and granted, or failed with its voucher released), the rest find it settled.
 */
export async function settleOrder(
  db: Db,
  verdict: PaymentVerdict,
  context: {
    now: Date;
    licences: Licence[];
    realmName: string;
    wording?: RealmWording;
    /** The provider the word came from, when it came server to server: only its own orders. */
    provider?: string;
    /** Origin of links in emails (a gift's redemption link). */
    publicUrl?: string;
  },
): Promise<OrderRow | undefined> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [order] = await tx
      .select()
      .from(t.orders)
      .where(and(eq(t.orders.id, verdict.order), eq(t.orders.realm, verdict.realm)))
      .for("update");
    if (!order) return undefined;
    if (context.provider !== undefined && order.provider !== context.provider) return undefined;
    if (order.status !== "PENDING") return order;
    if (verdict.outcome === "failed") {
      await releaseRedemptions(txDb, order.id);
      const [failed] = await tx
        .update(t.orders)
        .set({
          status: "FAILED",
          failureCode: verdict.failure ?? "AUTHENTICATION_FAILED",
          actionUrl: null,
          pixCharge: null,
          ...(verdict.method ? { paymentMethod: verdict.method } : {}),
        })
        .where(and(eq(t.orders.id, order.id), eq(t.orders.status, "PENDING")))
        .returning();
      return failed ?? order;
    }
    const licence = context.licences.find((l) => l.id === order.licenceId);
    // An order whose account was deleted has no one to grant it to.
    const [user] =
      order.userId === null
        ? []
        : await tx
            .select({ id: t.users.id, email: t.users.email, locale: t.users.locale })
            .from(t.users)
            .where(eq(t.users.id, order.userId));
    if (!licence || !user) throw new Error(`order ${order.id} names what no longer exists`);
    if (verdict.storedMethod && paymentAdapter(order.provider)?.storesMethods) {
      await tx
        .update(t.orders)
        .set({ storedMethod: { provider: order.provider, token: verdict.storedMethod } })
        .where(eq(t.orders.id, order.id));
    }
    return fulfil(
      txDb,
      order.id,
      {
        realm: order.realm,
        user,
        licence,
        basket: order.basket,
        now: context.now,
        realmName: context.realmName,
        wording: context.wording,
        publicUrl: context.publicUrl,
      },
      verdict.method,
    );
  });
}

export async function findOrderById(
  db: Db,
  realm: string,
  id: string,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.realm, realm), eq(t.orders.id, id)));
  return order;
}

export async function findOrder(
  db: Db,
  realm: string,
  userId: number,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [order] = await db
    .select()
    .from(t.orders)
    .where(
      and(
        eq(t.orders.realm, realm),
        eq(t.orders.userId, userId),
        eq(t.orders.idempotencyKey, idempotencyKey),
      ),
    );
  return order;
}

/**
 * What a completed plan change ends: the replaced subscription's grants stop now (in the
 * order's transaction), and a downgrade it had waiting is dropped.
 */
async function endReplaced(db: Db, replacedOrderId: string, now: Date): Promise<void> {
  await db
    .update(t.entitlements)
    .set({ endsAt: now })
    .where(
      and(
        eq(t.entitlements.orderId, replacedOrderId),
        or(isNull(t.entitlements.endsAt), gt(t.entitlements.endsAt, now)),
      ),
    );
  await db.update(t.orders).set({ scheduledChange: null }).where(eq(t.orders.id, replacedOrderId));
}

/**
 * What a completed order gives: each licence the bought one grants, from now. A pass has no
 * end; a subscription's first period runs to the day its next charge falls, after any trial
 * and free periods.
 */
async function grantEntitlements(
  db: Db,
  orderId: string,
  userId: number,
  licence: Licence,
  basket: Basket,
  now: Date,
) {
  const period = licence.purchaseStrategy?.subscriptionPeriod;
  const endsAt = !period
    ? null
    : basket.firstCharge
      ? new Date(`${basket.firstCharge.date}T00:00:00Z`)
      : periodStart(now, period, 1);
  await db.insert(t.entitlements).values(
    (licence.grants ?? [licence.id]).map((grant) => ({
      userId,
      licence: grant,
      startsAt: now,
      endsAt,
      orderId,
    })),
  );
}

/** An order as the contract answers it, with what it granted. */
export async function orderView(db: Db, order: OrderRow): Promise<Order> {
  const granted = await db
    .select({
      licence: t.entitlements.licence,
      startsAt: t.entitlements.startsAt,
      endsAt: t.entitlements.endsAt,
    })
    .from(t.entitlements)
    .where(eq(t.entitlements.orderId, order.id))
    .orderBy(t.entitlements.id);
  const gift = order.giftId ? await findGift(db, order.realm, order.giftId) : undefined;
  const [given] = await db
    .select({ amount: sum(t.refunds.amount), last: max(t.refunds.createdAt) })
    .from(t.refunds)
    .where(eq(t.refunds.orderId, order.id));
  const refunded = Number(given?.amount ?? 0);
  return {
    orderId: order.id,
    status: order.status as Order["status"],
    licenceId: order.licenceId,
    provider: order.provider,
    basket: order.basket,
    ...(order.status === "PENDING" && order.actionUrl
      ? { action: { redirectUrl: order.actionUrl } }
      : order.status === "PENDING" && order.pixCharge
        ? { action: { pix: order.pixCharge } }
        : {}),
    ...(order.status === "FAILED"
      ? {
          failure: {
            code: order.failureCode ?? "PAYMENT_NETWORK_ERROR",
            label: isErrorCode(order.failureCode ?? "")
              ? ERROR_LABELS[order.failureCode as ErrorCode]
              : "paymentFailed",
          },
        }
      : {}),
    ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
    ...(order.billingAddress ? { billingAddress: order.billingAddress } : {}),
    ...(gift
      ? {
          gift: {
            recipientEmail: gift.recipientEmail,
            numberOfPeriods: gift.periods,
            redeemed: gift.status === "REDEEMED",
            ...(gift.redeemedAt ? { redeemedAt: gift.redeemedAt.toISOString() } : {}),
          },
        }
      : {}),
    entitlements: granted.map((e) => ({
      licence: e.licence,
      startsAt: e.startsAt.toISOString(),
      endsAt: e.endsAt ? e.endsAt.toISOString() : null,
    })),
    ...(order.completedAt ? { completedAt: order.completedAt.toISOString() } : {}),
    ...(refunded > 0 && given?.last
      ? {
          refunded: {
            amount: refunded,
            full: refunded >= order.basket.total,
            lastRefundAt: new Date(given.last).toISOString(),
          },
        }
      : {}),
  };
}
