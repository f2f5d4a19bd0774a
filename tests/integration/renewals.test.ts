import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { listsPriceMigration } from "../../contract/price-migrations.ts";
import { resolveSecret } from "../../platform/auth/secrets.ts";
import { forgetRealms } from "../../platform/api/realms.ts";
import { acceptPriceMigration } from "../../platform/commerce/held-licences.ts";
import { periodStart } from "../../platform/commerce/periods.ts";
import { runRenewals, RENEWAL_RETRY_MS } from "../../platform/commerce/renewals.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const db = () => platform.store.db;
const secret = () => resolveSecret(db(), "media-signing", undefined);
const key = () => `key-${crypto.randomUUID()}`;
const HOUR = 60 * 60 * 1000;
const RETURN = "/realm/arena/payment/authorization?return=%2Fvod%2F1";
const CARD = {
  ok: "4242 4242 4242 4242",
  /** Pays at checkout; declined when charged again. */
  declinedLater: "4000 0000 0000 0341",
};

async function buyer(role: "CUSTOMER" | "ADMIN" = "CUSTOMER") {
  return accountWithSession(platform.store, "arena", { role });
}
type Who = Awaited<ReturnType<typeof buyer>>;

async function call(who: Who, path: string, body?: unknown) {
  const res = await platform.api.call("arena", path, {
    method: body === undefined ? "GET" : "POST",
    headers: who.auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const buy = async (
  who: Who,
  { licence = "FIGHT_PASS_MONTHLY", provider = "Cardstream", number = CARD.ok } = {},
) => {
  const order = await call(who, "/api/v4/basket/pay", {
    licence,
    country: "DE",
    provider,
    idempotencyKey: key(),
    returnUrl: RETURN,
    ...(provider === "Cardstream"
      ? { card: { number, expiry: "12/34", cvc: "123", holder: "Rui Lutador" } }
      : {}),
  });
  expect(order.status).toBe(201);
  return order.body as { orderId: string; status: string; action?: { redirectUrl: string } };
};

/** A decision posted on the sandbox's hosted page, as its form does. */
async function decide(url: string, fields: Record<string, string>) {
  const ticket = new URL(url, "http://x.invalid").searchParams.get("ticket")!;
  const res = await platform.api.call("arena", "/api/sandbox-acquirer/pay", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ticket, ...fields }).toString(),
  });
  expect(res.status).toBe(303);
}

const periodEnd = async (orderId: string) => {
  const rows = await db().select().from(t.entitlements).where(eq(t.entitlements.orderId, orderId));
  return rows[0]!.endsAt!;
};
const renewalsOf = (orderId: string) =>
  db()
    .select()
    .from(t.orders)
    .where(eq(t.orders.renewsOrderId, orderId))
    .orderBy(t.orders.createdAt);
const orderRow = async (orderId: string) =>
  (await db().select().from(t.orders).where(eq(t.orders.id, orderId)))[0]!;
const mailTo = (email: string, kind: string) =>
  db()
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.recipient, email), eq(t.outbox.kind, kind)))
    .orderBy(t.outbox.createdAt);
const receiptsTo = (email: string) => mailTo(email, "receipt");
const renewAt = async (at: Date) => runRenewals(db(), { now: at, secret: await secret() });
const subscription = async (who: Who, orderId: string) => {
  const answer = await call(who, "/api/v2/user/subscriptions");
  expect(validateBody("accountSubscriptions", answer.body).issues).toEqual([]);
  return answer.body.items.find((i: { orderId: string }) => i.orderId === orderId);
};

describe("subscription renewals", () => {
  it("a period that ends is charged once for the next, even with two passes at the same moment", async () => {
    const who = await buyer();
    const order = await buy(who);
    const end = await periodEnd(order.orderId);
    const at = new Date(end.getTime() + HOUR);

    const passes = await Promise.all([renewAt(at), renewAt(at)]);
    expect(passes.reduce((n, p) => n + p.renewed, 0)).toBe(1);
    const renewals = await renewalsOf(order.orderId);
    expect(renewals.map((r) => [r.status, r.basket.total, r.provider])).toEqual([
      ["COMPLETED", 999, "Cardstream"],
    ]);
    expect(renewals[0]!.idempotencyKey).toBe(
      `renewal:${order.orderId}:${end.toISOString().slice(0, 10)}:1`,
    );
    const next = periodStart(end, "MONTHLY", 1);
    expect((await periodEnd(order.orderId)).toISOString()).toBe(next.toISOString());
    // A later pass in the same period charges nothing more.
    expect((await renewAt(new Date(at.getTime() + HOUR))).renewed).toBe(0);
    expect(await renewalsOf(order.orderId)).toHaveLength(1);
    expect(await receiptsTo(who.user.email)).toHaveLength(2);
    // The renewal is in the payment history; the subscription stays one line.
    const history = await call(who, "/api/v2/customer/history/payment?rpp=10&p=1", {});
    expect(history.body.items).toHaveLength(2);
    const held = await subscription(who, order.orderId);
    expect(held.endsAt).toBe(next.toISOString());

    // The period after that is charged in its turn.
    expect((await renewAt(new Date(next.getTime() + HOUR))).renewed).toBeGreaterThanOrEqual(1);
    expect(await renewalsOf(order.orderId)).toHaveLength(2);
  });

  it("a downgrade chosen for the period's end renews as the new plan, at its price and period", async () => {
    const who = await buyer();
    const order = await buy(who, { licence: "FIGHT_PASS_ANNUAL" });
    const changed = await call(who, `/api/v2/user/subscriptions/${order.orderId}/plan-change`, {
      licence: "FIGHT_PASS_MONTHLY",
      idempotencyKey: key(),
    });
    expect(changed.status).toBe(200);
    const end = await periodEnd(order.orderId);
    expect((await renewAt(new Date(end.getTime() + HOUR))).renewed).toBeGreaterThanOrEqual(1);
    const [renewal] = await renewalsOf(order.orderId);
    expect([renewal!.status, renewal!.licenceId, renewal!.basket.total]).toEqual([
      "COMPLETED",
      "FIGHT_PASS_MONTHLY",
      999,
    ]);
    const next = periodStart(end, "MONTHLY", 1);
    const held = await subscription(who, order.orderId);
    expect(held).toMatchObject({
      licenceId: "FIGHT_PASS_MONTHLY",
      status: "ACTIVE",
      endsAt: next.toISOString(),
      nextCharge: { total: 999, date: next.toISOString().slice(0, 10) },
    });
    expect(held.scheduledChange).toBeUndefined();
    // The next period is the monthly plan's again.
    expect((await renewAt(new Date(next.getTime() + HOUR))).renewed).toBeGreaterThanOrEqual(1);
    expect((await renewalsOf(order.orderId)).map((r) => r.basket.total)).toEqual([999, 999]);
  });

  it("a cancelled subscription is not renewed: it ends at its period's end", async () => {
    const who = await buyer();
    const order = await buy(who);
    const cancelled = await call(who, `/api/v2/user/subscriptions/${order.orderId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    const end = await periodEnd(order.orderId);
    await renewAt(new Date(end.getTime() + HOUR));
    expect(await renewalsOf(order.orderId)).toHaveLength(0);
    expect(await periodEnd(order.orderId)).toEqual(end);
  });

  it("a declined renewal makes it past due, is tried again a day later, and the third decline ends it", async () => {
    const who = await buyer();
    const order = await buy(who, { number: CARD.declinedLater });
    expect(order.status).toBe("COMPLETED");
    const end = await periodEnd(order.orderId);
    const first = new Date(end.getTime() + HOUR);
    expect((await renewAt(first)).declined).toBe(1);
    expect((await orderRow(order.orderId)).renewalState).toBe("PAST_DUE");
    // The account says why, and names no next charge; the period was not extended.
    const held = await subscription(who, order.orderId);
    expect(held.renewalState).toBe("PAST_DUE");
    expect(held.nextCharge).toBeUndefined();
    expect(await periodEnd(order.orderId)).toEqual(end);
    // The viewer is told: the amount, and the day of the next try.
    const [declined] = await mailTo(who.user.email, "renewal-declined");
    expect(declined!.subject).toBe("We could not renew your Fight Pass Monthly");
    const next = new Date(first.getTime() + RENEWAL_RETRY_MS).toISOString().slice(0, 10);
    expect(declined!.body).toContain(`We will try again on ${next}.`);
    expect(declined!.body).toMatch(/The payment of \d+\.\d{2} [A-Z]{3} to renew/);
    // Not again within the day.
    await renewAt(new Date(first.getTime() + HOUR));
    expect(await renewalsOf(order.orderId)).toHaveLength(1);
    const second = new Date(first.getTime() + RENEWAL_RETRY_MS + HOUR);
    expect((await renewAt(second)).declined).toBe(1);
    const third = new Date(second.getTime() + RENEWAL_RETRY_MS + HOUR);
    expect((await renewAt(third)).ended).toBe(1);
    // Two declines announced a next try; the third, that the subscription has ended.
    expect(await mailTo(who.user.email, "renewal-declined")).toHaveLength(2);
    const ended = await mailTo(who.user.email, "renewal-ended");
    expect(ended.map((mail) => mail.subject)).toEqual(["Your Fight Pass Monthly has ended"]);
    const row = await orderRow(order.orderId);
    expect([row.renewalState, row.renewalStopReason]).toEqual(["ENDED", "CARD_DECLINED"]);
    expect((await renewalsOf(order.orderId)).map((r) => [r.status, r.failureCode])).toEqual([
      ["FAILED", "CARD_DECLINED"],
      ["FAILED", "CARD_DECLINED"],
      ["FAILED", "CARD_DECLINED"],
    ]);
    await renewAt(new Date(third.getTime() + 5 * RENEWAL_RETRY_MS));
    expect(await renewalsOf(order.orderId)).toHaveLength(3);
    expect((await subscription(who, order.orderId)).renewalState).toBe("ENDED");
  });

  it("a Bancontact or iDEAL mandate from the hosted page is used again for the renewal", async () => {
    for (const decision of ["bancontact", "ideal"]) {
      const who = await buyer();
      const pending = await buy(who, { provider: "SecurePay" });
      await decide(pending.action!.redirectUrl, { decision });
      const row = await orderRow(pending.orderId);
      expect(row.status).toBe("COMPLETED");
      expect(row.storedMethod?.provider).toBe("SecurePay");
      const end = await periodEnd(pending.orderId);
      expect((await renewAt(new Date(end.getTime() + HOUR))).renewed).toBeGreaterThanOrEqual(1);
      const [renewal] = await renewalsOf(pending.orderId);
      expect([renewal!.status, renewal!.provider, renewal!.paymentMethod?.brand]).toEqual([
        "COMPLETED",
        "SecurePay",
        decision === "ideal" ? "iDEAL" : "Bancontact",
      ]);
    }
  });

  it("a subscription paid by a provider that keeps no method ends at its period's end", async () => {
    const who = await buyer();
    const pending = await buy(who, { provider: "PayWallet" });
    await decide(pending.action!.redirectUrl, { decision: "approve" });
    const end = await periodEnd(pending.orderId);
    await renewAt(new Date(end.getTime() + HOUR));
    expect(await renewalsOf(pending.orderId)).toHaveLength(0);
    const row = await orderRow(pending.orderId);
    expect([row.renewalState, row.renewalStopReason]).toEqual(["ENDED", "NO_STORED_METHOD"]);
  });

  it("card data never reaches the store: only the sandbox's token", async () => {
    const who = await buyer();
    const order = await buy(who);
    const stored = JSON.stringify(await orderRow(order.orderId));
    expect(stored).not.toContain("4242424242424242");
    expect((await orderRow(order.orderId)).storedMethod?.token).toMatch(/^sbx_/);
    // Nor does the token reach the viewer.
    const answer = JSON.stringify((await call(who, `/api/v4/orders/${order.orderId}`)).body);
    expect(answer).not.toContain("sbx_");
  });
});

describe("refunds by a realm admin", () => {
  const refund = (admin: Who, orderId: string, amount: number, idempotencyKey = key()) =>
    call(admin, `/api/v2/admin/orders/${orderId}/refunds`, { amount, idempotencyKey });

  it("a partial refund, the same press again, an amount above what is left, then the rest", async () => {
    const who = await buyer();
    const admin = await buyer("ADMIN");
    const order = await buy(who);
    const press = key();
    const partial = await refund(admin, order.orderId, 300, press);
    expect(partial.status).toBe(201);
    expect(validateBody("orderRefund", partial.body).issues).toEqual([]);
    expect(partial.body).toMatchObject({
      amount: 300,
      paid: 999,
      refunded: 300,
      fullyRefunded: false,
    });
    // A double click: the same refund, nothing more given back.
    const again = await refund(admin, order.orderId, 300, press);
    expect([again.status, again.body.refundId, again.body.refunded]).toEqual([
      200,
      partial.body.refundId,
      300,
    ]);
    expect((await refund(admin, order.orderId, 700)).body.code).toBe("REFUND_EXCEEDS_PAID");
    expect((await subscription(who, order.orderId)).status).toBe("ACTIVE");
    const rest = await refund(admin, order.orderId, 699);
    expect(rest.body).toMatchObject({ refunded: 999, fullyRefunded: true });
    // Fully refunded: it grants nothing and is not renewed.
    expect((await subscription(who, order.orderId)).status).toBe("ENDED");
    const end = await periodEnd(order.orderId);
    await renewAt(new Date(end.getTime() + HOUR));
    expect(await renewalsOf(order.orderId)).toHaveLength(0);
    expect((await refund(admin, order.orderId, 1)).status).toBe(409);
  });

  it("two refunds at once of what is left: exactly one is made", async () => {
    const who = await buyer();
    const admin = await buyer("ADMIN");
    const order = await buy(who);
    const both = await Promise.all([
      refund(admin, order.orderId, 999),
      refund(admin, order.orderId, 999),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(
      await db().select().from(t.refunds).where(eq(t.refunds.orderId, order.orderId)),
    ).toHaveLength(1);
  });

  it("the buyer's payment history and the admin's order list say what was refunded", async () => {
    const who = await buyer();
    const admin = await buyer("ADMIN");
    const order = await buy(who);
    const history = async () => {
      const answer = await call(who, "/api/v2/customer/history/payment", {});
      expect(validateBody("paymentHistory", answer.body).issues).toEqual([]);
      return answer.body.items.find((i: { orderId: string }) => i.orderId === order.orderId);
    };
    expect((await history()).refunded).toBeUndefined();
    await refund(admin, order.orderId, 250);
    expect((await history()).refunded).toMatchObject({ amount: 250, full: false });

    const found = await call(admin, `/api/v2/admin/orders?q=${encodeURIComponent(who.user.email)}`);
    expect(found.status).toBe(200);
    expect(validateBody("adminOrders", found.body).issues).toEqual([]);
    expect(found.body.totalHits).toBe(1);
    expect(found.body.hits[0]).toMatchObject({
      email: who.user.email,
      order: { orderId: order.orderId, refunded: { amount: 250, full: false } },
    });
    // By its whole id too; and a pattern character in the query is taken as itself.
    const byId = await call(admin, `/api/v2/admin/orders?q=${order.orderId}`);
    expect(byId.body.hits.map((h: { order: { orderId: string } }) => h.order.orderId)).toEqual([
      order.orderId,
    ]);
    expect((await call(admin, "/api/v2/admin/orders?q=%25")).body.totalHits).toBe(0);

    await refund(admin, order.orderId, 749);
    expect((await history()).refunded).toMatchObject({ amount: 999, full: true });
    // Viewers and other realms' admins see no order list.
    expect((await call(who, "/api/v2/admin/orders")).status).toBe(403);
    const ligaAdmin = await accountWithSession(platform.store, "liga", { role: "ADMIN" });
    const liga = await platform.api.call("liga", `/api/v2/admin/orders?q=${order.orderId}`, {
      headers: ligaAdmin.auth,
    });
    expect((await liga.json()).totalHits).toBe(0);
  });

  it("only an admin of the order's realm may refund; a bad body is refused", async () => {
    const who = await buyer();
    const order = await buy(who);
    expect((await refund(who, order.orderId, 100)).status).toBe(403);
    const ligaAdmin = await accountWithSession(platform.store, "liga", { role: "ADMIN" });
    const other = await platform.api.call("liga", `/api/v2/admin/orders/${order.orderId}/refunds`, {
      method: "POST",
      headers: ligaAdmin.auth,
      body: JSON.stringify({ amount: 100, idempotencyKey: key() }),
    });
    expect(other.status).toBe(404);
    const admin = await buyer("ADMIN");
    for (const body of [
      { amount: -5, idempotencyKey: key() },
      { amount: 1.5, idempotencyKey: key() },
      { amount: 10 },
    ]) {
      expect(
        (await call(admin, `/api/v2/admin/orders/${order.orderId}/refunds`, body)).status,
      ).toBe(400);
    }
  });
});

describe("price migrations", () => {
  let original: Licence[] = [];
  const today = new Date();
  const day = (at: Date) => at.toISOString().slice(0, 10);
  const monthlyEnd = periodStart(today, "MONTHLY", 1);
  const annualEnd = periodStart(today, "ANNUAL", 1);
  const deadline = new Date(today.getTime() + 10 * 24 * HOUR);

  async function migrate() {
    const [realm] = await db().select().from(t.realms).where(eq(t.realms.name, "arena"));
    original = realm!.licences;
    const licences = original.map((l) =>
      l.id === "FIGHT_PASS_MONTHLY"
        ? {
            ...l,
            priceMigration: {
              effectiveDate: day(monthlyEnd),
              consentDeadline: deadline.toISOString(),
              amounts: [{ amount: 1299, scale: 2, currency: "EUR" }],
            },
          }
        : l.id === "FIGHT_PASS_ANNUAL"
          ? {
              ...l,
              priceMigration: {
                effectiveDate: day(annualEnd),
                consentDeadline: deadline.toISOString(),
                amounts: [{ amount: 11990, scale: 2, currency: "EUR" }],
              },
            }
          : l,
    );
    await db().update(t.realms).set({ licences }).where(eq(t.realms.name, "arena"));
    forgetRealms(db());
    return licences;
  }
  afterAll(async () => {
    await db().update(t.realms).set({ licences: original }).where(eq(t.realms.name, "arena"));
    forgetRealms(db());
  });

  it("is listed only while its consent deadline is in the future and the customer has not confirmed", () => {
    const at = new Date("2027-03-01T12:00:00Z");
    const migration = (customerConfirmed: boolean) => ({
      consent: { deadline: at.toISOString(), customerConfirmed },
    });
    expect(listsPriceMigration(migration(false), new Date(at.getTime() - 1))).toBe(true);
    expect(listsPriceMigration(migration(false), at)).toBe(false);
    expect(listsPriceMigration(migration(false), new Date(at.getTime() + 1))).toBe(false);
    expect(listsPriceMigration(migration(true), new Date(at.getTime() - 1))).toBe(false);
    expect(listsPriceMigration(undefined, new Date(at.getTime() - 1))).toBe(false);
  });

  it("the subscriptions answer carries it; accepting records consent, once, and only before the deadline", async () => {
    const licences = await migrate();
    const who = await buyer();
    const order = await buy(who);
    const held = await subscription(who, order.orderId);
    expect(held.upcomingPriceMigration).toEqual({
      name: "Fight Pass Monthly",
      purchaseStrategy: { subscriptionPeriod: "MONTHLY" },
      consent: { deadline: deadline.toISOString(), customerConfirmed: false },
      effectiveDate: day(monthlyEnd),
      oldPrice: { total: 999, currency: "EUR", scale: 2 },
      newPrice: { total: 1299, currency: "EUR", scale: 2 },
    });
    // The next charge already says what it will be.
    expect(held.nextCharge.total).toBe(1299);
    const path = `/api/v2/user/subscriptions/${order.orderId}/price-migration/accept`;
    const accepted = await call(who, path, {});
    expect(accepted.status).toBe(200);
    expect(validateBody("accountSubscription", accepted.body).issues).toEqual([]);
    expect(accepted.body.upcomingPriceMigration.consent.customerConfirmed).toBe(true);
    expect((await call(who, path, {})).status).toBe(200);
    expect((await orderRow(order.orderId)).priceMigrationAcceptedAt).not.toBeNull();
    // Someone else's subscription is not found.
    const stranger = await buyer();
    expect((await call(stranger, path, {})).status).toBe(404);
    // After the deadline it can no longer be accepted.
    const late = await buyer();
    const lateOrder = await buy(late);
    await expect(
      acceptPriceMigration(
        db(),
        "arena",
        late.user.id,
        lateOrder.orderId,
        licences,
        new Date(deadline.getTime() + 1),
      ),
    ).rejects.toMatchObject({ code: "PRICE_MIGRATION_CLOSED" });
  });

  it("from its effective date, a monthly subscription renews at the new price without consent", async () => {
    await migrate();
    const who = await buyer();
    const order = await buy(who);
    await renewAt(new Date(monthlyEnd.getTime() + HOUR));
    const [renewal] = await renewalsOf(order.orderId);
    expect([renewal!.status, renewal!.basket.total]).toEqual(["COMPLETED", 1299]);
    // Charged at the new price, the migration is no longer upcoming.
    const answer = await call(who, "/api/v2/user/subscriptions");
    const held = answer.body.items.find((i: { orderId: string }) => i.orderId === order.orderId);
    expect(held.upcomingPriceMigration).toBeUndefined();
    expect(held.nextCharge.total).toBe(1299);
  });

  it("an annual subscription renews at the new price once accepted, and ends at its period's end without", async () => {
    await migrate();
    const yes = await buyer();
    const no = await buyer();
    const accepted = await buy(yes, { licence: "FIGHT_PASS_ANNUAL" });
    const declined = await buy(no, { licence: "FIGHT_PASS_ANNUAL" });
    expect(
      (await call(yes, `/api/v2/user/subscriptions/${accepted.orderId}/price-migration/accept`, {}))
        .status,
    ).toBe(200);
    expect((await subscription(no, declined.orderId)).nextCharge).toBeUndefined();
    await renewAt(new Date(annualEnd.getTime() + HOUR));
    const [renewal] = await renewalsOf(accepted.orderId);
    expect([renewal!.status, renewal!.basket.total]).toEqual(["COMPLETED", 11990]);
    expect(await renewalsOf(declined.orderId)).toHaveLength(0);
    const row = await orderRow(declined.orderId);
    expect([row.renewalState, row.renewalStopReason]).toEqual(["ENDED", "PRICE_NOT_ACCEPTED"]);
  });
});
