import { addAddress } from "../../platform/identity/addresses.ts";
import { rememberCard } from "../../platform/commerce/saved-cards.ts";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { hashPassword } from "../../platform/auth/passwords.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const PASSWORD = "secret-pass-1";
const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const FIREFOX_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";

async function call(
  path: string,
  headers: Record<string, string>,
  init: { method?: string; body?: unknown } = {},
) {
  const res = await platform.api.call("liga", `/api${path}`, {
    method: init.method ?? "GET",
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** An account with a password, signed in from two browsers through the sign-in endpoint. */
async function signedInTwice() {
  const account = await accountWithSession(platform.store, "liga", {
    details: { passwordHash: await hashPassword(PASSWORD) },
  });
  const signIn = async (userAgent: string) => {
    const res = await call(
      "/v2/login",
      { "User-Agent": userAgent },
      {
        method: "POST",
        body: { id: account.user.email, secret: PASSWORD },
      },
    );
    expect(res.status).toBe(200);
    const tokens = res.body as { authorisationToken: string; refreshToken: string };
    return { ...tokens, auth: { Authorization: `Bearer ${tokens.authorisationToken}` } };
  };
  const chrome = await signIn(CHROME_LINUX);
  const firefox = await signIn(FIREFOX_WINDOWS);
  return { ...account, chrome, firefox };
}

type SessionsBody = {
  items: { id: string; userAgent: string | null; current: boolean; lastActiveAt: string }[];
};

describe("the account's sessions", () => {
  it("lists each session still on with its browser and last activity, the caller's marked", async () => {
    const account = await signedInTwice();
    const listed = await call("/v2/user/sessions", account.chrome.auth);
    expect(listed.status).toBe(200);
    expect(listed.headers.get("Cache-Control")).toBe("private, no-store");
    expect(validateBody("accountSessions", listed.body).ok).toBe(true);
    const items = (listed.body as SessionsBody).items;
    expect(items).toHaveLength(3);
    expect(items.filter((s) => s.current).map((s) => s.userAgent)).toEqual([CHROME_LINUX]);
    expect(items.map((s) => s.userAgent)).toContain(FIREFOX_WINDOWS);
    // A refresh keeps the session (and its browser) and moves its last activity.
    const before = items.find((s) => s.userAgent === FIREFOX_WINDOWS)!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    const refreshed = await call(
      "/v2/token/refresh",
      {},
      { method: "POST", body: { refreshToken: account.firefox.refreshToken } },
    );
    expect(refreshed.status).toBe(200);
    const after = (
      (await call("/v2/user/sessions", account.chrome.auth)).body as SessionsBody
    ).items.find((s) => s.id === before.id)!;
    expect(after.userAgent).toBe(FIREFOX_WINDOWS);
    expect(Date.parse(after.lastActiveAt)).toBeGreaterThan(Date.parse(before.lastActiveAt));
    expect(
      ((await call("/v2/user/sessions", account.chrome.auth)).body as SessionsBody).items,
    ).toHaveLength(3);
  });

  it("signs one session out at once; another account's sessions are not its to end", async () => {
    const account = await signedInTwice();
    const stranger = await signedInTwice();
    const items = ((await call("/v2/user/sessions", account.chrome.auth)).body as SessionsBody)
      .items;
    const firefox = items.find((s) => s.userAgent === FIREFOX_WINDOWS)!;
    const strangers = ((await call("/v2/user/sessions", stranger.chrome.auth)).body as SessionsBody)
      .items;
    const foreign = await call(`/v2/user/sessions/${strangers[0]!.id}`, account.chrome.auth, {
      method: "DELETE",
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("SESSION_NOT_FOUND");
    expect((await call("/v2/user/profile", stranger.chrome.auth)).status).toBe(200);

    const ended = await call(`/v2/user/sessions/${firefox.id}`, account.chrome.auth, {
      method: "DELETE",
    });
    expect(ended.status).toBe(204);
    // Its access token stops at once, and its refresh token with it.
    expect((await call("/v2/user/profile", account.firefox.auth)).status).toBe(401);
    const refresh = await call(
      "/v2/token/refresh",
      {},
      { method: "POST", body: { refreshToken: account.firefox.refreshToken } },
    );
    expect(refresh.status).toBe(401);
    expect((await call("/v2/user/profile", account.chrome.auth)).status).toBe(200);
    const left = ((await call("/v2/user/sessions", account.chrome.auth)).body as SessionsBody)
      .items;
    expect(left.map((s) => s.id)).not.toContain(firefox.id);
    expect(left).toHaveLength(2);
  });

  it("signs out everywhere, the caller's session included", async () => {
    const account = await signedInTwice();
    const ended = await call("/v2/user/sessions/end-all", account.chrome.auth, { method: "POST" });
    expect(ended).toMatchObject({ status: 200, body: { endedSessions: 3 } });
    for (const auth of [account.auth, account.chrome.auth, account.firefox.auth]) {
      expect((await call("/v2/user/profile", auth)).status).toBe(401);
    }
  });
});

describe("linked sign-in providers", () => {
  const link = (userId: number, provider: string) =>
    platform.store.db
      .insert(t.linkedProviders)
      .values({
        realm: "liga",
        userId,
        provider,
        subject: crypto.randomUUID(),
        email: "viewer@example.test",
      })
      .returning()
      .then((rows) => rows[0]!);

  it("lists the account's providers and unlinks one", async () => {
    const account = await accountWithSession(platform.store, "liga", {
      details: { passwordHash: await hashPassword(PASSWORD) },
    });
    const other = await accountWithSession(platform.store, "liga");
    const oidc = await link(account.user.id, "OIDC");
    const foreign = await link(other.user.id, "OIDC");
    const listed = await call("/v2/realm/authentication-providers", account.auth);
    expect(listed.status).toBe(200);
    expect(validateBody("linkedProviders", listed.body).ok).toBe(true);
    expect(listed.body).toMatchObject({
      hasPassword: true,
      items: [{ id: oidc.id, provider: "OIDC", email: "viewer@example.test" }],
    });
    const refused = await call(`/v2/realm/authentication-providers/${foreign.id}`, account.auth, {
      method: "DELETE",
    });
    expect(refused.status).toBe(404);
    const unlinked = await call(`/v2/realm/authentication-providers/${oidc.id}`, account.auth, {
      method: "DELETE",
    });
    expect(unlinked.status).toBe(204);
    expect(
      (await call("/v2/realm/authentication-providers", account.auth)).body.items,
    ).toHaveLength(0);
    expect(
      await platform.store.db
        .select()
        .from(t.linkedProviders)
        .where(eq(t.linkedProviders.id, foreign.id)),
    ).toHaveLength(1);
  });

  it("refuses to unlink the last way in of an account without a password", async () => {
    const account = await accountWithSession(platform.store, "liga");
    const first = await link(account.user.id, "OIDC");
    const second = await link(account.user.id, "GIGYA");
    expect(
      (
        await call(`/v2/realm/authentication-providers/${first.id}`, account.auth, {
          method: "DELETE",
        })
      ).status,
    ).toBe(204);
    const last = await call(`/v2/realm/authentication-providers/${second.id}`, account.auth, {
      method: "DELETE",
    });
    expect(last.status).toBe(409);
    expect(last.body.code).toBe("LAST_SIGN_IN_METHOD");
    expect((await call("/v2/realm/authentication-providers", account.auth)).body).toMatchObject({
      hasPassword: false,
      items: [{ id: second.id }],
    });
  });
});

/** An account with something in every store that names it, and one order it paid. */
async function accountWithData() {
  const account = await signedInTwice();
  const { db } = platform.store;
  const userId = account.user.id;
  const [profile] = await db
    .insert(t.profiles)
    .values({ userId, name: "Ana", type: "ADULT" })
    .returning();
  await db
    .insert(t.watchHistory)
    .values({ userId, profileKey: profile!.id, kind: "vod", contentId: 7, positionSeconds: 42 });
  await db.insert(t.playbackPreferences).values({
    userId,
    profileKey: profile!.id,
    subtitleLanguage: "pt",
    audioLanguage: "en",
    autoAdvance: false,
  });
  const [list] = await db
    .insert(t.viewerLists)
    .values({ userId, kind: "MY_LIST", singleton: "MY_LIST" })
    .returning();
  await db
    .insert(t.viewerListItems)
    .values({ listId: list!.id, itemType: "VOD_VIDEO", contentId: 7, position: 0 });
  await db.insert(t.consentAnswers).values({
    userId,
    fieldName: "EMAIL_MARKETING",
    functionalPurpose: "EMAIL_MARKETING_ALLOWED",
    answer: "true",
  });
  const orderId = crypto.randomUUID();
  await db.insert(t.orders).values({
    id: orderId,
    realm: "liga",
    userId,
    idempotencyKey: crypto.randomUUID(),
    licenceId: "liga-monthly",
    provider: "SANDBOX",
    status: "COMPLETED",
    basket: { basketItems: [], total: 990, currency: "BRL", scale: 2 } as never,
    completedAt: new Date(),
  });
  await db.insert(t.entitlements).values({ userId, licence: "liga-monthly", orderId });
  await db.insert(t.linkedProviders).values({
    realm: "liga",
    userId,
    provider: "OIDC",
    subject: crypto.randomUUID(),
  });
  return { ...account, orderId, profileId: profile!.id, listId: list!.id };
}

const countWhere = async (table: string, column: string, value: number) => {
  const result = await platform.store.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${value}`,
  );
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return rows[0]!.n;
};

describe("deleting the account", () => {
  it("refuses a wrong password, deletes nothing, and counts the guess before the check", async () => {
    const account = await accountWithData();
    const empty = await call("/v2/user/delete", account.chrome.auth, {
      method: "POST",
      body: { password: "" },
    });
    expect(empty.status).toBe(400);
    const wrong = await call("/v2/user/delete", account.chrome.auth, {
      method: "POST",
      body: { password: "not-the-password" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.code).toBe("WRONG_PASSWORD");
    const [attempts] = await platform.store.db
      .select()
      .from(t.rateLimits)
      .where(eq(t.rateLimits.key, `login:account:liga:${account.user.email}`));
    expect(attempts?.count).toBe(1);
    expect(await countWhere("users", "id", account.user.id)).toBe(1);
    expect(await countWhere("profiles", "user_id", account.user.id)).toBe(1);
    expect((await call("/v2/user/profile", account.chrome.auth)).status).toBe(200);
    // Guesses stop at the sign-in limit (5 per 15 minutes), even with the right password.
    for (let i = 0; i < 4; i += 1) {
      await call("/v2/user/delete", account.chrome.auth, {
        method: "POST",
        body: { password: "still-wrong" },
      });
    }
    const limited = await call("/v2/user/delete", account.chrome.auth, {
      method: "POST",
      body: { password: PASSWORD },
    });
    expect(limited.status).toBe(429);
    expect(await countWhere("users", "id", account.user.id)).toBe(1);
  });

  it("removes the account's data, keeps its orders anonymised, ends its sessions, frees the e-mail", async () => {
    const account = await accountWithData();
    const userId = account.user.id;
    const deleted = await call("/v2/user/delete", account.chrome.auth, {
      method: "POST",
      body: { password: PASSWORD },
    });
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });

    for (const [table, column] of [
      ["users", "id"],
      ["profiles", "user_id"],
      ["watch_history", "user_id"],
      ["viewer_lists", "user_id"],
      ["consent_answers", "user_id"],
      ["entitlements", "user_id"],
      ["refresh_tokens", "user_id"],
      ["linked_providers", "user_id"],
    ] as const) {
      expect(await countWhere(table, column, userId), table).toBe(0);
    }
    expect(await countWhere("viewer_list_items", "list_id", account.listId)).toBe(0);
    const [order] = await platform.store.db
      .select()
      .from(t.orders)
      .where(eq(t.orders.id, account.orderId));
    expect(order).toMatchObject({ userId: null, status: "COMPLETED", licenceId: "liga-monthly" });

    for (const auth of [account.auth, account.chrome.auth, account.firefox.auth]) {
      expect((await call("/v2/user/profile", auth)).status).toBe(401);
    }
    const signIn = await call(
      "/v2/login",
      {},
      { method: "POST", body: { id: account.user.email, secret: PASSWORD } },
    );
    expect(signIn.status).not.toBe(200);
    const again = await call(
      "/v2/user",
      {},
      {
        method: "POST",
        body: {
          email: account.user.email,
          secret: "fresh-pass-2",
          countryCode: "BR",
          taxNumber: "123.456.789-09",
        },
      },
    );
    expect(again.status).toBe(201);
  });
});

describe("the account's data", () => {
  it("is the signed-in account's own, secrets left out, never cached", async () => {
    const account = await accountWithData();
    const other = await accountWithData();
    await addAddress(
      platform.store.db,
      account.user.id,
      { countryCode: "BR", postalCode: "01310-100", city: "São Paulo", line1: null, line2: null },
      true,
    );
    await rememberCard(
      platform.store.db,
      account.user.id,
      { brand: "Visa", last4: "4242", expiry: "12/34" },
      new Date(),
    );
    const exported = await call("/v2/user/data-export", account.chrome.auth);
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Cache-Control")).toBe("private, no-store");
    const body = exported.body;
    expect(body.account).toMatchObject({ id: account.user.id, email: account.user.email });
    expect(body.profiles).toEqual([
      expect.objectContaining({ id: account.profileId, name: "Ana" }),
    ]);
    expect(body.history).toEqual([
      expect.objectContaining({ kind: "vod", contentId: 7, positionSeconds: 42 }),
    ]);
    expect(body.playbackPreferences).toEqual([
      {
        profileId: account.profileId,
        subtitleLanguage: "pt",
        audioLanguage: "en",
        autoAdvance: false,
        videoBackgroundAutoPlay: true,
        updatedAt: expect.any(String),
      },
    ]);
    expect(body.lists[0].items).toEqual([expect.objectContaining({ contentId: 7 })]);
    expect(body.orders.map((o: { id: string }) => o.id)).toEqual([account.orderId]);
    expect(body.subscriptions).toEqual([expect.objectContaining({ licence: "liga-monthly" })]);
    expect(body.consents).toEqual([
      expect.objectContaining({ purpose: "EMAIL_MARKETING_ALLOWED", answer: "true" }),
    ]);
    expect(body.sessions).toHaveLength(3);
    expect(body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(body.linkedProviders).toHaveLength(1);
    expect(body.addresses).toEqual([
      expect.objectContaining({ countryCode: "BR", postalCode: "01310-100", default: true }),
    ]);
    expect(body.cards).toEqual([
      expect.objectContaining({ brand: "Visa", last4: "4242", expiry: "12/34", default: true }),
    ]);
    expect(body.giftsGiven).toEqual([]);
    const text = JSON.stringify(body);
    expect(text).not.toContain(other.user.email);
    expect(text).not.toContain(other.orderId);
    expect(text).not.toMatch(/passwordHash|scrypt|tokenHash|pinHash/);
    expect((await call("/v2/user/data-export", {})).status).toBe(401);
  });
});
