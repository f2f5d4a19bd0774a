import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

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

const pay = (auth: Record<string, string>, extra: Record<string, unknown> = {}) =>
  call(auth, "/api/v4/basket/pay", {
    licence: "LIGA_FINAL_PASS",
    country: "BR",
    provider: "Cardstream",
    idempotencyKey: `key-${crypto.randomUUID()}`,
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Ana Torcedora" },
    ...extra,
  });

const ordersOf = (userId: number) =>
  platform.store.db.select().from(t.orders).where(eq(t.orders.userId, userId));

describe("the billing address kept with the order", () => {
  it("is stored with the order and answered by the payment and by the order", async () => {
    const { auth, user } = await accountWithSession(platform.store, "liga");
    const paid = await pay(auth, { postalCode: "01310-100" });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      status: "COMPLETED",
      billingAddress: { countryCode: "BR", postalCode: "01310-100" },
    });
    const [row] = await ordersOf(user.id);
    expect(row!.billingAddress).toEqual({ countryCode: "BR", postalCode: "01310-100" });
    const again = await call(auth, `/api/v4/orders/${paid.body.orderId}`);
    expect(again.body.billingAddress).toEqual({ countryCode: "BR", postalCode: "01310-100" });
  });

  it("an order paid without an address answers none", async () => {
    const { auth } = await accountWithSession(platform.store, "liga");
    const paid = await pay(auth);
    expect(paid.status).toBe(201);
    expect(paid.body.billingAddress).toBeUndefined();
  });

  it("a postal code outside printable ASCII, or one without its country, places nothing", async () => {
    const { auth, user } = await accountWithSession(platform.store, "liga");
    const accented = await pay(auth, { postalCode: "01310-10é" });
    expect(accented.status).toBe(400);
    const control = await pay(auth, { postalCode: "0131\u0000" });
    expect(control.status).toBe(400);
    const alone = await pay(auth, { country: undefined, postalCode: "01310-100" });
    expect(alone.status).toBe(400);
    const tooLong = await pay(auth, { postalCode: "1".repeat(21) });
    expect(tooLong.status).toBe(400);
    expect(await ordersOf(user.id)).toHaveLength(0);
  });
});
