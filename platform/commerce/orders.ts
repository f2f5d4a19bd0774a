import { and, eq } from "drizzle-orm";
import type { Basket } from "../../contract/generated/basket.ts";
import type { Order } from "../../contract/generated/order.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import { queueMail, mailText } from "../identity/mail.ts";
import type { RealmWording } from "../i18n/i18n.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { decimalString } from "./money.ts";
import { paymentAdapter } from "./payment-adapters.ts";
import { periodStart } from "./periods.ts";
import { redeemVoucher, type RedemptionRefusal } from "./voucher-store.ts";

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
  now: Date;
  /** The realm's name and wording, for the receipt. */
  realmName: string;
  wording?: RealmWording;
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
    const payment = await adapter.createPayment({ id, basket: request.basket });
    if (payment.status !== "COMPLETED") {
      const [failed] = await tx
        .update(t.orders)
        .set({ status: payment.status })
        .where(eq(t.orders.id, id))
        .returning();
      return failed!;
    }
    await grantEntitlements(
      tx as unknown as Db,
      id,
      user.id,
      request.licence,
      request.basket,
      request.now,
    );
    const [completed] = await tx
      .update(t.orders)
      .set({ status: "COMPLETED", completedAt: request.now })
      .where(eq(t.orders.id, id))
      .returning();
    const { subject, body } = mailText(
      "receipt",
      user.locale ?? undefined,
      {
        realm: request.realmName,
        licence: request.licence.name,
        amount: `${decimalString({ amount: request.basket.total, scale: request.basket.scale })} ${request.basket.currency}`,
        order: id,
      },
      request.wording,
    );
    await queueMail(tx as unknown as Db, {
      realm,
      recipient: user.email,
      kind: "receipt",
      subject,
      body,
    });
    return completed!;
  });
  return placed
    ? { order: placed, created: true }
    : { order: (await findOrder(db, realm, user.id, idempotencyKey))!, created: false };
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
  return {
    orderId: order.id,
    status: order.status as Order["status"],
    licenceId: order.licenceId,
    provider: order.provider,
    basket: order.basket,
    entitlements: granted.map((e) => ({
      licence: e.licence,
      startsAt: e.startsAt.toISOString(),
      endsAt: e.endsAt ? e.endsAt.toISOString() : null,
    })),
    ...(order.completedAt ? { completedAt: order.completedAt.toISOString() } : {}),
  };
}
