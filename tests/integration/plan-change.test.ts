import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import type { Basket } from "../../contract/generated/basket.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import { priceBasket } from "../../platform/commerce/basket.ts";
import { changePlan, currentPeriod, quotePlan } from "../../platform/commerce/plan-change.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

async function call(
  path: string,
  auth: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
) {
  const res = await platform.api.call("arena", path, {
    method: init.method ?? "GET",
    headers: auth,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: await res.json() };
}

const CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Ana" };

const buy = async (auth: Record<string, string>, licence: string) => {
  const paid = await call("/api/v4/basket/pay", auth, {
    method: "POST",
    body: {
      licence,
      provider: "Cardstream",
      idempotencyKey: `key-${crypto.randomUUID()}`,
      card: CARD,
      returnUrl: "/payment/authorization",
    },
  });
  expect(paid.body.status).toBe("COMPLETED");
  return paid.body.orderId as string;
};

const options = (auth: Record<string, string>, orderId: string) =>
  call(`/api/v2/user/subscriptions/${orderId}/plan-changes`, auth);

const change = (auth: Record<string, string>, orderId: string, body: unknown) =>
  call(`/api/v2/user/subscriptions/${orderId}/plan-change`, auth, { method: "POST", body });

const day = (at: Date) => at.toISOString().slice(0, 10);

describe("changing plan (arena: monthly 9.99, annual 99.90 EUR)", () => {
  it("upgrades now for the new price less the unused days, charged once to the saved card", async () => {
    const { auth, user } = await accountWithSession(platform.store, "arena");
    const monthly = await buy(auth, "FIGHT_PASS_MONTHLY");

    const offered = await options(auth, monthly);
    expect(offered.status).toBe(200);
    expect(validateBody("planChangeOptions", offered.body).issues).toEqual([]);
    expect(offered.body.storedCard).toMatchObject({ brand: "Visa", last4: "4242" });
    const today = day(new Date());
    // Bought today: every day of the month is unused, so the whole 9.99 is credited.
    expect(offered.body.items).toEqual([
      expect.objectContaining({
        licenceId: "FIGHT_PASS_ANNUAL",
        kind: "UPGRADE",
        periodTotal: 9990,
        credit: 999,
        dueNow: 8991,
        currency: "EUR",
        scale: 2,
        newPriceFrom: today,
      }),
    ]);
    const nextYear = new Date();
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    expect(offered.body.items[0].nextChargeDate.slice(0, 4)).toBe(
      String(nextYear.getUTCFullYear()),
    );

    // A double click: the same key twice at once is one order, charged once.
    const key = `change-${crypto.randomUUID()}`;
    const body = { licence: "FIGHT_PASS_ANNUAL", idempotencyKey: key };
    const [first, second] = await Promise.all([
      change(auth, monthly, body),
      change(auth, monthly, body),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(validateBody("planChangeResult", first.body).issues).toEqual([]);
    expect(first.body.order.orderId).toBe(second.body.order.orderId);
    expect(first.body.order).toMatchObject({
      status: "COMPLETED",
      licenceId: "FIGHT_PASS_ANNUAL",
      paymentMethod: { last4: "4242" },
      basket: {
        total: 8991,
        totalDiscount: 999,
        proration: { replacesOrderId: monthly, credit: 999, periodTotal: 9990 },
      },
    });
    const orders = await platform.store.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.userId, user.id));
    expect(orders).toHaveLength(2);

    // The held licence switched: the annual runs, the monthly has ended; the next charge is
    // the annual's whole price.
    const held = (await call("/api/v2/user/subscriptions", auth)).body.items;
    const annual = held.find((h: { licenceId: string }) => h.licenceId === "FIGHT_PASS_ANNUAL");
    const old = held.find((h: { orderId: string }) => h.orderId === monthly);
    expect(annual).toMatchObject({ status: "ACTIVE", period: "ANNUAL" });
    expect(annual.nextCharge).toMatchObject({
      total: 9990,
      date: offered.body.items[0].nextChargeDate,
    });
    expect(old.status).toBe("ENDED");

    // Another key afterwards (a second tab): the monthly is over, nothing more is charged.
    const again = await change(auth, monthly, {
      ...body,
      idempotencyKey: `other-${crypto.randomUUID()}`,
    });
    expect(again).toMatchObject({ status: 409, body: { code: "SUBSCRIPTION_ENDED" } });
  });

  it("downgrades at the end of the period, charging and refunding nothing", async () => {
    const { auth, user } = await accountWithSession(platform.store, "arena");
    const annual = await buy(auth, "FIGHT_PASS_ANNUAL");
    const [quote] = (await options(auth, annual)).body.items;
    const held = (await call("/api/v2/user/subscriptions", auth)).body.items[0];
    expect(quote).toMatchObject({
      licenceId: "FIGHT_PASS_MONTHLY",
      kind: "DOWNGRADE",
      dueNow: 0,
      credit: 0,
      periodTotal: 999,
      newPriceFrom: held.endsAt.slice(0, 10),
      nextChargeDate: held.endsAt.slice(0, 10),
    });
    const changed = await change(auth, annual, {
      licence: "FIGHT_PASS_MONTHLY",
      idempotencyKey: `change-${crypto.randomUUID()}`,
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      kind: "DOWNGRADE",
      subscription: {
        orderId: annual,
        licenceId: "FIGHT_PASS_ANNUAL",
        status: "ACTIVE",
        scheduledChange: { licenceId: "FIGHT_PASS_MONTHLY", from: held.endsAt.slice(0, 10) },
        nextCharge: { total: 999, date: held.endsAt.slice(0, 10) },
      },
    });
    const orders = await platform.store.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.userId, user.id));
    expect(orders).toHaveLength(1);
  });

  it("refuses what is not the account's running subscription, other plans and bad bodies", async () => {
    const { auth } = await accountWithSession(platform.store, "arena");
    const stranger = await accountWithSession(platform.store, "arena");
    const monthly = await buy(auth, "FIGHT_PASS_MONTHLY");
    const key = () => `change-${crypto.randomUUID()}`;
    // Someone else's subscription is no subscription of theirs.
    expect((await options(stranger.auth, monthly)).status).toBe(404);
    expect(
      (
        await change(stranger.auth, monthly, {
          licence: "FIGHT_PASS_ANNUAL",
          idempotencyKey: key(),
        })
      ).body.code,
    ).toBe("SUBSCRIPTION_NOT_FOUND");
    // The same plan, an unknown one, another realm's: not offered.
    for (const licence of ["FIGHT_PASS_MONTHLY", "NOPE", "LIGA_MENSAL"]) {
      const refused = await change(auth, monthly, { licence, idempotencyKey: key() });
      expect(refused).toMatchObject({ status: 409, body: { code: "PLAN_NOT_OFFERED" } });
    }
    expect((await change(auth, monthly, { licence: "FIGHT_PASS_ANNUAL" })).status).toBe(400);
    expect(
      (
        await change(auth, monthly, {
          licence: "FIGHT_PASS_ANNUAL",
          idempotencyKey: key(),
          price: 1,
        })
      ).status,
    ).toBe(400);
    expect(
      (await change({}, monthly, { licence: "FIGHT_PASS_ANNUAL", idempotencyKey: key() })).status,
    ).toBe(401);
    // A cancelled subscription does not renew: nothing to change.
    await call(`/api/v2/user/subscriptions/${monthly}/cancel`, auth, { method: "POST" });
    expect((await options(auth, monthly)).body.code).toBe("SUBSCRIPTION_ENDED");
  });

  it("keeps the subscription when the saved card is declined, and a new try may go on", async () => {
    const { auth, user } = await accountWithSession(platform.store, "arena");
    const monthly = await buy(auth, "FIGHT_PASS_MONTHLY");
    await platform.store.db
      .update(t.paymentCards)
      .set({ last4: "0002" })
      .where(eq(t.paymentCards.userId, user.id));
    const declined = await change(auth, monthly, {
      licence: "FIGHT_PASS_ANNUAL",
      idempotencyKey: `change-${crypto.randomUUID()}`,
    });
    expect(declined.body.order).toMatchObject({
      status: "FAILED",
      failure: { code: "CARD_DECLINED" },
    });
    const held = (await call("/api/v2/user/subscriptions", auth)).body.items;
    expect(held.find((h: { orderId: string }) => h.orderId === monthly).status).toBe("ACTIVE");
    // With a card entered this time.
    const paid = await change(auth, monthly, {
      licence: "FIGHT_PASS_ANNUAL",
      idempotencyKey: `change-${crypto.randomUUID()}`,
      card: CARD,
    });
    expect(paid.body.order).toMatchObject({ status: "COMPLETED", basket: { total: 8991 } });
  });
});

describe("the proration rule at month ends", () => {
  const monthlyBasket = (firstCharge?: Basket["firstCharge"]): Basket => ({
    basketItems: [],
    availablePaymentProviders: [],
    currency: "EUR",
    scale: 2,
    tax: 0,
    totalDiscount: 0,
    total: firstCharge ? 0 : 999,
    totalExcTax: 999,
    taxRateEstimated: true,
    ...(firstCharge ? { firstCharge } : {}),
  });
  const annual: Licence = {
    id: "FIGHT_PASS_ANNUAL",
    name: "Fight Pass Annual",
    kind: "SUBSCRIPTION",
    purchaseStrategy: { subscriptionPeriod: "ANNUAL" },
    amounts: [{ amount: 9990, scale: 2, currency: "EUR", local: false, default: true }],
  } as Licence;
  const target = { licence: annual, periodTotal: 9990, currency: "EUR", scale: 2 };
  const utc = (s: string) => new Date(`${s}Z`);

  it.each([
    // bought 31 January: its first month ends 28 February (28 days); 13 of them unused on the 15th
    ["2027-01-31T10:00:00", "2027-02-28T00:00:00", "2027-02-15T12:00:00", "2027-01-31", 28, 464],
    // its second month runs 28 February to 31 March (31 days, the 31st comes back)
    ["2027-01-31T10:00:00", "2027-03-31T00:00:00", "2027-03-05T08:00:00", "2027-02-28", 31, 838],
    // a leap year's February has 29 days: 19 unused on the 10th
    ["2028-01-31T10:00:00", "2028-02-29T00:00:00", "2028-02-10T23:59:00", "2028-01-31", 29, 655],
    // the last day of the period: one day left
    ["2027-04-30T09:00:00", "2027-05-30T00:00:00", "2027-05-29T22:00:00", "2027-04-30", 30, 33],
  ])("bought %s, period to %s, upgraded %s", (startsAt, endsAt, now, start, days, credit) => {
    const period = currentPeriod(
      { basket: monthlyBasket() },
      { startsAt: utc(startsAt), endsAt: utc(endsAt), period: "MONTHLY" },
      utc(now),
    );
    expect(day(period.start)).toBe(start);
    expect((period.end.getTime() - period.start.getTime()) / 86_400_000).toBe(days);
    const quote = quotePlan(period, target, utc(now));
    expect(quote).toMatchObject({ kind: "UPGRADE", credit, dueNow: 9990 - credit });
    expect(quote.newPriceFrom).toBe(now.slice(0, 10));
  });

  it("rounds the credit to the nearest minor unit, halves up, and credits nothing in a trial", () => {
    const start = utc("2027-06-01T00:00:00");
    const end = utc("2027-06-03T00:00:00");
    // 5 × 1 ÷ 2 = 2.5 → 3
    expect(quotePlan({ start, end, paid: 5 }, target, utc("2027-06-02T10:00:00")).credit).toBe(3);
    const trial = currentPeriod(
      { basket: monthlyBasket({ date: "2027-06-08", total: 999, freeDays: 7 }) },
      {
        startsAt: utc("2027-06-01T10:00:00"),
        endsAt: utc("2027-06-08T00:00:00"),
        period: "MONTHLY",
      },
      utc("2027-06-03T00:00:00"),
    );
    expect(trial.paid).toBe(0);
    expect(quotePlan(trial, target, utc("2027-06-03T00:00:00"))).toMatchObject({
      credit: 0,
      dueNow: 9990,
    });
  });

  it("charges the proration through the order path on the store, for a subscription of 31 January", async () => {
    const { user } = await accountWithSession(platform.store, "arena");
    const { db } = platform.store;
    const orderId = crypto.randomUUID();
    await db.insert(t.orders).values({
      id: orderId,
      realm: "arena",
      userId: user.id,
      idempotencyKey: `old-${orderId}`,
      licenceId: "FIGHT_PASS_MONTHLY",
      provider: "Cardstream",
      status: "COMPLETED",
      basket: monthlyBasket(),
    });
    await db.insert(t.entitlements).values({
      userId: user.id,
      licence: "ALL_ACCESS",
      orderId,
      startsAt: utc("2027-01-31T10:00:00"),
      endsAt: utc("2027-02-28T00:00:00"),
    });
    const now = utc("2027-02-15T12:00:00");
    const licences = [
      { ...annual, grants: ["ALL_ACCESS"] },
      {
        ...annual,
        id: "FIGHT_PASS_MONTHLY",
        purchaseStrategy: { subscriptionPeriod: "MONTHLY" },
        grants: ["ALL_ACCESS"],
      },
    ] as Licence[];
    const priced = priceBasket({
      licences: [licences[0]!],
      providers: [{ name: "Cardstream", paymentProviderType: "CREDIT_CARD" }],
      now,
      trialsUsed: ["FIGHT_PASS_ANNUAL"],
    });
    const outcome = await changePlan(db, {
      realm: "arena",
      user: { id: user.id, email: user.email },
      orderId,
      target: licences[0]!,
      priced,
      licences,
      idempotencyKey: `change-${orderId}`,
      provider: "Cardstream",
      storedCard: { brand: "Visa", last4: "4242", expiry: "12/34" },
      order: { now, secret: "s".repeat(40), realmName: "Arena" },
    });
    expect(outcome.kind).toBe("UPGRADE");
    if (outcome.kind !== "UPGRADE") return;
    expect(outcome.order).toMatchObject({ status: "COMPLETED", replacesOrderId: orderId });
    expect(outcome.order.basket).toMatchObject({
      total: 9990 - 464,
      proration: { credit: 464, unusedDays: 13, periodDays: 28, periodTotal: 9990 },
    });
    const granted = await db
      .select()
      .from(t.entitlements)
      .where(eq(t.entitlements.userId, user.id));
    const old = granted.find((g) => g.orderId === orderId)!;
    const fresh = granted.find((g) => g.orderId === outcome.order.id)!;
    expect(old.endsAt).toEqual(now);
    expect(day(fresh.endsAt!)).toBe("2028-02-15");
  });
});
