import { hashPassword } from "../../platform/auth/passwords.ts";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { GIFT_CODE_PATTERN } from "../../platform/commerce/gifts.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

const card = {
  number: "4242 4242 4242 4242",
  expiry: "12/34",
  cvc: "123",
  holder: "Ana Torcedora",
};
const key = () => `key-${crypto.randomUUID()}`;

async function call(
  realm: "liga" | "arena",
  auth: Record<string, string>,
  path: string,
  body?: unknown,
  address?: string,
) {
  const res = await platform.api.call(realm, path, {
    method: body === undefined ? "GET" : "POST",
    headers: auth,
    ...(address ? { address } : {}),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const giftBody = (recipientEmail: string, periods = 3) => ({
  recipientEmail,
  note: "Bom jogo!",
  options: { numberOfPeriods: { type: "INT_RANGE", value: periods } },
});

/** A gift bought and paid by a fresh liga customer: its order and the code mailed. */
async function boughtGift(recipient = `friend-${crypto.randomUUID()}@example.com`, periods = 3) {
  const giver = await accountWithSession(platform.store, "liga");
  const added = await call(
    "liga",
    giver.auth,
    "/api/v4/add-gift-to-basket/LIGA_MENSAL?countryCode=PT",
    giftBody(recipient, periods),
  );
  expect(added.status).toBe(201);
  expect(validateBody("giftBasket", added.body).issues).toEqual([]);
  const paid = await call("liga", giver.auth, "/api/v4/basket/pay", {
    licence: "LIGA_MENSAL",
    gift: added.body.giftId,
    country: "PT",
    provider: "Cardstream",
    idempotencyKey: key(),
    card,
  });
  expect(paid.status).toBe(201);
  const [mail] = await platform.store.db
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.recipient, recipient), eq(t.outbox.kind, "gift")));
  const code = /\b([A-HJ-NP-Z2-9]{16})\b/.exec(mail?.body ?? "")?.[1];
  return { giver, order: paid.body, mail: mail!, code: code!, giftId: added.body.giftId as string };
}

describe("a gift whose giver deletes the account", () => {
  it("stays redeemable by its recipient; one never paid for goes", async () => {
    const { giver, code } = await boughtGift(undefined, 1);
    const unpaid = await call(
      "liga",
      giver.auth,
      "/api/v4/add-gift-to-basket/LIGA_MENSAL?countryCode=PT",
      giftBody(`later-${crypto.randomUUID()}@example.com`, 1),
    );
    expect(unpaid.status).toBe(201);
    await platform.store.db
      .update(t.users)
      .set({ passwordHash: await hashPassword("gift-giver-1") })
      .where(eq(t.users.id, giver.user.id));
    const deleted = await call("liga", giver.auth, "/api/v2/user/delete", {
      password: "gift-giver-1",
    });
    expect(deleted.status).toBe(200);
    const left = await platform.store.db
      .select({ id: t.gifts.id, giverId: t.gifts.giverId, status: t.gifts.status })
      .from(t.gifts)
      .where(eq(t.gifts.code, code));
    expect(left).toEqual([expect.objectContaining({ giverId: null, status: "ISSUED" })]);
    expect(
      await platform.store.db.select().from(t.gifts).where(eq(t.gifts.id, unpaid.body.giftId)),
    ).toEqual([]);
    const friend = await accountWithSession(platform.store, "liga");
    const redeemed = await call("liga", friend.auth, `/api/v4/redeem-gift/${code}`, {});
    expect(redeemed.status).toBe(200);
  });
});

describe("gift items", () => {
  it("lists the realm's subscriptions priced for the country, with an INT_RANGE of periods", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const res = await call("liga", viewer.auth, "/api/v4/gifts?countryCode=BR");
    expect(res.status).toBe(200);
    expect(validateBody("giftItems", res.body).issues).toEqual([]);
    expect(res.body.items).toEqual([
      expect.objectContaining({
        externalId: "LIGA_MENSAL",
        period: "MONTHLY",
        itemPrice: { amount: 2990, currency: "BRL", scale: 2 },
        options: { numberOfPeriods: { type: "INT_RANGE", min: 1, max: 12 } },
      }),
    ]);
  });

  it("answers 404 in a realm without gifting", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const res = await call("arena", viewer.auth, "/api/v4/gifts");
    expect(res).toMatchObject({ status: 404, body: { code: "GIFTING_DISABLED" } });
  });

  it("refuses a recipient that is not an e-mail address and periods out of range", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const path = "/api/v4/add-gift-to-basket/LIGA_MENSAL";
    expect((await call("liga", viewer.auth, path, giftBody("nobody"))).body.code).toBe(
      "INVALID_EMAIL",
    );
    expect((await call("liga", viewer.auth, path, giftBody("a@b.co", 13))).status).toBe(400);
  });
});

describe("buying a gift", () => {
  it("charges the periods bought now, grants the buyer nothing and mails the recipient a code", async () => {
    const { giver, order, mail, code } = await boughtGift(undefined, 3);
    expect(order).toMatchObject({
      status: "COMPLETED",
      entitlements: [],
      basket: { total: 3 * 699, basketItems: [{ licenceId: "LIGA_MENSAL", total: 3 * 699 }] },
      gift: { numberOfPeriods: 3, redeemed: false },
    });
    expect(order.basket.firstCharge).toBeUndefined();
    expect(code).toMatch(GIFT_CODE_PATTERN);
    expect(mail.body).toContain(`/realm/liga/gifts/redeem?code=${code}`);
    expect(mail.body).toContain("Bom jogo!");
    const held = await platform.store.db
      .select()
      .from(t.entitlements)
      .where(eq(t.entitlements.userId, giver.user.id));
    expect(held).toEqual([]);
  });

  it("writes the mail in the recipient's language: their account's, else the realm's", async () => {
    const stranger = await boughtGift();
    expect(stranger.mail.subject).toContain("Um presente para você");
    const friend = await accountWithSession(platform.store, "liga");
    await platform.store.db
      .update(t.users)
      .set({ locale: "es" })
      .where(eq(t.users.id, friend.user.id));
    const known = await boughtGift(friend.user.email);
    expect(known.mail.subject).toContain("Un regalo para ti");
  });

  it("no two gifts share a code", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) codes.add((await boughtGift()).code);
    expect(codes.size).toBe(3);
  });
});

describe("redeeming a gift", () => {
  it("checks a code, redeems it once into the account, and the giver sees it redeemed", async () => {
    const { giver, order, code } = await boughtGift(undefined, 2);
    const friend = await accountWithSession(platform.store, "liga");
    const checked = await call("liga", friend.auth, `/api/v4/redeem-gift/${code.toLowerCase()}`);
    expect(checked.status).toBe(200);
    expect(validateBody("giftCheck", checked.body).issues).toEqual([]);
    expect(checked.body).toMatchObject({ licenceId: "LIGA_MENSAL", numberOfPeriods: 2 });

    const redeemed = await call("liga", friend.auth, `/api/v4/redeem-gift/${code}`, {});
    expect(redeemed.status).toBe(200);
    expect(validateBody("giftRedemption", redeemed.body).issues).toEqual([]);
    expect(redeemed.body.entitlements).toEqual([
      expect.objectContaining({ licence: "ALL_ACCESS" }),
    ]);
    const ends = new Date(redeemed.body.entitlements[0].endsAt).getTime();
    // Two months from today: between 58 and 63 days.
    expect((ends - Date.now()) / 86_400_000).toBeGreaterThan(57);
    expect((ends - Date.now()) / 86_400_000).toBeLessThan(63);

    // The recipient's subscriptions name the plan given, as a gift, once for all its grants.
    const held = await call("liga", friend.auth, "/api/v2/user/subscriptions");
    expect(validateBody("accountSubscriptions", held.body).issues).toEqual([]);
    expect(held.body.items).toEqual([
      expect.objectContaining({
        licenceId: "LIGA_MENSAL",
        name: "Liga Play Mensal",
        kind: "GIFT",
        period: "MONTHLY",
        status: "ACTIVE",
        orderId: null,
      }),
    ]);
    expect(held.body.items[0].nextCharge).toBeUndefined();

    const again = await call("liga", friend.auth, `/api/v4/redeem-gift/${code}`, {});
    expect(again).toMatchObject({ status: 409, body: { code: "GIFT_CODE_USED" } });
    expect((await call("liga", friend.auth, `/api/v4/redeem-gift/${code}`)).body.code).toBe(
      "GIFT_CODE_USED",
    );

    const history = await call("liga", giver.auth, "/api/v2/customer/history/payment", {});
    expect(history.body.items).toEqual([
      expect.objectContaining({
        orderId: order.orderId,
        gift: expect.objectContaining({ redeemed: true, numberOfPeriods: 2 }),
      }),
    ]);
  });

  it("two redemptions at the same moment: exactly one wins", async () => {
    const { code } = await boughtGift();
    const [a, b] = await Promise.all([
      accountWithSession(platform.store, "liga"),
      accountWithSession(platform.store, "liga"),
    ]);
    const results = await Promise.all([
      call("liga", a.auth, `/api/v4/redeem-gift/${code}`, {}),
      call("liga", b.auth, `/api/v4/redeem-gift/${code}`, {}),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const granted = await platform.store.db
      .select()
      .from(t.entitlements)
      .where(eq(t.entitlements.licence, "ALL_ACCESS"));
    const winners = granted.filter((e) => e.userId === a.user.id || e.userId === b.user.id);
    expect(winners).toHaveLength(1);
  });

  it("unknown and expired codes have their own answers", async () => {
    const friend = await accountWithSession(platform.store, "liga");
    const unknown = await call("liga", friend.auth, "/api/v4/redeem-gift/ABCDEFGHJKLMNPQR", {});
    expect(unknown).toMatchObject({ status: 404, body: { code: "GIFT_CODE_UNKNOWN" } });
    const { giftId, code } = await boughtGift();
    await platform.store.db
      .update(t.gifts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.gifts.id, giftId));
    const expired = await call("liga", friend.auth, `/api/v4/redeem-gift/${code}`, {});
    expect(expired).toMatchObject({ status: 410, body: { code: "GIFT_CODE_EXPIRED" } });
  });

  it("counts wrong codes per address and refuses a flood of guesses", async () => {
    const friend = await accountWithSession(platform.store, "liga");
    const from = "203.0.113.77";
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const guess = `ABCDEFGHJKLMN${String(100 + i)}`.replace(/[01]/g, "2");
      statuses.push(
        (await call("liga", friend.auth, `/api/v4/redeem-gift/${guess}`, undefined, from)).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});

describe("paying for a gift", () => {
  it("is one order: a second payment is refused while the first waits on its provider", async () => {
    const giver = await accountWithSession(platform.store, "liga");
    const added = await call(
      "liga",
      giver.auth,
      "/api/v4/add-gift-to-basket/LIGA_MENSAL?countryCode=PT",
      giftBody("someone@example.com"),
    );
    const pay = (number: string) =>
      call("liga", giver.auth, "/api/v4/basket/pay", {
        licence: "LIGA_MENSAL",
        gift: added.body.giftId,
        country: "PT",
        provider: "Cardstream",
        idempotencyKey: key(),
        card: { ...card, number },
      });
    // A 3-D Secure card: the order waits for the viewer's challenge.
    expect((await pay("4000 0000 0000 3220")).body.status).toBe("PENDING");
    const second = await pay("4242 4242 4242 4242");
    expect(second).toMatchObject({ status: 409, body: { code: "GIFT_PAYMENT_PENDING" } });
  });

  it("is only its giver's to pay", async () => {
    const giver = await accountWithSession(platform.store, "liga");
    const added = await call(
      "liga",
      giver.auth,
      "/api/v4/add-gift-to-basket/LIGA_MENSAL",
      giftBody("someone@example.com"),
    );
    const stranger = await accountWithSession(platform.store, "liga");
    const res = await call(
      "liga",
      stranger.auth,
      `/api/v4/basket?licence=LIGA_MENSAL&gift=${added.body.giftId}`,
    );
    expect(res.status).toBe(404);
  });
});
