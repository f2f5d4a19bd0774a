import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { accountClaims, startSession } from "../../platform/identity/sessions.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const OLD = "old-pass-1";
const NEW = "new-pass-2";

type Realm = "arena" | "liga";

async function call(
  realm: Realm,
  path: string,
  auth: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
) {
  const res = await platform.api.call(realm, path, {
    method: init.method ?? "GET",
    headers: auth,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** An account with a password, signed in twice (this device and another). */
async function withTwoSessions(realm: Realm = "liga") {
  const account = await accountWithSession(platform.store, realm, {
    details: { passwordHash: await hashPassword(OLD) },
  });
  const other = await startSession(
    platform.store.db,
    createTokenIssuer(TEST_TOKEN_SECRET),
    accountClaims(account.user, null),
    { userId: account.user.id, profileId: null },
  );
  return { ...account, other };
}

const changePassword = (realm: Realm, auth: Record<string, string>, body: unknown) =>
  call(realm, "/api/v2/user/password", auth, { method: "PUT", body });

const refresh = (realm: Realm, refreshToken: string) =>
  call(realm, "/api/v2/token/refresh", {}, { method: "POST", body: { refreshToken } });

describe("changing the password", () => {
  it("keeps this session, ends every other one, and signs in with the new password only", async () => {
    const account = await withTwoSessions();
    const changed = await changePassword("liga", account.auth, {
      currentPassword: OLD,
      newPassword: NEW,
    });
    expect(changed).toEqual({ status: 200, body: { changed: true, endedSessions: 1 } });

    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.id, account.user.id));
    expect(await verifyPassword(NEW, user!.passwordHash!)).toBe(true);
    expect(await verifyPassword(OLD, user!.passwordHash!)).toBe(false);

    // This device goes on, and can refresh; the other is signed out.
    expect((await call("liga", "/api/v2/user/profile", account.auth)).status).toBe(200);
    expect((await refresh("liga", account.refreshToken)).status).toBe(200);
    const otherAuth = { Authorization: `Bearer ${account.other.authorisationToken}` };
    expect((await call("liga", "/api/v2/user/profile", otherAuth)).status).toBe(401);
    expect((await refresh("liga", account.other.refreshToken)).status).toBe(401);
  });

  it("refuses a wrong current password, a short new one, the same one and a child profile", async () => {
    const account = await withTwoSessions();
    const wrong = await changePassword("liga", account.auth, {
      currentPassword: "not-it-1",
      newPassword: NEW,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("WRONG_PASSWORD");
    const short = await changePassword("liga", account.auth, {
      currentPassword: OLD,
      newPassword: "abc",
    });
    expect(short.body.code).toBe("INVALID_PASSWORD");
    const same = await changePassword("liga", account.auth, {
      currentPassword: OLD,
      newPassword: OLD,
    });
    expect(same.body.code).toBe("SAME_PASSWORD");
    const empty = await changePassword("liga", account.auth, {
      currentPassword: "",
      newPassword: NEW,
    });
    expect(empty.body.code).toBe("EMPTY_INPUTS");
    // Bodies outside the contract never reach the handler.
    const extra = await changePassword("liga", account.auth, {
      currentPassword: OLD,
      newPassword: NEW,
      userId: 1,
    });
    expect(extra.status).toBe(400);
    // Nothing changed, and no session ended.
    expect((await refresh("liga", account.other.refreshToken)).status).toBe(200);

    const child = await accountWithSession(platform.store, "arena", {
      profiles: [{ name: "Kid", type: "CHILD" }],
      details: { passwordHash: await hashPassword(OLD) },
    });
    const refused = await changePassword("arena", child.auth, {
      currentPassword: OLD,
      newPassword: NEW,
    });
    expect(refused.body.code).toBe("CHILD_PROFILE");
  });

  it("counts wrong guesses before checking them: parallel guesses stop at the sign-in limit", async () => {
    const account = await withTwoSessions();
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        changePassword("liga", account.auth, { currentPassword: `guess-${i}`, newPassword: NEW }),
      ),
    );
    const checked = guesses.filter((g) => g.body.code === "WRONG_PASSWORD").length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(guesses.filter((g) => g.status === 429).length).toBe(12 - checked);
    // The right password is refused too while the account is locked: no way around the limit.
    const right = await changePassword("liga", account.auth, {
      currentPassword: OLD,
      newPassword: NEW,
    });
    expect(right.status).toBe(429);
  });
});

describe("signing out everywhere else", () => {
  it("ends every other session of the account at once and keeps this one", async () => {
    const account = await withTwoSessions();
    const stranger = await withTwoSessions();
    const ended = await call("liga", "/api/v2/user/sessions/end-others", account.auth, {
      method: "POST",
    });
    expect(ended).toEqual({ status: 200, body: { endedSessions: 1 } });
    const otherAuth = { Authorization: `Bearer ${account.other.authorisationToken}` };
    expect((await call("liga", "/api/v2/user/profile", otherAuth)).status).toBe(401);
    expect((await refresh("liga", account.other.refreshToken)).status).toBe(401);
    expect((await call("liga", "/api/v2/user/profile", account.auth)).status).toBe(200);
    expect((await refresh("liga", account.refreshToken)).status).toBe(200);
    // Another account's sessions are its own.
    expect((await refresh("liga", stranger.other.refreshToken)).status).toBe(200);
  });
});

describe("subscriptions and payment history", () => {
  const pay = (auth: Record<string, string>, licence: string, voucher?: string) =>
    call("liga", "/api/v4/basket/pay", auth, {
      method: "POST",
      body: {
        licence,
        country: "BR",
        provider: "Cardstream",
        idempotencyKey: `key-${crypto.randomUUID()}`,
        card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Ana" },
        returnUrl: "/realm/liga/payment/authorization?return=%2Fhome",
        ...(voucher ? { voucher } : {}),
      },
    });

  it("lists what was bought with its period, next charge and card, newest first", async () => {
    const { auth, user } = await accountWithSession(platform.store, "liga");
    await platform.store.db.insert(t.entitlements).values({ userId: user.id, licence: "PROMO" });
    expect((await pay(auth, "LIGA_FINAL_PASS")).body.status).toBe("COMPLETED");
    expect((await pay(auth, "LIGA_MENSAL")).body.status).toBe("COMPLETED");

    const { status, body } = await call("liga", "/api/v2/user/subscriptions", auth);
    expect(status).toBe(200);
    expect(validateBody("accountSubscriptions", body).issues).toEqual([]);
    const [monthly, pass, given] = body.items;
    expect(monthly).toMatchObject({
      licenceId: "LIGA_MENSAL",
      name: "Liga Play Mensal",
      kind: "SUBSCRIPTION",
      status: "ACTIVE",
      period: "MONTHLY",
      paymentMethod: { brand: "Visa", last4: "4242" },
    });
    // A 7-day trial: nothing charged now, the first charge when the trial ends.
    expect(monthly.nextCharge).toMatchObject({ total: 2990, currency: "BRL", scale: 2 });
    expect(monthly.nextCharge.date).toBe(monthly.endsAt.slice(0, 10));
    expect(pass).toMatchObject({
      licenceId: "LIGA_FINAL_PASS",
      kind: "PAY_PER_VIEW",
      endsAt: null,
    });
    expect(pass.nextCharge).toBeUndefined();
    expect(given).toMatchObject({ licenceId: "PROMO", kind: "GIVEN", orderId: null });
  });

  it("pages the payments ten at a time, newest first, and shows no one else's", async () => {
    const { auth } = await accountWithSession(platform.store, "liga");
    const stranger = await accountWithSession(platform.store, "liga");
    await pay(stranger.auth, "LIGA_FINAL_PASS");
    const orders: string[] = [];
    for (let i = 0; i < 11; i++) orders.push((await pay(auth, "LIGA_FINAL_PASS")).body.orderId);
    // A declined card is a payment tried: it is history too.
    const declined = await call("liga", "/api/v4/basket/pay", auth, {
      method: "POST",
      body: {
        licence: "LIGA_FINAL_PASS",
        country: "BR",
        provider: "Cardstream",
        idempotencyKey: `key-${crypto.randomUUID()}`,
        card: { number: "4000 0000 0000 0002", expiry: "12/34", cvc: "123", holder: "Ana" },
        returnUrl: "/realm/liga/payment/authorization?return=%2Fhome",
      },
    });
    expect(declined.body.status).toBe("FAILED");

    const history = (p: number) =>
      call("liga", `/api/v2/customer/history/payment?rpp=10&p=${p}`, auth, { method: "POST" });
    const first = await history(1);
    expect(validateBody("paymentHistory", first.body).issues).toEqual([]);
    expect(first.body).toMatchObject({ page: 1, pages: 2 });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items[0]).toMatchObject({ orderId: declined.body.orderId, status: "FAILED" });
    const second = await history(2);
    expect(second.body.items.map((o: { orderId: string }) => o.orderId)).toEqual([
      orders[1],
      orders[0],
    ]);
    const all = [...first.body.items, ...second.body.items].map(
      (o: { orderId: string }) => o.orderId,
    );
    expect(new Set(all).size).toBe(12);
    expect((await history(0)).status).toBe(400);
    expect(
      (await call("liga", "/api/v2/customer/history/payment", {}, { method: "POST" })).status,
    ).toBe(401);
  });

  it("cancels a subscription to the end of its period, and takes the cancellation back", async () => {
    const { auth } = await accountWithSession(platform.store, "liga");
    const monthly = (await pay(auth, "LIGA_MENSAL")).body.orderId as string;
    const pass = (await pay(auth, "LIGA_FINAL_PASS")).body.orderId as string;
    const act = (orderId: string, action: string, who = auth) =>
      call("liga", `/api/v2/user/subscriptions/${orderId}/${action}`, who, { method: "POST" });

    const cancelled = await act(monthly, "cancel");
    expect(cancelled.status).toBe(200);
    expect(validateBody("accountSubscription", cancelled.body).issues).toEqual([]);
    expect(cancelled.body).toMatchObject({ orderId: monthly, status: "ACTIVE" });
    expect(cancelled.body.cancelledAt).toEqual(expect.any(String));
    // No next charge, and what it granted still runs.
    expect(cancelled.body.nextCharge).toBeUndefined();
    const rows = await platform.store.db
      .select()
      .from(t.entitlements)
      .where(eq(t.entitlements.orderId, monthly));
    expect(rows.every((row) => row.status === "ACTIVE" && row.endsAt! > new Date())).toBe(true);
    // Again: nothing changes.
    expect((await act(monthly, "cancel")).body.cancelledAt).toBe(cancelled.body.cancelledAt);

    const back = await act(monthly, "reactivate");
    expect(back.body.cancelledAt).toBeUndefined();
    expect(back.body.nextCharge).toMatchObject({ total: 2990, currency: "BRL" });

    // A pass does not renew, so there is nothing to cancel; nor is another account's order.
    expect((await act(pass, "cancel")).body.code).toBe("SUBSCRIPTION_NOT_FOUND");
    const stranger = await accountWithSession(platform.store, "liga");
    expect((await act(monthly, "cancel", stranger.auth)).status).toBe(404);

    // Once its period is over, it has ended: neither cancelled nor reactivated.
    await platform.store.db
      .update(t.entitlements)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(t.entitlements.orderId, monthly));
    const ended = await act(monthly, "cancel");
    expect(ended.status).toBe(409);
    expect(ended.body.code).toBe("SUBSCRIPTION_ENDED");
  });

  it("shows the realm's published cancellation promo", async () => {
    const res = await platform.api.call("liga", "/api/v2/cancellation-promo");
    expect(res.status).toBe(200);
    const promo = await res.json();
    expect(validateBody("cancellationPromo", promo).issues).toEqual([]);
    expect(promo).toMatchObject({
      title: "Fique até o fim da temporada",
      cta: "Manter assinatura",
    });
  });
});
