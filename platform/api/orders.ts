import { Hono, type Context } from "hono";
import type { OrderConfirmation, PaymentNotification } from "../../contract/generated/order.ts";
import { findOrderById, orderView, settleOrder } from "../commerce/orders.ts";
import { paymentAdapter } from "../commerce/payment-adapters.ts";
import { isSwitchId, settleSwitch } from "../commerce/payment-switches.ts";
import { accountOf, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, notFound } from "./errors.ts";
import { findRealm, type RealmRow } from "./realms.ts";
import { publicUrl } from "./identity/shared.ts";

const realmName = (realm: RealmRow) =>
  (realm.settings as { realmFullName?: string }).realmFullName ?? realm.fullName;

/** The viewer's own orders (`/v4/orders`): payment confirmation and payment authorization. */
export const orders = new Hono<PlatformEnv>();

orders.use("*", authenticate, requireAccount);

async function ownOrder(c: Context<PlatformEnv>) {
  const { db } = c.get("store");
  const order = await findOrderById(db, c.get("realm").name, c.req.param("orderId") ?? "");
  const user = await accountOf(c);
  // Someone else's order is as absent as one that never was.
  if (!order || order.userId !== user.id) throw notFound("Order");
  return order;
}

/** `GET /v4/orders/{orderId}`. */
orders.get("/:orderId", async (c) => {
  let order = await ownOrder(c);
  const { db } = c.get("store");
  const now = new Date();
  // A Pix charge nobody paid in time lapses: the order fails and gives its voucher back.
  if (order.status === "PENDING" && order.pixCharge && new Date(order.pixCharge.expiresAt) < now) {
    const realm = c.get("realm");
    order =
      (await settleOrder(
        db,
        { order: order.id, realm: realm.name, outcome: "failed", failure: "PAYMENT_EXPIRED" },
        {
          now,
          licences: realm.licences,
          realmName: realmName(realm),
          wording: realm,
          publicUrl: publicUrl(c),
        },
      )) ?? order;
  }
  c.header("Cache-Control", "private, no-store");
  return c.json(await orderView(db, order));
});

/**
 * `POST /v4/orders/{orderId}/confirm`: the provider's signed result, as the browser brought it
 * back. The order is settled once, whether the provider's notification came first or not.
 */
orders.post("/:orderId/confirm", async (c) => {
  const order = await ownOrder(c);
  const { result } = await readObject<OrderConfirmation>(c.req.raw);
  const realm = c.get("realm");
  const now = new Date();
  const verdict = paymentAdapter(order.provider)?.readReturn(
    result,
    await c.get("mediaSecret")(),
    now,
  );
  if (!verdict || verdict.order !== order.id || verdict.realm !== realm.name) {
    throw new ApiError(400, "INVALID_SIGNATURE", "The result is not this order's, or not signed");
  }
  const { db } = c.get("store");
  const settled = await settleOrder(db, verdict, {
    now,
    licences: realm.licences,
    realmName: realmName(realm),
    wording: realm,
    publicUrl: publicUrl(c),
  });
  c.header("Cache-Control", "private, no-store");
  return c.json(await orderView(db, settled ?? order));
});

/**
 * `POST /v4/payments/notifications/{provider}`: a provider's server-to-server word, which
 * needs no viewer and no client key; its signature is the credential. Duplicates and
 * notifications about settled orders answer 200 and change nothing.
 */
export const paymentNotifications = new Hono<PlatformEnv>();

paymentNotifications.post("/:provider", async (c) => {
  const adapter = paymentAdapter(c.req.param("provider"));
  if (!adapter) throw notFound("Payment provider");
  const body = await readObject<PaymentNotification>(c.req.raw);
  const now = new Date();
  const verdict = adapter.readNotification(body, await c.get("mediaSecret")(), now);
  if (!verdict) throw new ApiError(401, "INVALID_SIGNATURE", "The notification is not signed");
  const { db } = c.get("store");
  if (isSwitchId(verdict.order)) {
    // A change of a subscription's payment method, which the provider names as an order.
    const change = await settleSwitch(db, verdict, now, adapter.name);
    if (!change) throw notFound("Order");
    return c.json({ orderId: change.id, status: change.status });
  }
  const realm = await findRealm(db, verdict.realm);
  if (!realm) throw notFound("Realm");
  const settled = await settleOrder(db, verdict, {
    now,
    licences: realm.licences,
    realmName: realmName(realm),
    wording: realm,
    provider: adapter.name,
    publicUrl: publicUrl(c),
  });
  if (!settled) throw notFound("Order");
  return c.json({ orderId: settled.id, status: settled.status });
});
