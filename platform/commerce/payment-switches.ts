import { and, desc, eq, inArray } from "drizzle-orm";
import { ERROR_LABELS, isErrorCode, type ErrorCode } from "../../contract/errors.ts";
import type { PaymentDetails, PaymentSwitch } from "../../contract/generated/payment-details.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { CardInput } from "./cards.ts";
import { heldLicences } from "./held-licences.ts";
import type { PaymentAdapter, PaymentVerdict } from "./payment-adapters.ts";
import { rememberCard } from "./saved-cards.ts";

/** A change's id: the provider's word names it as it names an order, told apart by this. */
export const SWITCH_PREFIX = "pms_";

type SwitchRow = typeof t.paymentSwitches.$inferSelect;

export function isSwitchId(id: string): boolean {
  return id.startsWith(SWITCH_PREFIX);
}

export function switchView(row: SwitchRow): PaymentSwitch {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status as PaymentSwitch["status"],
    ...(row.status === "FAILED"
      ? {
          failure: {
            code: row.failureCode ?? "PAYMENT_NETWORK_ERROR",
            label: isErrorCode(row.failureCode ?? "")
              ? ERROR_LABELS[row.failureCode as ErrorCode]
              : "paymentFailed",
          },
        }
      : {}),
  };
}

/** Why a change cannot start: the order is no running subscription of the account's. */
export class NoRunningSubscription extends Error {}

/** The account's running subscriptions (renewing, in their period), by order id and name. */
async function runningSubscriptions(
  db: Db,
  userId: number,
  licences: readonly Licence[],
  now: Date,
): Promise<{ orderId: string; name: string }[]> {
  const held = await heldLicences(db, userId, licences, now);
  return held
    .filter((h) => h.kind === "SUBSCRIPTION" && h.status === "ACTIVE" && h.orderId)
    .map((h) => ({ orderId: h.orderId!, name: h.name }));
}

/**
 * How each running subscription pays: its order's method, ACTIVE; while a change waits for the
 * provider, that one SWITCH_FROM and the new one SWITCH_TO.
 */
export async function paymentDetailsOf(
  db: Db,
  realm: string,
  userId: number,
  licences: readonly Licence[],
  now: Date,
): Promise<PaymentDetails[]> {
  const running = await runningSubscriptions(db, userId, licences, now);
  if (running.length === 0) return [];
  const ids = running.map((r) => r.orderId);
  const [orders, pending] = await Promise.all([
    db
      .select({ id: t.orders.id, method: t.orders.paymentMethod })
      .from(t.orders)
      .where(and(eq(t.orders.realm, realm), inArray(t.orders.id, ids))),
    db
      .select()
      .from(t.paymentSwitches)
      .where(and(inArray(t.paymentSwitches.orderId, ids), eq(t.paymentSwitches.status, "PENDING")))
      .orderBy(desc(t.paymentSwitches.createdAt)),
  ]);
  return running.map(({ orderId, name }) => {
    const method = orders.find((o) => o.id === orderId)?.method;
    const change = pending.find((p) => p.orderId === orderId);
    const methods: PaymentDetails["methods"] = [];
    if (method) methods.push({ state: change ? "SWITCH_FROM" : "ACTIVE", method });
    if (change) methods.push({ state: "SWITCH_TO", method: change.method });
    return { orderId, name, methods };
  });
}

/** The change's new method becomes the subscription's; the card is kept on the account. */
async function complete(db: Db, row: SwitchRow, now: Date): Promise<SwitchRow> {
  const [done] = await db
    .update(t.paymentSwitches)
    .set({ status: "COMPLETED", settledAt: now })
    .where(and(eq(t.paymentSwitches.id, row.id), eq(t.paymentSwitches.status, "PENDING")))
    .returning();
  if (!done) return row;
  // Renewals charge the new method from now on (none, when its provider keeps no methods).
  await db
    .update(t.orders)
    .set({ paymentMethod: row.method, storedMethod: row.storedMethod })
    .where(eq(t.orders.id, row.orderId));
  await rememberCard(db, row.userId, row.method, now);
  return done;
}

/**
 * Starts paying a running subscription with `card`: the provider authorises a zero amount,
 * straight away (COMPLETED or FAILED) or after its challenge (PENDING, with its page). An
 * earlier change still waiting is given up: the newest one is what the viewer wants.
 */
export async function startSwitch(
  db: Db,
  request: {
    realm: string;
    merchant: string;
    userId: number;
    orderId: string;
    adapter: PaymentAdapter;
    card: CardInput;
    returnUrl: string;
    licences: readonly Licence[];
    now: Date;
    secret: string;
  },
): Promise<PaymentSwitch> {
  const running = await runningSubscriptions(db, request.userId, request.licences, request.now);
  if (!running.some((r) => r.orderId === request.orderId)) throw new NoRunningSubscription();
  const [order] = await db.select().from(t.orders).where(eq(t.orders.id, request.orderId));
  const id = `${SWITCH_PREFIX}${crypto.randomUUID()}`;
  const payment = await request.adapter.createPayment({
    id,
    realm: request.realm,
    merchant: request.merchant,
    // A zero-amount authorisation in the subscription's currency: nothing is charged.
    basket: { ...order!.basket, total: 0, firstCharge: undefined },
    card: request.card,
    returnUrl: request.returnUrl,
    now: request.now,
    secret: request.secret,
  });
  const method = payment.method ?? { brand: "Card" };
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx
      .update(t.paymentSwitches)
      .set({ status: "FAILED", failureCode: "PAYMENT_CANCELLED", settledAt: request.now })
      .where(
        and(
          eq(t.paymentSwitches.orderId, request.orderId),
          eq(t.paymentSwitches.status, "PENDING"),
        ),
      );
    const [row] = await tx
      .insert(t.paymentSwitches)
      .values({
        id,
        realm: request.realm,
        userId: request.userId,
        orderId: request.orderId,
        provider: request.adapter.name,
        method,
        storedMethod:
          request.adapter.storesMethods && payment.storedMethod
            ? { provider: request.adapter.name, token: payment.storedMethod }
            : null,
        ...(payment.status === "FAILED"
          ? { status: "FAILED", failureCode: payment.failure, settledAt: request.now }
          : {}),
      })
      .returning();
    if (payment.status === "COMPLETED") return switchView(await complete(txDb, row!, request.now));
    if (payment.status === "PENDING" && "redirectUrl" in payment) {
      return { ...switchView(row!), redirectUrl: payment.redirectUrl };
    }
    return switchView(row!);
  });
}

/**
 * A provider's verdict on a change waiting for it, from the browser's return or its own
 * notification, in either order and as often as they come: the first settles it.
 */
export async function settleSwitch(
  db: Db,
  verdict: PaymentVerdict,
  now: Date,
  provider?: string,
): Promise<SwitchRow | undefined> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const [row] = await tx
      .select()
      .from(t.paymentSwitches)
      .where(
        and(eq(t.paymentSwitches.id, verdict.order), eq(t.paymentSwitches.realm, verdict.realm)),
      )
      .for("update");
    if (!row || (provider !== undefined && row.provider !== provider)) return undefined;
    if (row.status !== "PENDING") return row;
    if (verdict.outcome === "succeeded") {
      const stored = verdict.storedMethod
        ? { storedMethod: { provider: row.provider, token: verdict.storedMethod } }
        : {};
      return complete(
        txDb,
        { ...row, ...(verdict.method ? { method: verdict.method } : {}), ...stored },
        now,
      );
    }
    const [failed] = await tx
      .update(t.paymentSwitches)
      .set({
        status: "FAILED",
        failureCode: verdict.failure ?? "AUTHENTICATION_FAILED",
        settledAt: now,
      })
      .where(eq(t.paymentSwitches.id, row.id))
      .returning();
    return failed ?? row;
  });
}

/** One of the account's changes, for the browser's return. */
export async function findSwitch(
  db: Db,
  realm: string,
  userId: number,
  id: string,
): Promise<SwitchRow | undefined> {
  const [row] = await db
    .select()
    .from(t.paymentSwitches)
    .where(
      and(
        eq(t.paymentSwitches.id, id),
        eq(t.paymentSwitches.realm, realm),
        eq(t.paymentSwitches.userId, userId),
      ),
    );
  return row;
}
