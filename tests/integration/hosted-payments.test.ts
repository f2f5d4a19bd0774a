import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { crc16 } from "../../platform/commerce/pix.ts";
import { oneTimeCode, sandboxVerdict } from "../../platform/commerce/sandbox-acquirer.ts";
import { resolveSecret } from "../../platform/auth/secrets.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { platformApp, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const mediaSecret = () => resolveSecret(platform.store.db, "media-signing", undefined);
const key = () => `key-${crypto.randomUUID()}`;
const RETURN = "/realm/arena/payment/authorization?return=%2Fvod%2F1";

async function buyer(realm: "arena" | "liga") {
  const account = await accountWithSession(platform.store, realm);
  return { realm, auth: account.auth, user: account.user };
}
type Buyer = Awaited<ReturnType<typeof buyer>>;

async function call(who: Buyer, path: string, body?: unknown) {
  const res = await platform.api.call(who.realm, path, {
    method: body === undefined ? "GET" : "POST",
    headers: who.auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json();
  if (res.ok && path.includes("/orders")) expect(validateBody("order", json).issues).toEqual([]);
  return { status: res.status, body: json };
}

const pay = (who: Buyer, provider: string, extra: Record<string, unknown> = {}) =>
  call(who, "/api/v4/basket/pay", {
    licence: who.realm === "arena" ? "FIGHT_PASS_MONTHLY" : "LIGA_FINAL_PASS",
    country: who.realm === "arena" ? "DE" : "BR",
    provider,
    idempotencyKey: key(),
    returnUrl: RETURN,
    ...extra,
  });

/** The sandbox page of a PENDING order, as the viewer's browser opens it. */
async function openPage(realm: Buyer["realm"], url: string, language = "en") {
  const res = await platform.api.call(realm, url, { headers: { "Accept-Language": language } });
  return { status: res.status, html: await res.text() };
}

/** A decision posted on a sandbox page, as its form does. */
async function decide(
  realm: Buyer["realm"],
  url: string,
  fields: Record<string, string>,
  server = platform.api,
) {
  const ticket = new URL(url, "http://x.invalid").searchParams.get("ticket")!;
  const res = await server.call(realm, "/api/sandbox-acquirer/pay", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ticket, ...fields }).toString(),
  });
  return { status: res.status, location: res.headers.get("Location"), html: await res.text() };
}

const entitlementsOf = (userId: number) =>
  platform.store.db.select().from(t.entitlements).where(eq(t.entitlements.userId, userId));

describe("providers with a page of their own, through the sandbox acquirer", () => {
  it("the basket names each provider's method, and offers Pix only for reais", async () => {
    const arena = await buyer("arena");
    const basket = await call(arena, "/api/v4/basket?licence=FIGHT_PASS_MONTHLY&country=DE");
    expect(
      basket.body.availablePaymentProviders.map((p: { name: string; method: string }) => [
        p.name,
        p.method,
      ]),
    ).toEqual([
      ["Cardstream", "CARD"],
      ["SecurePay", "HOSTED_CARD"],
      ["PayWallet", "PAYPAL"],
      ["GeoBank", "BANK"],
      ["GCash", "MOBILE"],
    ]);
    const liga = await buyer("liga");
    const names = async (country: string) =>
      (
        await call(liga, `/api/v4/basket?licence=LIGA_FINAL_PASS&country=${country}`)
      ).body.availablePaymentProviders.map((p: { name: string }) => p.name);
    expect(await names("BR")).toEqual(["Cardstream", "PixPay"]);
    expect(await names("PT")).toEqual(["Cardstream"]);
  });

  it("a wallet approval completes the order and grants; cancelling fails it and charges nothing", async () => {
    const who = await buyer("arena");
    const cancelled = await pay(who, "PayWallet");
    expect(cancelled.body).toMatchObject({ status: "PENDING", entitlements: [] });
    const url = cancelled.body.action.redirectUrl as string;
    expect(url).toMatch(/^\/api\/sandbox-acquirer\/pay\?ticket=/);
    const page = await openPage("arena", url);
    expect(page.html).toContain("Approve payment");
    const back = await decide("arena", url, { decision: "cancel" });
    expect(back.status).toBe(303);
    const location = new URL(back.location!, "http://x.invalid");
    expect(location.pathname).toBe("/realm/arena/payment/authorization");
    expect(location.searchParams.get("redirect_status")).toBe("failed");
    const failed = await call(who, `/api/v4/orders/${cancelled.body.orderId}`);
    expect(failed.body).toMatchObject({
      status: "FAILED",
      failure: { code: "PAYMENT_CANCELLED", label: "paymentCancelled" },
    });

    const approved = await pay(who, "PayWallet");
    const done = await decide("arena", approved.body.action.redirectUrl, { decision: "approve" });
    expect(new URL(done.location!, "http://x.invalid").searchParams.get("redirect_status")).toBe(
      "succeeded",
    );
    const order = await call(who, `/api/v4/orders/${approved.body.orderId}`);
    expect(order.body).toMatchObject({
      status: "COMPLETED",
      paymentMethod: { brand: "PayPal" },
      entitlements: [{ licence: "ALL_ACCESS" }],
    });
    expect(await entitlementsOf(who.user.id)).toHaveLength(1);
  });

  it("the hosted payment page takes a card (checked, declined or paid) or a recurring mandate", async () => {
    const who = await buyer("arena");
    const first = await pay(who, "SecurePay");
    const url = first.body.action.redirectUrl as string;
    const page = await openPage("arena", url);
    expect(page.status).toBe(200);
    for (const text of ["Card number", "Bancontact", "iDEAL"]) expect(page.html).toContain(text);
    const card = { holder: "Robin Watcher", expiry: "12/34", cvc: "123" };
    const mistyped = await decide("arena", url, {
      decision: "card",
      ...card,
      number: "4242 4242 4242 4241",
    });
    expect(mistyped.status).toBe(422);
    expect(mistyped.html).toContain("Check the card number.");
    expect(mistyped.html).toContain('value="Robin Watcher"');
    expect((await call(who, `/api/v4/orders/${first.body.orderId}`)).body.status).toBe("PENDING");
    await decide("arena", url, { decision: "card", ...card, number: "4000 0000 0000 0002" });
    expect((await call(who, `/api/v4/orders/${first.body.orderId}`)).body).toMatchObject({
      status: "FAILED",
      failure: { code: "CARD_DECLINED" },
      paymentMethod: { brand: "Visa", last4: "0002" },
    });

    const second = await pay(who, "SecurePay");
    await decide("arena", second.body.action.redirectUrl, {
      decision: "card",
      ...card,
      number: "5555 5555 5555 4444",
    });
    expect((await call(who, `/api/v4/orders/${second.body.orderId}`)).body).toMatchObject({
      status: "COMPLETED",
      paymentMethod: { brand: "Mastercard", last4: "4444", expiry: "12/34" },
    });

    const other = await buyer("arena");
    const mandate = await pay(other, "SecurePay");
    await decide("arena", mandate.body.action.redirectUrl, { decision: "ideal" });
    expect((await call(other, `/api/v4/orders/${mandate.body.orderId}`)).body).toMatchObject({
      status: "COMPLETED",
      paymentMethod: { brand: "iDEAL" },
    });
  });

  it("the Georgian bank's page speaks Georgian and names the order; its callback completes it", async () => {
    const who = await buyer("arena");
    const pending = await pay(who, "GeoBank");
    const page = await openPage("arena", pending.body.action.redirectUrl, "en-GB");
    expect(page.html).toContain('lang="ka"');
    expect(page.html).toContain("შეკვეთის ნომერი");
    expect(page.html).toContain(pending.body.orderId);
    const back = await decide("arena", pending.body.action.redirectUrl, { decision: "pay" });
    expect(back.status).toBe(303);
    // The signed callback settled it before the browser came back.
    expect((await call(who, `/api/v4/orders/${pending.body.orderId}`)).body).toMatchObject({
      status: "COMPLETED",
      paymentMethod: { brand: "GeoBank" },
    });
  });

  it("a mobile payment needs its one-time code; wrong codes are counted and the sixth try fails it", async () => {
    const who = await buyer("arena");
    const pending = await pay(who, "GCash");
    const url = pending.body.action.redirectUrl as string;
    const code = oneTimeCode(await mediaSecret(), pending.body.orderId);
    expect((await openPage("arena", url)).html).toContain(code);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await decide("arena", url, { decision: "confirm", code: wrong });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain('role="alert"');
    const right = await decide("arena", url, { decision: "confirm", code });
    expect(right.status).toBe(303);
    expect((await call(who, `/api/v4/orders/${pending.body.orderId}`)).body.status).toBe(
      "COMPLETED",
    );

    const guesser = await buyer("arena");
    const guessed = await pay(guesser, "GCash");
    const guessUrl = guessed.body.action.redirectUrl as string;
    const secretCode = oneTimeCode(await mediaSecret(), guessed.body.orderId);
    const guesses = Array.from({ length: 5 }, (_, i) =>
      String((Number(secretCode) + 1 + i) % 1_000_000).padStart(6, "0"),
    );
    // Five wrong codes at once: each is counted before it is checked.
    const answers = await Promise.all(
      guesses.map((guess) => decide("arena", guessUrl, { decision: "confirm", code: guess })),
    );
    expect(answers.map((a) => a.status)).toEqual([422, 422, 422, 422, 422]);
    // The right code after five wrong ones comes too late: the payment has failed.
    const late = await decide("arena", guessUrl, { decision: "confirm", code: secretCode });
    expect(late.status).toBe(303);
    expect(new URL(late.location!, "http://x.invalid").searchParams.get("redirect_status")).toBe(
      "failed",
    );
    expect((await call(guesser, `/api/v4/orders/${guessed.body.orderId}`)).body).toMatchObject({
      status: "FAILED",
      failure: { code: "AUTHENTICATION_FAILED" },
      entitlements: [],
    });
  });

  it("servers sharing the store count a mobile payment's wrong codes together", async () => {
    const other = platformApp(platform.store);
    const guesser = await buyer("arena");
    const guessed = await pay(guesser, "GCash");
    const url = guessed.body.action.redirectUrl as string;
    const code = oneTimeCode(await mediaSecret(), guessed.body.orderId);
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) {
      const server = i % 2 === 0 ? platform.api : other;
      expect(
        (await decide("arena", url, { decision: "confirm", code: wrong(i) }, server)).status,
      ).toBe(422);
    }
    // Three wrong codes went to this server and two to the other: five in all.
    const late = await decide("arena", url, { decision: "confirm", code });
    expect(new URL(late.location!, "http://x.invalid").searchParams.get("redirect_status")).toBe(
      "failed",
    );
  });

  it("a notification reaches only its own provider's orders, and a browser's result is none", async () => {
    const who = await buyer("arena");
    const pending = await pay(who, "PayWallet");
    const id = pending.body.orderId as string;
    const signed = sandboxVerdict(
      await mediaSecret(),
      { order: id, realm: "arena" },
      "succeeded",
      new Date(),
    );
    const notify = (provider: string, body: string) =>
      platform.api.call("arena", `/api/v4/payments/notifications/${provider}`, {
        method: "POST",
        headers: {},
        body: JSON.stringify({ signed: body }),
      });
    expect((await notify("GCash", signed.notification)).status).toBe(404);
    expect((await notify("PayWallet", signed.result)).status).toBe(401);
    expect((await call(who, `/api/v4/orders/${id}`)).body.status).toBe("PENDING");
    expect((await notify("PayWallet", signed.notification)).status).toBe(200);
    expect((await call(who, `/api/v4/orders/${id}`)).body.status).toBe("COMPLETED");
  });
});

describe("Pix", () => {
  it("waits with a BR Code; the banking app's payment completes it, and the poll sees it", async () => {
    const who = await buyer("liga");
    const pending = await pay(who, "PixPay", { returnUrl: "/realm/liga/payment/authorization" });
    expect(pending.body.status).toBe("PENDING");
    const pix = pending.body.action.pix as { payload: string; expiresAt: string; payUrl: string };
    expect(pending.body.action.redirectUrl).toBeUndefined();
    // EMV: format 01, the Pix GUI, reais, 19.90, Brazil, sealed by its CRC.
    expect(pix.payload.startsWith("000201")).toBe(true);
    expect(pix.payload).toContain("0014br.gov.bcb.pix");
    expect(pix.payload).toContain("5303986");
    expect(pix.payload).toContain("540519.90");
    expect(pix.payload).toContain("5802BR");
    expect(pix.payload.slice(-4)).toBe(crc16(pix.payload.slice(0, -4)));
    expect(new Date(pix.expiresAt).getTime()).toBeGreaterThan(Date.now() + 20 * 60_000);

    const page = await openPage("liga", pix.payUrl, "pt-BR");
    expect(page.html).toContain("Pagar com Pix");
    const paid = await decide("liga", pix.payUrl, { decision: "pay" });
    // The banking app says so and links back; it does not drive the shop's page.
    expect(paid.status).toBe(200);
    expect(paid.html).toContain("/realm/liga/payment/authorization?order=");
    expect((await call(who, `/api/v4/orders/${pending.body.orderId}`)).body).toMatchObject({
      status: "COMPLETED",
      paymentMethod: { brand: "Pix" },
      entitlements: [{ licence: "LIGA_FINAL_PASS" }],
    });
  });

  it("a charge nobody paid in time lapses: the order fails and gives its voucher back", async () => {
    const who = await buyer("liga");
    const pending = await pay(who, "PixPay", { voucher: "TORCIDA20" });
    expect(pending.body.status).toBe("PENDING");
    await platform.store.db
      .update(t.orders)
      .set({
        pixCharge: {
          ...pending.body.action.pix,
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        },
      })
      .where(eq(t.orders.id, pending.body.orderId));
    const lapsed = await call(who, `/api/v4/orders/${pending.body.orderId}`);
    expect(lapsed.body).toMatchObject({
      status: "FAILED",
      failure: { code: "PAYMENT_EXPIRED", label: "paymentExpired" },
    });
    expect(lapsed.body.action).toBeUndefined();
    expect(
      await platform.store.db
        .select()
        .from(t.voucherRedemptions)
        .where(
          and(
            eq(t.voucherRedemptions.userId, who.user.id),
            eq(t.voucherRedemptions.orderRef, pending.body.orderId),
          ),
        ),
    ).toHaveLength(0);
  });
});
