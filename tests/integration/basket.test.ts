import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import * as t from "../../platform/store/schema.ts";
import { addDays } from "../../platform/commerce/periods.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

/** A fresh liga customer's token; `holding` licences written to the store first. */
async function customer(holding: string[] = []) {
  const account = await accountWithSession(platform.store, "liga");
  for (const licence of holding) {
    await platform.store.db.insert(t.entitlements).values({ userId: account.user.id, licence });
  }
  return account.auth;
}

async function basket(auth: Record<string, string>, query: string) {
  const res = await platform.api.call("liga", `/api/v4/basket?${query}`, { headers: auth });
  const body = await res.json();
  if (res.ok) {
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(validateBody("basket", body).issues).toEqual([]);
  }
  return { status: res.status, body };
}

const day = (date: Date) => date.toISOString().slice(0, 10);

describe("GET /v4/basket", () => {
  it("a new customer's monthly pass: the trial charges nothing now and names the first charge", async () => {
    const { status, body } = await basket(await customer(), "licence=LIGA_MENSAL&country=PT");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      basketItems: [
        { licenceId: "LIGA_MENSAL", catalogPrice: 699, currency: "EUR", total: 0, tax: 0 },
      ],
      total: 0,
      taxRateEstimated: false,
      firstCharge: { date: day(addDays(new Date(), 7)), total: 699, freeDays: 7 },
    });
    // A method is still asked for: the realm's providers, not the zero-balance one.
    expect(body.availablePaymentProviders.length).toBeGreaterThan(0);
    expect(
      body.availablePaymentProviders.map(
        (p: { paymentProviderType: string }) => p.paymentProviderType,
      ),
    ).not.toContain("ZERO_BALANCE");
  });

  it("no second trial for an account that holds what the licence grants", async () => {
    const { body } = await basket(await customer(["ALL_ACCESS"]), "licence=LIGA_MENSAL&country=PT");
    // 6.99 with 23 % inside: 1.31 of it is tax (130.7 rounded half up).
    expect(body).toMatchObject({ total: 699, tax: 131, totalExcTax: 568 });
    expect(body.firstCharge).toBeUndefined();
  });

  it("prices for the country, and estimates tax while the country is unknown", async () => {
    const auth = await customer(["ALL_ACCESS"]);
    expect((await basket(auth, "licence=LIGA_MENSAL&country=BR")).body).toMatchObject({
      currency: "BRL",
      total: 2990,
      tax: 0,
      taxRateEstimated: false,
    });
    expect((await basket(auth, "licence=LIGA_MENSAL")).body).toMatchObject({
      currency: "EUR",
      tax: 131,
      taxRateEstimated: true,
    });
  });

  it("applies the realm's vouchers by code, whatever the case", async () => {
    const auth = await customer(["ALL_ACCESS"]);
    const twenty = await basket(auth, "licence=LIGA_MENSAL&country=PT&voucher=torcida20");
    // 20 % of 6.99 is 1.398: 1.40 off, 5.59 to pay.
    expect(twenty.body).toMatchObject({ total: 559, totalDiscount: 140 });
    expect(twenty.body.voucher).toMatchObject({ code: "TORCIDA20", discount: 140 });
    const free = await basket(auth, "licence=LIGA_FINAL_PASS&country=PT&voucher=FINAL-GRATIS");
    expect(free.body).toMatchObject({ total: 0, totalDiscount: 499 });
    expect(free.body.availablePaymentProviders).toEqual([
      { name: "zero-balance", paymentProviderType: "ZERO_BALANCE", method: "NONE" },
    ]);
  });

  it("says why it cannot: an unknown voucher, one for another licence, a licence or country that is not one", async () => {
    const auth = await customer();
    const cases: [string, number, string][] = [
      ["licence=LIGA_MENSAL&voucher=NO-SUCH", 404, "INVALID_VOUCHER"],
      ["licence=LIGA_MENSAL&voucher=FINAL-GRATIS", 409, "INVALID_VOUCHER"],
      ["licence=NO_SUCH", 404, "NOT_FOUND"],
      ["", 400, "INVALID_QUERY"],
      ["licence=LIGA_MENSAL&country=Portugal", 400, "INVALID_QUERY"],
    ];
    for (const [query, status, code] of cases) {
      const answer = await basket(auth, query);
      expect([query, answer.status, answer.body.code]).toEqual([query, status, code]);
    }
  });

  it("is for signed-in accounts: not for guests or anonymous callers", async () => {
    const checkin = await platform.api.call("liga", "/api/v2/login/guest/checkin", {
      method: "POST",
    });
    const { authorisationToken } = await checkin.json();
    const guest = await basket(
      { Authorization: `Bearer ${authorisationToken}` },
      "licence=LIGA_MENSAL",
    );
    expect(guest.status).toBe(403);
    expect((await basket({}, "licence=LIGA_MENSAL")).status).toBe(401);
  });
});

describe("POST /v4/basket/pay", () => {
  const pay = async (auth: Record<string, string>, body: Record<string, unknown>) => {
    const res = await platform.api.call("liga", "/api/v4/basket/pay", {
      method: "POST",
      headers: auth,
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (res.ok) expect(validateBody("order", json).issues).toEqual([]);
    return { status: res.status, body: json };
  };
  const key = () => `key-${crypto.randomUUID()}`;

  async function buyer() {
    const account = await accountWithSession(platform.store, "liga");
    return { auth: account.auth, user: account.user };
  }
  const entitlementsOf = (userId: number) =>
    platform.store.db.select().from(t.entitlements).where(eq(t.entitlements.userId, userId));
  const receiptsTo = (email: string) =>
    platform.store.db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.recipient, email), eq(t.outbox.kind, "receipt")));
  const redemptionsOf = (userId: number) =>
    platform.store.db
      .select()
      .from(t.voucherRedemptions)
      .where(eq(t.voucherRedemptions.userId, userId));

  it("a pass paid in full by a voucher completes with the zero-balance provider, and then opens its event", async () => {
    const { auth, user } = await buyer();
    const [final] = await platform.store.db
      .select({ id: t.events.id })
      .from(t.events)
      .where(
        and(eq(t.events.realm, "liga"), eq(t.events.externalKey, "copa-final-estadio-nacional")),
      );
    const playback = async () =>
      (
        await platform.api.call("liga", `/api/v2/playback/live/${final!.id}`, { headers: auth })
      ).json() as Promise<{ code: string }>;
    expect((await playback()).code).toBe("NOT_LICENSED");

    const order = await pay(auth, {
      licence: "LIGA_FINAL_PASS",
      voucher: "final-gratis",
      country: "PT",
      provider: "zero-balance",
      idempotencyKey: key(),
    });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      status: "COMPLETED",
      licenceId: "LIGA_FINAL_PASS",
      provider: "zero-balance",
      basket: { total: 0, totalDiscount: 499 },
      entitlements: [{ licence: "LIGA_FINAL_PASS", endsAt: null }],
    });
    // Licensed now: the final is only not on yet.
    expect((await playback()).code).toBe("NOT_STARTED");
    expect(await receiptsTo(user.email)).toHaveLength(1);
    expect(await redemptionsOf(user.id)).toHaveLength(1);
  });

  it("the same key again, or two presses at once, is one order: one entitlement, one receipt, one voucher use", async () => {
    const { auth, user } = await buyer();
    const body = {
      licence: "LIGA_FINAL_PASS",
      voucher: "FINAL-GRATIS",
      provider: "zero-balance",
      idempotencyKey: key(),
    };
    const [a, b] = await Promise.all([pay(auth, body), pay(auth, body)]);
    expect(a.body.orderId).toBe(b.body.orderId);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const again = await pay(auth, body);
    expect([again.status, again.body.orderId, again.body.status]).toEqual([
      200,
      a.body.orderId,
      "COMPLETED",
    ]);
    expect(await entitlementsOf(user.id)).toHaveLength(1);
    expect(await receiptsTo(user.email)).toHaveLength(1);
    expect(await redemptionsOf(user.id)).toHaveLength(1);
  });

  it("refuses a provider the basket does not offer, or one the platform has no adapter for, and keeps nothing", async () => {
    const { auth, user } = await buyer();
    const free = await pay(auth, {
      licence: "LIGA_FINAL_PASS",
      provider: "zero-balance",
      idempotencyKey: key(),
    });
    expect([free.status, free.body.code]).toEqual([409, "PAYMENT_PROVIDER_UNAVAILABLE"]);
    const basketNow = await basket(auth, "licence=LIGA_FINAL_PASS&country=PT");
    // Liga names PixPay too, which charges reais only: a basket in euros is not offered it.
    expect(basketNow.body.availablePaymentProviders.map((p: { name: string }) => p.name)).toEqual([
      "Cardstream",
    ]);
    const pix = await pay(auth, {
      licence: "LIGA_FINAL_PASS",
      provider: "PixPay",
      idempotencyKey: key(),
    });
    expect([pix.status, pix.body.code]).toEqual([409, "PAYMENT_PROVIDER_UNAVAILABLE"]);
    // The card provider without a card: the input is refused before any order.
    const card = await pay(auth, {
      licence: "LIGA_FINAL_PASS",
      provider: "Cardstream",
      idempotencyKey: key(),
    });
    expect([card.status, card.body.code]).toEqual([400, "INVALID_CARD_NUMBER"]);
    expect(await entitlementsOf(user.id)).toHaveLength(0);
    const orders = await platform.store.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.userId, user.id));
    expect(orders).toHaveLength(0);
  });

  it("checks its body against the contract", async () => {
    const { auth } = await buyer();
    const bad = await pay(auth, {
      licence: "LIGA_FINAL_PASS",
      provider: "zero-balance",
      idempotencyKey: "short",
    });
    expect([bad.status, bad.body.code]).toEqual([400, "INVALID_BODY"]);
  });
});
