import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { sandboxVerdict } from "../../platform/commerce/sandbox-acquirer.ts";
import { verifyPayment, type SandboxTicket } from "../../platform/commerce/payment-signatures.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { resolveSecret } from "../../platform/auth/secrets.ts";

const platform = useSeededPlatform();
/** The platform's secret, as the server resolves it from the store. */
const mediaSecret = () => resolveSecret(platform.store.db, "media-signing", undefined);

const CARDS = {
  ok: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  challenge: "4000 0000 0000 3220",
  network: "4000 0000 0000 0119",
};
const card = (number: string) => ({ number, expiry: "12/34", cvc: "123", holder: "Ana Torcedora" });
const key = () => `key-${crypto.randomUUID()}`;

async function buyer() {
  const account = await accountWithSession(platform.store, "liga");
  return { auth: account.auth, user: account.user };
}

async function call(auth: Record<string, string>, path: string, body?: unknown) {
  const res = await platform.api.call("liga", path, {
    method: body === undefined ? "GET" : "POST",
    headers: auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json();
  if (res.ok) expect(validateBody("order", json).issues).toEqual([]);
  return { status: res.status, body: json };
}

const pay = (auth: Record<string, string>, number: string, extra: Record<string, unknown> = {}) =>
  call(auth, "/api/v4/basket/pay", {
    licence: "LIGA_FINAL_PASS",
    country: "BR",
    provider: "Cardstream",
    idempotencyKey: key(),
    card: card(number),
    returnUrl: "/realm/liga/payment/authorization?return=%2Fvod%2F1",
    ...extra,
  });

const entitlementsOf = (userId: number) =>
  platform.store.db.select().from(t.entitlements).where(eq(t.entitlements.userId, userId));
const receiptsTo = (email: string) =>
  platform.store.db
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.recipient, email), eq(t.outbox.kind, "receipt")));

/** The challenge ticket of a PENDING order's page, as the acquirer reads it. */
async function ticketOf(redirectUrl: string): Promise<SandboxTicket> {
  const signed = new URL(redirectUrl, "http://x.invalid").searchParams.get("ticket")!;
  const secret = await mediaSecret();
  return verifyPayment<SandboxTicket>(secret, "sandbox-ticket", signed, Date.now() / 1000)!;
}

const notify = (signed: string) =>
  platform.api.call("liga", "/api/v4/payments/notifications/Cardstream", {
    method: "POST",
    headers: {},
    body: JSON.stringify({ signed }),
  });

describe("paying by card through the sandbox acquirer", () => {
  it("a good card completes at once and grants; only brand, last four and expiry are kept", async () => {
    const { auth, user } = await buyer();
    const order = await pay(auth, CARDS.ok);
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      status: "COMPLETED",
      paymentMethod: { brand: "Visa", last4: "4242", expiry: "12/34" },
      entitlements: [{ licence: "LIGA_FINAL_PASS" }],
    });
    expect(await receiptsTo(user.email)).toHaveLength(1);
    const rows = await platform.store.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.userId, user.id));
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("4242424242424242");
    expect(stored).not.toContain("4242 4242");
    expect(stored).not.toContain('"123"');
    const own = await call(auth, `/api/v4/orders/${order.body.orderId}`);
    expect([own.status, own.body.status]).toEqual([200, "COMPLETED"]);
  });

  it("a declined card fails, grants nothing and frees its voucher; another card then pays", async () => {
    const { auth, user } = await buyer();
    const usesOfTorcida = async () =>
      (
        await platform.store.db
          .select({ n: t.vouchers.redemptions })
          .from(t.vouchers)
          .where(and(eq(t.vouchers.realm, "liga"), eq(t.vouchers.code, "TORCIDA20")))
      )[0]!.n;
    const usesBefore = await usesOfTorcida();
    const declined = await pay(auth, CARDS.declined, { voucher: "TORCIDA20" });
    expect(declined.body).toMatchObject({
      status: "FAILED",
      failure: { code: "CARD_DECLINED", label: "cardDeclined" },
      entitlements: [],
    });
    expect(
      await platform.store.db
        .select()
        .from(t.voucherRedemptions)
        .where(eq(t.voucherRedemptions.userId, user.id)),
    ).toHaveLength(0);
    // Its count too, so declined cards never use up a voucher's limit.
    expect(await usesOfTorcida()).toBe(usesBefore);
    const retry = await pay(auth, CARDS.ok, { voucher: "TORCIDA20" });
    expect(retry.body.status).toBe("COMPLETED");
    expect(await entitlementsOf(user.id)).toHaveLength(1);
  });

  it("a card the acquirer cannot reach fails with PAYMENT_NETWORK_ERROR", async () => {
    const { auth, user } = await buyer();
    const order = await pay(auth, CARDS.network);
    expect(order.body.failure).toEqual({
      code: "PAYMENT_NETWORK_ERROR",
      label: "paymentNetworkError",
    });
    expect(await entitlementsOf(user.id)).toHaveLength(0);
  });

  it("each wrong field has its own code, and nothing is placed", async () => {
    const { auth, user } = await buyer();
    const cases: [Record<string, string>, string][] = [
      [{ number: "4242 4242 4242 4241" }, "INVALID_CARD_NUMBER"],
      [{ number: "4242" }, "INVALID_CARD_NUMBER"],
      [{ expiry: "13/30" }, "INVALID_CARD_EXPIRY"],
      [{ expiry: "01/20" }, "INVALID_CARD_EXPIRY"],
      [{ cvc: "12" }, "INVALID_CARD_CVC"],
      [{ holder: " " }, "INVALID_CARD_HOLDER"],
    ];
    for (const [change, code] of cases) {
      const res = await pay(auth, CARDS.ok, { card: { ...card(CARDS.ok), ...change } });
      expect([res.status, res.body.code], JSON.stringify(change)).toEqual([400, code]);
    }
    const redirect = await pay(auth, CARDS.ok, { returnUrl: "//evil.test/x" });
    expect([redirect.status, redirect.body.code]).toEqual([400, "INVALID_BODY"]);
    expect(
      await platform.store.db.select().from(t.orders).where(eq(t.orders.userId, user.id)),
    ).toHaveLength(0);
  });

  it("a 3-D Secure card waits for its challenge; the notification and the return settle it once, in either order", async () => {
    for (const order of ["notification first", "return first"] as const) {
      const { auth, user } = await buyer();
      const pending = await pay(auth, CARDS.challenge);
      expect(pending.body.status).toBe("PENDING");
      expect(pending.body.action.redirectUrl).toMatch(
        /^\/api\/sandbox-acquirer\/challenge\?ticket=/,
      );
      expect(await entitlementsOf(user.id)).toHaveLength(0);
      const ticket = await ticketOf(pending.body.action.redirectUrl);
      expect(ticket.returnUrl).toBe("/realm/liga/payment/authorization?return=%2Fvod%2F1");
      const verdict = sandboxVerdict(await mediaSecret(), ticket, "succeeded", new Date());
      const confirm = () =>
        call(auth, `/api/v4/orders/${pending.body.orderId}/confirm`, { result: verdict.result });
      if (order === "notification first") {
        expect((await notify(verdict.notification)).status).toBe(200);
        expect((await notify(verdict.notification)).status).toBe(200);
        expect((await confirm()).body.status).toBe("COMPLETED");
      } else {
        expect((await confirm()).body.status).toBe("COMPLETED");
        expect((await notify(verdict.notification)).status).toBe(200);
      }
      expect(await entitlementsOf(user.id)).toHaveLength(1);
      expect(await receiptsTo(user.email)).toHaveLength(1);
    }
  });

  it("five confirms at once are one completion: one entitlement set, one receipt", async () => {
    const { auth, user } = await buyer();
    const pending = await pay(auth, CARDS.challenge);
    const ticket = await ticketOf(pending.body.action.redirectUrl);
    const verdict = sandboxVerdict(await mediaSecret(), ticket, "succeeded", new Date());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(auth, `/api/v4/orders/${pending.body.orderId}/confirm`, { result: verdict.result }),
      ),
    );
    expect(answers.map((a) => a.body.status)).toEqual(Array(5).fill("COMPLETED"));
    expect(await entitlementsOf(user.id)).toHaveLength(1);
    expect(await receiptsTo(user.email)).toHaveLength(1);
  });

  it("a failed challenge fails the order; forged or foreign results change nothing", async () => {
    const { auth, user } = await buyer();
    const pending = await pay(auth, CARDS.challenge);
    const id = pending.body.orderId as string;
    const ticket = await ticketOf(pending.body.action.redirectUrl);
    const secret = await mediaSecret();
    const forged = sandboxVerdict("not-the-secret", ticket, "succeeded", new Date());
    expect((await notify(forged.notification)).status).toBe(401);
    const wrong = await call(auth, `/api/v4/orders/${id}/confirm`, { result: forged.result });
    expect([wrong.status, wrong.body.code]).toEqual([400, "INVALID_SIGNATURE"]);
    // A result signed for another order is not this one's.
    const other = sandboxVerdict(secret, { ...ticket, order: "another" }, "succeeded", new Date());
    expect(
      (await call(auth, `/api/v4/orders/${id}/confirm`, { result: other.result })).status,
    ).toBe(400);
    // Someone else's order is not there at all.
    const stranger = await buyer();
    expect((await call(stranger.auth, `/api/v4/orders/${id}`)).status).toBe(404);
    expect(await entitlementsOf(user.id)).toHaveLength(0);

    const failed = sandboxVerdict(secret, ticket, "failed", new Date());
    const answer = await call(auth, `/api/v4/orders/${id}/confirm`, { result: failed.result });
    expect(answer.body).toMatchObject({
      status: "FAILED",
      failure: { code: "AUTHENTICATION_FAILED" },
    });
    // A success arriving after the failure does not revive it.
    const late = sandboxVerdict(secret, ticket, "succeeded", new Date());
    expect((await notify(late.notification)).status).toBe(200);
    expect(await entitlementsOf(user.id)).toHaveLength(0);
  });

  it("the challenge page completes by its form and sends the browser back with the result", async () => {
    const { auth, user } = await buyer();
    const pending = await pay(auth, CARDS.challenge);
    const url = pending.body.action.redirectUrl as string;
    const page = await platform.api.call("liga", url, { headers: { "Accept-Language": "pt-BR" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="pt"');
    expect(html).toContain("Concluir autenticação");
    const ticket = new URL(url, "http://x.invalid").searchParams.get("ticket")!;
    const sent = await platform.api.call("liga", "/api/sandbox-acquirer/challenge", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ticket, decision: "complete" }).toString(),
    });
    expect(sent.status).toBe(303);
    const back = new URL(sent.headers.get("Location")!, "http://x.invalid");
    expect(back.pathname).toBe("/realm/liga/payment/authorization");
    expect(back.searchParams.get("order")).toBe(pending.body.orderId);
    expect(back.searchParams.get("redirect_status")).toBe("succeeded");
    // The notification already settled it; the return's result confirms again, changing nothing.
    expect(await entitlementsOf(user.id)).toHaveLength(1);
    const again = await call(auth, `/api/v4/orders/${pending.body.orderId}/confirm`, {
      result: back.searchParams.get("result"),
    });
    expect(again.body.status).toBe("COMPLETED");
    expect(await receiptsTo(user.email)).toHaveLength(1);
    const expired = await platform.api.call(
      "liga",
      "/api/sandbox-acquirer/challenge?ticket=x.y",
      {},
    );
    expect(expired.status).toBe(400);
  });
});
