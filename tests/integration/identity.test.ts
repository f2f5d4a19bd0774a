import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { encodeChallengeInput, solveChallenge, type Challenge } from "../../contract/challenge.ts";
import { HEADERS } from "../../contract/headers.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { digest } from "../../platform/identity/secrets.ts";
import { DEMO_PASSWORD, demoActivationId } from "../../platform/seed/demo-accounts.ts";
import * as t from "../../platform/store/schema.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";
import { updateRealm } from "../fixtures/realm-settings.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);
type Realm = "arena" | "liga";

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });

/** A call that answers arena's challenge when asked, as the web app does. */
async function post(realm: Realm, path: string, body: unknown, address?: string) {
  let res = await platform.api.call(realm, path, { ...json(body), address });
  if (res.status === 428) {
    const { details } = (await res.json()) as { details: { challenge: Challenge } };
    const input = encodeChallengeInput({
      id: details.challenge.id,
      secrets: [{ type: "CAPTCHA", value: await solveChallenge(details.challenge) }],
    });
    res = await platform.api.call(realm, path, {
      ...json(body),
      address,
      headers: { [HEADERS.challengeInput]: input },
    });
  }
  return res;
}

const signIn = (realm: Realm, id: string, secret = DEMO_PASSWORD, address?: string) =>
  post(realm, "/api/v2/login", { id, secret }, address);

async function latestMail(realm: Realm, recipient: string) {
  const [mail] = await platform.store.db
    .select()
    .from(t.outbox)
    .where(and(eq(t.outbox.realm, realm), eq(t.outbox.recipient, recipient)))
    .orderBy(desc(t.outbox.id))
    .limit(1);
  return mail;
}

describe("sign-in", () => {
  it("signs a demo viewer in with tokens carrying the spec's claims", async () => {
    const res = await signIn("liga", "viewer@liga.test");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.lacksConfirmation).toBe(false);
    expect(body.refreshToken).toMatch(/^[\w-]{40,}$/);
    const claims = await issuer.verifyAccess(body.authorisationToken);
    expect(claims).toMatchObject({
      rlm: "liga",
      rol: ["CUSTOMER"],
      gue: false,
      par: "NON_RESTRICTED",
      pro: { type: "a" },
      apr: true,
    });
    expect(claims.ads?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.ads?.id).not.toBe(claims.sub);
  });

  it("takes the email in any case and with spaces around it", async () => {
    expect((await signIn("liga", "  Fan@Liga.TEST ")).status).toBe(200);
  });

  it("answers NOT_FOUND for a wrong password and an unknown email alike", async () => {
    for (const id of ["fan@liga.test", "nobody@liga.test"]) {
      const res = await signIn("liga", id, "wrong-password");
      expect(res.status).toBe(404);
      expect((await res.json()).code).toBe("NOT_FOUND");
    }
  });

  it("answers EMPTY_INPUTS when the email or password is missing", async () => {
    for (const body of [{ id: "fan@liga.test" }, { secret: "x" }, {}]) {
      const res = await platform.api.call("liga", "/api/v2/login", json(body));
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("EMPTY_INPUTS");
    }
  });

  it("accounts of one realm cannot sign in to another", async () => {
    expect((await signIn("liga", "viewer@arena.test")).status).toBe(404);
  });

  it("refuses a pending account and a suspended one with their codes", async () => {
    const pending = await signIn("liga", "pending@liga.test");
    expect(pending.status).toBe(403);
    expect((await pending.json()).code).toBe("PENDING_ACTIVATION");
    const { userId } = await viewerToken(platform.store, "liga", "CUSTOMER", {
      email: "suspended@liga.test",
    });
    const hash = (
      await platform.store.db
        .select({ h: t.users.passwordHash })
        .from(t.users)
        .where(eq(t.users.email, "fan@liga.test"))
    )[0]!.h;
    await platform.store.db
      .update(t.users)
      .set({ status: "SUSPENDED", passwordHash: hash })
      .where(eq(t.users.id, userId));
    const suspended = await signIn("liga", "suspended@liga.test");
    expect(suspended.status).toBe(403);
    expect((await suspended.json()).code).toBe("user_self_suspended");
  });
});

describe("challenge (arena has a CAPTCHA configuration)", () => {
  it("asks for a proof of work first, then signs in with a solved one", async () => {
    const first = await platform.api.call(
      "arena",
      "/api/v2/login",
      json({ id: "viewer@arena.test", secret: DEMO_PASSWORD }),
    );
    expect(first.status).toBe(428);
    const { code, details } = await first.json();
    expect(code).toBe("CHALLENGE_REQUIRED");
    expect(details.challenge).toMatchObject({ algorithm: "SHA-256", difficulty: 14 });
    const input = encodeChallengeInput({
      id: details.challenge.id,
      secrets: [{ type: "CAPTCHA", value: await solveChallenge(details.challenge) }],
    });
    const send = () =>
      platform.api.call("arena", "/api/v2/login", {
        ...json({ id: "viewer@arena.test", secret: DEMO_PASSWORD }),
        headers: { [HEADERS.challengeInput]: input },
      });
    expect((await send()).status).toBe(200);
    // A challenge is good for one attempt.
    const again = await send();
    expect(again.status).toBe(403);
    expect((await again.json()).code).toBe("CHALLENGE_FAILED");
  });

  it("refuses a wrong answer and a malformed header with CHALLENGE_FAILED and a new challenge", async () => {
    const first = await platform.api.call(
      "arena",
      "/api/v2/login",
      json({ id: "a@b.co", secret: "x" }),
    );
    const { details } = await first.json();
    for (const header of [
      encodeChallengeInput({
        id: details.challenge.id,
        secrets: [{ type: "CAPTCHA", value: "nope" }],
      }),
      "not base64 json",
    ]) {
      const res = await platform.api.call("arena", "/api/v2/login", {
        ...json({ id: "a@b.co", secret: "x" }),
        headers: { [HEADERS.challengeInput]: header },
      });
      expect(res.status).toBe(403);
      const body = await res.json();
      expect(body.code).toBe("CHALLENGE_FAILED");
      expect(body.details.challenge.id).not.toBe(details.challenge.id);
    }
  });
});

describe("rate limits", () => {
  it("locks an account after five failures, whatever the address, until the window ends", async () => {
    const { userId } = await viewerToken(platform.store, "liga", "CUSTOMER", {
      email: "target@liga.test",
    });
    const [fan] = await platform.store.db
      .select({ h: t.users.passwordHash })
      .from(t.users)
      .where(eq(t.users.email, "fan@liga.test"));
    await platform.store.db
      .update(t.users)
      .set({ passwordHash: fan!.h })
      .where(eq(t.users.id, userId));
    for (let i = 0; i < 5; i++) {
      expect((await signIn("liga", "target@liga.test", "guess")).status).toBe(404);
    }
    const locked = await signIn("liga", "target@liga.test");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    const body = await locked.json();
    expect(body.code).toBe("TOO_MANY_ATTEMPTS");
    expect(body.messages[0]).toMatch(/try again in \d+ minute/);
    // The window is kept in the store: when it has passed, the right password works again.
    await platform.store.db
      .update(t.rateLimits)
      .set({ windowStartedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(t.rateLimits.key, "login:account:liga:target@liga.test"));
    expect((await signIn("liga", "target@liga.test")).status).toBe(200);
  });

  it("limits attempts from one address across accounts", async () => {
    const address = "203.0.113.77";
    for (let i = 0; i < 30; i++) {
      expect((await signIn("liga", `someone${i}@liga.test`, "guess", address)).status).toBe(404);
    }
    const res = await signIn("liga", "fan@liga.test", DEMO_PASSWORD, address);
    expect(res.status).toBe(429);
    expect((await signIn("liga", "fan@liga.test", DEMO_PASSWORD, "203.0.113.78")).status).toBe(200);
    // 32 password hashes in a row, each deliberately slow: a busy shared machine needs longer
    // than the default.
  }, 90_000);
});

describe("sign-up", () => {
  it("signs up on liga's PBR provider with `country`, signed in at once", async () => {
    const res = await post("liga", "/api/v2/user/pbr", {
      email: "New.Fan@liga.test",
      secret: "secret-12",
      taxNumber: "123.456.789-09",
      country: "BR",
    });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.lacksConfirmation).toBe(false);
    const claims = await issuer.verifyAccess(body.authorisationToken);
    expect(claims).toMatchObject({ rol: ["CUSTOMER"], apr: true, pro: { type: "a" } });
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, "new.fan@liga.test"));
    expect(user).toMatchObject({ country: "BR", taxNumber: "123.456.789-09", status: "ACTIVE" });
    expect(user!.passwordHash).toMatch(/^scrypt\$/);
    expect(user!.passwordHash).not.toContain("secret-12");

    const twice = await post("liga", "/api/v2/user/pbr", {
      email: "new.fan@liga.test",
      secret: "secret-12",
      taxNumber: "123.456.789-09",
      country: "BR",
    });
    expect(twice.status).toBe(409);
    expect((await twice.json()).code).toBe("CONFLICT");
  });

  it("takes a phone number grouped with spaces, dashes, dots and brackets, and stores its digits", async () => {
    const res = await post("liga", "/api/v2/user/pbr", {
      email: "grouped.phone@liga.test",
      secret: "secret-12",
      taxNumber: "123.456.789-09",
      country: "BR",
      phoneNumber: "+55 (11) 91234-5678",
    });
    expect(res.status).toBe(201);
    const [user] = await platform.store.db
      .select()
      .from(t.users)
      .where(eq(t.users.email, "grouped.phone@liga.test"));
    expect(user!.phoneNumber).toBe("+5511912345678");

    const letters = await post("liga", "/api/v2/user/pbr", {
      email: "letters.phone@liga.test",
      secret: "secret-12",
      taxNumber: "123.456.789-09",
      country: "BR",
      phoneNumber: "+55 11 CALL-ME",
    });
    expect(letters.status).toBe(400);
    expect((await letters.json()).details.fields).toEqual({ phoneNumber: "invalidPhoneNumber" });
  });

  it("names every field's problem with the realm's label keys", async () => {
    const res = await post("liga", "/api/v2/user/pbr", {
      email: "not-an-email",
      secret: "123",
      taxNumber: "12",
      country: "ZZ",
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("INVALID_FIELDS");
    expect(body.details.fields).toEqual({
      email: "pleaseProvideValidEmail",
      password: "yourPasswordRules",
      taxNumber: "invalidTaxNumber",
      countryCode: expect.any(String),
    });
    const empty = await post("liga", "/api/v2/user/pbr", {});
    expect((await empty.json()).details.fields).toMatchObject({
      email: "pleaseProvideYourEmail",
      password: "pleaseProvideYourPassword",
      taxNumber: "requiredField",
    });
  });

  it("on arena, waits for the emailed confirmation: lacksConfirmation, then confirmed once", async () => {
    const body = {
      email: "joiner@arena.test",
      secret: "secret-12",
      fullName: "Jo Iner",
      countryCode: "GB",
    };
    // Arena signs up with consent: its required terms must be agreed to.
    const unagreed = await post("arena", "/api/v2/user", {
      ...body,
      consentAnswers: [{ promptField: "emailMarketing", answer: true }],
    });
    expect(unagreed.status).toBe(400);
    expect((await unagreed.json()).details.fields).toEqual({ termsAndConditions: "requiredField" });

    const res = await post("arena", "/api/v2/user", {
      ...body,
      consentAnswers: [
        { promptField: "termsAndConditions", answer: true },
        { promptField: "emailMarketing", answer: false },
      ],
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created.lacksConfirmation).toBe(true);
    expect((await issuer.verifyAccess(created.authorisationToken)).apr).toBe(false);
    const answers = await platform.store.db
      .select({ field: t.consentAnswers.fieldName, answer: t.consentAnswers.answer })
      .from(t.consentAnswers)
      .where(
        eq(
          t.consentAnswers.userId,
          Number((await issuer.verifyAccess(created.authorisationToken)).sub),
        ),
      );
    expect(answers.sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: "emailMarketing", answer: "false" },
      { field: "termsAndConditions", answer: "true" },
    ]);

    const early = await signIn("arena", "joiner@arena.test", "secret-12");
    expect(early.status).toBe(403);
    expect((await early.json()).code).toBe("EMAIL_NOT_CONFIRMED");

    const mail = await latestMail("arena", "joiner@arena.test");
    expect(mail).toMatchObject({ kind: "confirmation" });
    expect(mail!.subject).toBe("Confirm your email for Arena Fight Pass");
    const link = /https?:\/\/\S+\/realm\/arena\/email-confirmation\?token=([\w-]+)/.exec(
      mail!.body,
    );
    expect(link, mail!.body).not.toBeNull();

    const verify = () =>
      platform.api.call(
        "arena",
        "/api/v2/confirmation-token/verify",
        json({ confirmationToken: link![1] }),
      );
    expect((await verify()).status).toBe(200);
    const reused = await verify();
    expect(reused.status).toBe(400);
    expect((await reused.json()).code).toBe("INVALID_CONFIRMATION_TOKEN");
    const after = await signIn("arena", "joiner@arena.test", "secret-12");
    const claims = await issuer.verifyAccess((await after.json()).authorisationToken);
    expect(claims.apr).toBe(true);
  });

  it("opens an account all or nothing: a failed profile write leaves no account holding the email", async () => {
    const { db } = platform.store;
    // The store itself refuses the profile, as a constraint or an outage mid-sign-up would.
    await db.execute(sql`
      CREATE FUNCTION refuse_profile() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'profile refused'; END $$`);
    await db.execute(sql`
      CREATE TRIGGER refuse_profile BEFORE INSERT ON profiles
      FOR EACH ROW EXECUTE FUNCTION refuse_profile()`);
    const signUp = () =>
      post("liga", "/api/v2/user/pbr", {
        email: "half.way@liga.test",
        secret: "secret-12",
        taxNumber: "123.456.789-09",
        country: "BR",
      });
    try {
      expect((await signUp()).status).toBe(500);
      const left = await db.select().from(t.users).where(eq(t.users.email, "half.way@liga.test"));
      expect(left).toEqual([]);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_profile ON profiles`);
      await db.execute(sql`DROP FUNCTION refuse_profile()`);
    }
    // The email is free: the same sign-up succeeds once the store takes profiles again.
    expect((await signUp()).status).toBe(201);
  });

  it("is refused where the realm takes no sign-ups", async () => {
    const [realm] = await platform.store.db
      .select()
      .from(t.realms)
      .where(eq(t.realms.name, "liga"));
    await updateRealm(platform.store, "liga", {
      settings: { ...realm!.settings, allowSelfregistration: false },
    });
    try {
      const res = await post("liga", "/api/v2/user/pbr", {
        email: "x@liga.test",
        secret: "secret-12",
      });
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe("SELF_REGISTRATION_DISABLED");
    } finally {
      await updateRealm(platform.store, "liga", { settings: realm!.settings });
    }
  });
});

describe("refresh tokens", () => {
  const refresh = (refreshToken: string, realm: Realm = "liga") =>
    platform.api.call(realm, "/api/v2/token/refresh", json({ refreshToken }));

  async function session() {
    return (await (await signIn("liga", "fan@liga.test")).json()) as {
      authorisationToken: string;
      refreshToken: string;
    };
  }

  it("rotates: each use gives a new pair, and the family goes on", async () => {
    const first = await session();
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const claims = await issuer.verifyAccess(second.authorisationToken);
    expect(claims).toMatchObject({ rlm: "liga", rol: ["CUSTOMER"], pro: { type: "a" } });
    expect((await refresh(second.refreshToken)).status).toBe(200);
  });

  it("lets two parallel refreshes with one token both through (the grace period)", async () => {
    const { refreshToken } = await session();
    const answers = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
  });

  it("revokes the whole family when a used token comes back after the grace period", async () => {
    const first = await session();
    const second = await (await refresh(first.refreshToken)).json();
    // As if the first token had been exchanged a minute ago.
    await platform.store.db
      .update(t.refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - 60_000) })
      .where(eq(t.refreshTokens.tokenHash, digest(first.refreshToken)));
    const reuse = await refresh(first.refreshToken);
    expect(reuse.status).toBe(401);
    expect((await reuse.json()).code).toBe("REVOKED");
    // The legitimate holder's newer token is gone too: both must sign in again.
    const newer = await refresh(second.refreshToken);
    expect(newer.status).toBe(401);
    expect((await newer.json()).code).toBe("REVOKED");
  });

  it("refuses unknown, other-realm and expired tokens", async () => {
    expect((await (await refresh("made-up")).json()).code).toBe("INVALID_REFRESH_TOKEN");
    const { refreshToken } = await session();
    expect((await refresh(refreshToken, "arena")).status).toBe(401);
    await platform.store.db
      .update(t.refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.refreshTokens.tokenHash, digest(refreshToken)));
    expect((await refresh(refreshToken)).status).toBe(401);
  });

  it("ends with sign-out: the token no longer refreshes", async () => {
    const { refreshToken } = await session();
    const out = await platform.api.call("liga", "/api/v2/logout", json({ refreshToken }));
    expect(out.status).toBe(204);
    expect((await refresh(refreshToken)).status).toBe(401);
  });

  it("gives guests a refresh token too", async () => {
    const res = await platform.api.call("liga", "/api/v2/login/guest/checkin", { method: "POST" });
    const guest = await res.json();
    const next = await refresh(guest.refreshToken);
    expect(next.status).toBe(200);
    const claims = await issuer.verifyAccess((await next.json()).authorisationToken);
    expect(claims).toMatchObject({ gue: true, rol: [] });
    expect(claims.sub).toBe((await issuer.verifyAccess(guest.authorisationToken)).sub);
  });
});

describe("password reset", () => {
  it("emails a link, sets the new password once, and ends every session", async () => {
    const { refreshToken } = await (await signIn("liga", "viewer@liga.test")).json();
    const ask = await platform.api.call(
      "liga",
      "/api/v2/password/request",
      json({ email: "viewer@liga.test" }),
    );
    expect(ask.status).toBe(202);
    const mail = await latestMail("liga", "viewer@liga.test");
    expect(mail!.kind).toBe("password-reset");
    expect(mail!.subject).toMatch(/senha/); // liga speaks Portuguese
    const token = /login\/reset-password\?pwrt=([\w-]+)/.exec(mail!.body)![1]!;

    const reset = () =>
      platform.api.call("liga", "/api/v2/password/reset", json({ token, secret: "brand-new-1" }));
    const short = await platform.api.call(
      "liga",
      "/api/v2/password/reset",
      json({ token, secret: "12" }),
    );
    expect((await short.json()).code).toBe("INVALID_PASSWORD");
    expect((await reset()).status).toBe(200);
    expect((await (await reset()).json()).code).toBe("INVALID_RESET_TOKEN");

    expect((await signIn("liga", "viewer@liga.test")).status).toBe(404);
    expect((await signIn("liga", "viewer@liga.test", "brand-new-1")).status).toBe(200);
    const old = await platform.api.call("liga", "/api/v2/token/refresh", json({ refreshToken }));
    expect(old.status).toBe(401);
  });

  it("words the email the realm's own way where it has its own text", async () => {
    const [liga] = await platform.store.db
      .select({ labels: t.realms.labels })
      .from(t.realms)
      .where(eq(t.realms.name, "liga"));
    const own = "Nova senha para a {{realm}}, em dois cliques";
    await updateRealm(platform.store, "liga", {
      labels: { ...liga!.labels, pt: { ...liga!.labels.pt, mailPasswordResetSubject: own } },
    });
    try {
      const ask = await platform.api.call(
        "liga",
        "/api/v2/password/request",
        json({ email: "fan@liga.test" }),
      );
      expect(ask.status).toBe(202);
      const mail = await latestMail("liga", "fan@liga.test");
      expect(mail!.subject).toMatch(/^Nova senha para a .+, em dois cliques$/);
    } finally {
      await updateRealm(platform.store, "liga", { labels: liga!.labels });
    }
  });

  it("answers the same for an unknown email, and sends nothing", async () => {
    const before = await platform.store.db.select().from(t.outbox);
    const res = await platform.api.call(
      "liga",
      "/api/v2/password/request",
      json({ email: "ghost@liga.test" }),
    );
    expect(res.status).toBe(202);
    expect(await platform.store.db.select().from(t.outbox)).toHaveLength(before.length);
  });
});

describe("magic link (liga)", () => {
  it("emails a single-use sign-in link", async () => {
    const ask = await platform.api.call(
      "liga",
      "/api/v2/login/magic-link",
      json({ email: "fan@liga.test" }),
    );
    expect(ask.status).toBe(202);
    const mail = await latestMail("liga", "fan@liga.test");
    const token = /\/login\?magic=([\w-]+)/.exec(mail!.body)![1]!;
    const verify = () =>
      platform.api.call("liga", "/api/v2/login/magic-link/verify", json({ token }));
    const first = await verify();
    expect(first.status).toBe(200);
    expect((await first.json()).authorisationToken).toBeTruthy();
    expect((await verify()).status).toBe(400);
  });

  it("is refused where the realm does not offer it", async () => {
    const res = await platform.api.call(
      "arena",
      "/api/v2/login/magic-link",
      json({ email: "fan@arena.test" }),
    );
    expect(res.status).toBe(403);
  });
});

describe("pending activation", () => {
  const base = `/api/v2/pendingactivationuser/${demoActivationId("arena")}`;

  it("shows the account and its entitlements, activates once and signs in", async () => {
    const who = await platform.api.call("arena", base);
    expect(who.status).toBe(200);
    expect(await who.json()).toEqual({
      id: demoActivationId("arena"),
      email: "pending@arena.test",
      fullName: "Pat Pending",
    });
    const entitlement = await (await platform.api.call("arena", `${base}/entitlement`)).json();
    expect(entitlement.entitlements).toEqual([
      expect.objectContaining({ licence: "ALL_ACCESS", status: "ACTIVE" }),
    ]);
    const activate = await platform.api.call("arena", `${base}/activate`, { method: "POST" });
    expect(activate.status).toBe(200);
    expect((await activate.json()).authorisationToken).toBeTruthy();
    expect((await platform.api.call("arena", base)).status).toBe(404);
    expect((await signIn("arena", "pending@arena.test")).status).toBe(200);
  });

  it("declining removes the account; unknown ids are not found", async () => {
    const liga = `/api/v2/pendingactivationuser/${demoActivationId("liga")}`;
    expect((await platform.api.call("liga", liga, { method: "DELETE" })).status).toBe(204);
    expect((await platform.api.call("liga", liga)).status).toBe(404);
    expect((await platform.api.call("arena", liga)).status).toBe(404);
  });
});

describe("outbox", () => {
  it("lists the realm's email to its admins only", async () => {
    const admin = await viewerToken(platform.store, "liga", "ADMIN");
    await platform.api.call("liga", "/api/v2/password/request", json({ email: "fan@liga.test" }));
    const res = await platform.api.call("liga", "/api/v2/admin/outbox", {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    const page = await res.json();
    expect(page.hits[0]).toMatchObject({ recipient: "fan@liga.test", kind: "password-reset" });
    expect(
      page.hits.every((mail: { recipient: string }) => mail.recipient.endsWith("@liga.test")),
    ).toBe(true);
    const customer = await viewerToken(platform.store, "liga", "CUSTOMER");
    const refused = await platform.api.call("liga", "/api/v2/admin/outbox", {
      headers: { Authorization: `Bearer ${customer.token}` },
    });
    expect(refused.status).toBe(403);
  });
});
