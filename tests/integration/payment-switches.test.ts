import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { resolveSecret } from "../../platform/auth/secrets.ts";
import { verifyPayment, type SandboxTicket } from "../../platform/commerce/payment-signatures.ts";
import { sandboxVerdict } from "../../platform/commerce/sandbox-acquirer.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const mediaSecret = () => resolveSecret(platform.store.db, "media-signing", undefined);

type Auth = Record<string, string>;

async function call(auth: Auth, path: string, body?: unknown) {
  const res = await platform.api.call("liga", path, {
    method: body === undefined ? "GET" : "POST",
    headers: auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const card = (number: string, expiry = "12/34") => ({ number, expiry, cvc: "123", holder: "Ana" });

/** A viewer holding the monthly subscription, paid by the Visa ending 4242 (12/34). */
async function subscriber() {
  const { auth } = await accountWithSession(platform.store, "liga");
  const paid = await call(auth, "/api/v4/basket/pay", {
    licence: "LIGA_MENSAL",
    country: "BR",
    provider: "Cardstream",
    idempotencyKey: crypto.randomUUID(),
    card: card("4242 4242 4242 4242"),
    returnUrl: "/realm/liga/payment/authorization",
  });
  expect(paid.body.status).toBe("COMPLETED");
  return { auth, orderId: paid.body.orderId as string };
}

/** The acquirer's ticket of a waiting change's challenge page, as the acquirer reads it. */
async function ticketOf(redirectUrl: string): Promise<SandboxTicket> {
  const signed = new URL(redirectUrl, "http://x.invalid").searchParams.get("ticket")!;
  return verifyPayment<SandboxTicket>(
    await mediaSecret(),
    "sandbox-ticket",
    signed,
    Date.now() / 1000,
  )!;
}

const switchTo = (auth: Auth, orderId: string, number: string, expiry?: string) =>
  call(auth, `/api/v2/payment-details/${orderId}/switch`, {
    provider: "Cardstream",
    card: card(number, expiry),
    returnUrl: "/realm/liga/payment/update",
  });

async function details(auth: Auth) {
  const answer = await call(auth, "/api/v2/payment-details");
  expect(answer.status).toBe(200);
  expect(validateBody("paymentDetailsList", answer.body).issues).toEqual([]);
  return answer.body.items as {
    orderId: string;
    methods: { state: string; method: { expiry?: string } }[];
  }[];
}

describe("changing a subscription's payment method (/api/v2/payment-details)", () => {
  it("lists each running subscription's method as ACTIVE", async () => {
    const { auth, orderId } = await subscriber();
    expect(await details(auth)).toEqual([
      {
        orderId,
        name: expect.any(String),
        methods: [{ state: "ACTIVE", method: { brand: "Visa", last4: "4242", expiry: "12/34" } }],
      },
    ]);
  });

  it("a card that needs no challenge takes over at once, and the account keeps it", async () => {
    const { auth, orderId } = await subscriber();
    const started = await switchTo(auth, orderId, "4242 4242 4242 4242", "11/33");
    expect(started.status).toBe(201);
    expect(validateBody("paymentSwitch", started.body).issues).toEqual([]);
    expect(started.body.status).toBe("COMPLETED");
    const [sub] = await details(auth);
    expect(sub!.methods).toEqual([
      { state: "ACTIVE", method: expect.objectContaining({ expiry: "11/33" }) },
    ]);
    const cards = await call(auth, "/api/v2/customer/cards");
    expect(cards.body.items.map((c: { expiry: string }) => c.expiry)).toContain("11/33");
  });

  it("a card with a challenge is SWITCH_TO beside the SWITCH_FROM one until the provider's word", async () => {
    const { auth, orderId } = await subscriber();
    const started = await switchTo(auth, orderId, "4000 0000 0000 3220");
    expect(started.body.status).toBe("PENDING");
    expect(started.body.redirectUrl).toMatch(/\?ticket=/);
    const [pending] = await details(auth);
    expect(pending!.methods.map((m) => m.state)).toEqual(["SWITCH_FROM", "SWITCH_TO"]);
    // The acquirer's ticket asks for nothing to be charged.
    const ticket = await ticketOf(started.body.redirectUrl);
    expect(ticket.amount).toBe(0);
    const verdict = sandboxVerdict(await mediaSecret(), ticket, "succeeded", new Date(), {
      method: { brand: "Visa", last4: "3220", expiry: "12/34" },
    });
    // The notification settles it; the browser's return afterwards changes nothing more.
    const notified = await platform.api.call("liga", "/api/v4/payments/notifications/Cardstream", {
      method: "POST",
      headers: {},
      body: JSON.stringify({ signed: verdict.notification }),
    });
    expect(notified.status).toBe(200);
    const confirmed = await call(
      auth,
      `/api/v2/payment-details/switches/${started.body.id}/confirm`,
      {
        result: verdict.result,
      },
    );
    expect(confirmed.body.status).toBe("COMPLETED");
    const [after] = await details(auth);
    expect(after!.methods).toEqual([
      { state: "ACTIVE", method: { brand: "Visa", last4: "3220", expiry: "12/34" } },
    ]);
  });

  it("a failed challenge or a declined card leaves the subscription paying as before", async () => {
    const { auth, orderId } = await subscriber();
    const declined = await switchTo(auth, orderId, "4000 0000 0000 0002");
    expect(declined.body).toMatchObject({ status: "FAILED", failure: { code: "CARD_DECLINED" } });
    const started = await switchTo(auth, orderId, "4000 0000 0000 3220");
    const ticket = await ticketOf(started.body.redirectUrl);
    const verdict = sandboxVerdict(await mediaSecret(), ticket, "failed", new Date(), {
      failure: "AUTHENTICATION_FAILED",
    });
    const confirmed = await call(
      auth,
      `/api/v2/payment-details/switches/${started.body.id}/confirm`,
      {
        result: verdict.result,
      },
    );
    expect(confirmed.body).toMatchObject({
      status: "FAILED",
      failure: { code: "AUTHENTICATION_FAILED" },
    });
    const [sub] = await details(auth);
    expect(sub!.methods).toEqual([
      { state: "ACTIVE", method: expect.objectContaining({ last4: "4242" }) },
    ]);
  });

  it("refuses another account's subscription, a forged result, a bad card and a foreign return", async () => {
    const { auth, orderId } = await subscriber();
    const other = await accountWithSession(platform.store, "liga");
    expect((await switchTo(other.auth, orderId, "4242 4242 4242 4242")).status).toBe(404);
    expect((await switchTo(auth, orderId, "1234 5678 9012 3456")).body.code).toBe(
      "INVALID_CARD_NUMBER",
    );
    const foreign = await call(auth, `/api/v2/payment-details/${orderId}/switch`, {
      provider: "Cardstream",
      card: card("4242 4242 4242 4242"),
      returnUrl: "https://evil.test/back",
    });
    expect(foreign.status).toBe(400);
    const started = await switchTo(auth, orderId, "4000 0000 0000 3220");
    const forged = await call(auth, `/api/v2/payment-details/switches/${started.body.id}/confirm`, {
      result: "not-signed",
    });
    expect(forged.body.code).toBe("INVALID_SIGNATURE");
    expect(
      (
        await call(other.auth, `/api/v2/payment-details/switches/${started.body.id}/confirm`, {
          result: "x",
        })
      ).status,
    ).toBe(404);
  });
});
