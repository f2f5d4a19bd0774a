import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import * as t from "../../platform/store/schema.ts";
import { platformApp, TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

// This server keeps its answer about a session for the default few seconds...
const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);
// ...and another server on the same store, whose clock the test moves past its cache.
const OTHER_CACHE_MS = 5_000;
let otherTime = Date.now();
let other: ReturnType<typeof platformApp> | undefined;
const otherServer = () =>
  (other ??= platformApp(platform.store, {
    sessionCacheMs: OTHER_CACHE_MS,
    now: () => otherTime,
  }));
const outwaitCache = () => {
  otherTime += OTHER_CACHE_MS;
};

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });

async function signIn(email = "viewer@liga.test", secret = DEMO_PASSWORD) {
  const res = await platform.api.call("liga", "/api/v2/login", json({ id: email, secret }));
  expect(res.status).toBe(200);
  return (await res.json()) as { authorisationToken: string; refreshToken: string };
}

/** The status of an account-only call made with `token`, on this server or the other one. */
async function statusWith(token: string, server = platform.api) {
  const res = await server.call("liga", "/api/v2/user/profiles", {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (res.status === 401) expect((await res.json()).code).toBe("INVALID_TOKEN");
  return res.status;
}

describe("access tokens end with their session", () => {
  it("name their session, and stop working at sign-out, refreshed ones too", async () => {
    const first = await signIn();
    const refreshed = await (
      await platform.api.call(
        "liga",
        "/api/v2/token/refresh",
        json({ refreshToken: first.refreshToken }),
      )
    ).json();
    const { sid } = await issuer.verifyAccess(first.authorisationToken);
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect((await issuer.verifyAccess(refreshed.authorisationToken)).sid).toBe(sid);
    for (const token of [first.authorisationToken, refreshed.authorisationToken]) {
      expect(await statusWith(token)).toBe(200);
      expect(await statusWith(token, otherServer())).toBe(200);
    }

    const logout = await platform.api.call(
      "liga",
      "/api/v2/logout",
      json({ refreshToken: refreshed.refreshToken }),
    );
    expect(logout.status).toBe(204);
    // At once on the server that signed out, though it had just found the session on.
    for (const token of [first.authorisationToken, refreshed.authorisationToken]) {
      expect(await statusWith(token)).toBe(401);
    }
    // A server that had found it on too trusts that until its cache runs out, then no more.
    expect(await statusWith(refreshed.authorisationToken, otherServer())).toBe(200);
    outwaitCache();
    expect(await statusWith(refreshed.authorisationToken, otherServer())).toBe(401);
  });

  it("a password reset ends every session of the account, and their access tokens", async () => {
    const sessions = [await signIn("fan@liga.test"), await signIn("fan@liga.test")];
    const bystander = await signIn("viewer@liga.test");
    for (const { authorisationToken } of sessions) {
      expect(await statusWith(authorisationToken)).toBe(200);
      expect(await statusWith(authorisationToken, otherServer())).toBe(200);
    }

    await platform.api.call("liga", "/api/v2/password/request", json({ email: "fan@liga.test" }));
    const [mail] = await platform.store.db
      .select()
      .from(t.outbox)
      .where(and(eq(t.outbox.realm, "liga"), eq(t.outbox.recipient, "fan@liga.test")))
      .orderBy(desc(t.outbox.id))
      .limit(1);
    const token = /pwrt=([\w-]+)/.exec(mail!.body)![1];
    const reset = await platform.api.call(
      "liga",
      "/api/v2/password/reset",
      json({ token, secret: "brand-new-1" }),
    );
    expect(reset.status).toBe(200);

    for (const { authorisationToken } of sessions) {
      expect(await statusWith(authorisationToken)).toBe(401);
    }
    outwaitCache();
    for (const { authorisationToken } of sessions) {
      expect(await statusWith(authorisationToken, otherServer())).toBe(401);
    }
    expect(await statusWith(bystander.authorisationToken)).toBe(200);
  });
});
