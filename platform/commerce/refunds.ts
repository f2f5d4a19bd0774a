import { and, eq, sum } from "drizzle-orm";
import type { OrderRefund } from "../../contract/generated/order.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { paymentAdapter } from "./payment-adapters.ts";

export class RefundRefused extends Error {
  override name = "RefundRefused";
  constructor(
    readonly code:
      | "ORDER_NOT_FOUND"
      | "ORDER_NOT_REFUNDABLE"
      | "REFUND_EXCEEDS_PAID"
      | "REFUND_UNSUPPORTED"
      | "REFUND_FAILED",
    message: string,
  ) {
    super(message);
  }
}

type RefundRow = typeof t.refunds.$inferSelect;

function view(
  refund: RefundRow,
  order: { basket: { currency: string; scale: number; total: number } },
  refunded: number,
): OrderRefund {
  return {
    refundId: refund.id,
    orderId: refund.orderId,
    amount: refund.amount,
    currency: order.basket.currency,
    scale: order.basket.scale,
    paid: order.basket.total,
    refunded,
    fullyRefunded: refunded >= order.basket.total,
    createdAt: refund.createdAt.toISOString(),
  };
}

/**
 * Gives back `amount` (minor units) of what a COMPLETED order of the realm charged, as a realm
 * admin authorised: never more than was paid and not yet refunded, and once per
 * `idempotencyKey` (a double click is the same refund; two refunds at once are decided one
 * after the other under the order's row lock). A refund that brings the total refunded to what
 * was paid ends what the order granted: a subscription's entitlements are revoked and it does
 * not renew (for a renewal, the subscription it renewed).
 */
export async function refundOrder(
  db: Db,
  request: {
    realm: string;
    orderId: string;
    amount: number;
    idempotencyKey: string;
    adminId: number;
    secret: string;
    now: Date;
  },
): Promise<{ refund: OrderRefund; created: boolean }> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(t.orders)
      .where(and(eq(t.orders.id, request.orderId), eq(t.orders.realm, request.realm)))
      .for("update");
    if (!order) throw new RefundRefused("ORDER_NOT_FOUND", "No such order in this realm");
    const refundedSoFar = async () =>
      Number(
        (
          await tx
            .select({ total: sum(t.refunds.amount) })
            .from(t.refunds)
            .where(eq(t.refunds.orderId, order.id))
        )[0]?.total ?? 0,
      );
    const [again] = await tx
      .select()
      .from(t.refunds)
      .where(
        and(eq(t.refunds.orderId, order.id), eq(t.refunds.idempotencyKey, request.idempotencyKey)),
      );
    if (again) return { refund: view(again, order, await refundedSoFar()), created: false };
    if (order.status !== "COMPLETED" || order.basket.total <= 0) {
      throw new RefundRefused("ORDER_NOT_REFUNDABLE", "The order took no payment to refund");
    }
    const before = await refundedSoFar();
    if (request.amount < 1 || before + request.amount > order.basket.total) {
      throw new RefundRefused(
        "REFUND_EXCEEDS_PAID",
        `At most ${order.basket.total - before} of ${order.basket.total} can still be refunded`,
      );
    }
    const adapter = paymentAdapter(order.provider);
    const result = adapter
      ? await adapter.refund({
          order: order.id,
          realm: order.realm,
          amount: request.amount,
          scale: order.basket.scale,
          currency: order.basket.currency,
          idempotencyKey: request.idempotencyKey,
          secret: request.secret,
        })
      : ({ status: "UNSUPPORTED" } as const);
    if (result.status === "UNSUPPORTED") {
      throw new RefundRefused(
        "REFUND_UNSUPPORTED",
        `${order.provider} takes no refunds through the platform: refund it with the provider`,
      );
    }
    if (result.status === "FAILED") {
      throw new RefundRefused("REFUND_FAILED", `${order.provider} refused the refund`);
    }
    const [refund] = await tx
      .insert(t.refunds)
      .values({
        id: crypto.randomUUID(),
        orderId: order.id,
        idempotencyKey: request.idempotencyKey,
        amount: request.amount,
        reference: result.reference,
        adminId: request.adminId,
        createdAt: request.now,
      })
      .returning();
    const refunded = before + request.amount;
    if (refunded >= order.basket.total) {
      const granting = order.renewsOrderId ?? order.id;
      await tx
        .update(t.entitlements)
        .set({ status: "REVOKED" })
        .where(eq(t.entitlements.orderId, granting));
      await tx.update(t.orders).set({ cancelledAt: request.now }).where(eq(t.orders.id, granting));
    }
    return { refund: view(refund!, order, refunded), created: true };
  });
}
