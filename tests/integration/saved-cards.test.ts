import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { rememberCard } from "../../platform/commerce/saved-cards.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

type Viewer = Awaited<ReturnType<typeof accountWithSession>>;

const call = (viewer: Viewer, path: string, method = "GET", body?: unknown) =>
  platform.api.call("liga", `/api/${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    headers: viewer.auth,
  });

async function cards(viewer: Viewer, query = "") {
  const res = await call(viewer, `v2/customer/cards${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const body = await res.json();
  expect(validateBody("savedCards", body).issues).toEqual([]);
  return body as {
    items: { id: number; brand: string; last4: string; expiry: string; default: boolean }[];
    page: number;
    pages: number;
  };
}

const payByCard = (viewer: Viewer, expiry: string) =>
  call(viewer, "v4/basket/pay", "POST", {
    licence: "LIGA_FINAL_PASS",
    country: "BR",
    provider: "Cardstream",
    idempotencyKey: crypto.randomUUID(),
    card: { number: "4242 4242 4242 4242", expiry, cvc: "123", holder: "Ana" },
    returnUrl: "/realm/liga/payment/authorization?return=%2Fhome",
  });

describe("the account's cards (/api/v2/customer/cards)", () => {
  it("keeps the card a payment completed with, once however often it pays, the first the default", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    expect(await cards(viewer)).toEqual({ items: [], page: 1, pages: 0 });
    expect((await payByCard(viewer, "12/34")).status).toBe(201);
    expect((await payByCard(viewer, "12/34")).status).toBe(201);
    expect((await payByCard(viewer, "11/33")).status).toBe(201);
    const { items } = await cards(viewer);
    expect(items.map((c) => [c.brand, c.last4, c.expiry, c.default])).toEqual([
      ["Visa", "4242", "12/34", true],
      ["Visa", "4242", "11/33", false],
    ]);
    // A declined card paid nothing: it is not kept.
    await call(viewer, "v4/basket/pay", "POST", {
      licence: "LIGA_FINAL_PASS",
      country: "BR",
      provider: "Cardstream",
      idempotencyKey: crypto.randomUUID(),
      card: { number: "4000 0000 0000 0002", expiry: "10/32", cvc: "123", holder: "Ana" },
      returnUrl: "/realm/liga/payment/authorization?return=%2Fhome",
    });
    expect((await cards(viewer)).items).toHaveLength(2);
  });

  it("comes 20 a page, the default first, then the most recently used", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const start = Date.parse("2026-01-01T00:00:00Z");
    for (let i = 0; i < 23; i += 1) {
      await rememberCard(
        platform.store.db,
        viewer.user.id,
        { brand: "Visa", last4: String(1000 + i), expiry: "12/34" },
        new Date(start + i * 60_000),
      );
    }
    const first = await cards(viewer);
    expect(first.items).toHaveLength(20);
    expect(first.pages).toBe(2);
    expect(first.items[0]).toMatchObject({ last4: "1000", default: true });
    expect(first.items[1]?.last4).toBe("1022");
    const second = await cards(viewer, "?p=2");
    expect(second.items.map((c) => c.last4)).toEqual(["1003", "1002", "1001"]);
    expect((await cards(viewer, "?p=3")).items).toEqual([]);
    expect((await call(viewer, "v2/customer/cards?p=0")).status).toBe(400);
  });

  it("makes another card the default and removes one, the default handing over", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const db = platform.store.db;
    await rememberCard(
      db,
      viewer.user.id,
      { brand: "Visa", last4: "1111", expiry: "01/30" },
      new Date(1),
    );
    await rememberCard(
      db,
      viewer.user.id,
      { brand: "Mastercard", last4: "2222", expiry: "02/30" },
      new Date(2),
    );
    const [a, b] = (await cards(viewer)).items;
    expect((await call(viewer, `v2/customer/cards/${b!.id}/default`, "POST")).status).toBe(204);
    expect((await cards(viewer)).items.map((c) => [c.last4, c.default])).toEqual([
      ["2222", true],
      ["1111", false],
    ]);
    expect((await call(viewer, `v2/customer/cards/${b!.id}`, "DELETE")).status).toBe(204);
    expect((await cards(viewer)).items).toEqual([
      expect.objectContaining({ id: a!.id, default: true }),
    ]);
    expect((await call(viewer, `v2/customer/cards/${b!.id}`, "DELETE")).status).toBe(404);
  });

  it("never shows, changes or removes another account's card", async () => {
    const owner = await accountWithSession(platform.store, "liga");
    const other = await accountWithSession(platform.store, "liga");
    await rememberCard(
      platform.store.db,
      owner.user.id,
      { brand: "Visa", last4: "4242", expiry: "12/34" },
      new Date(),
    );
    const [card] = (await cards(owner)).items;
    expect((await call(other, `v2/customer/cards/${card!.id}/default`, "POST")).status).toBe(404);
    expect((await call(other, `v2/customer/cards/${card!.id}`, "DELETE")).status).toBe(404);
    expect((await cards(other)).items).toEqual([]);
    expect((await cards(owner)).items).toHaveLength(1);
  });

  it("is for the account's adults only", async () => {
    const child = await accountWithSession(platform.store, "liga", {
      profiles: [{ name: "Kid", type: "CHILD" }],
    });
    expect((await call(child, "v2/customer/cards")).status).toBe(403);
    expect((await platform.api.call("liga", "/api/v2/customer/cards")).status).toBe(401);
  });
});
