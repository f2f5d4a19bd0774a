import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { digest } from "../../platform/identity/secrets.ts";
import { DEMO_PASSWORD, demoAccountId } from "../../platform/seed/demo-accounts.ts";
import * as t from "../../platform/store/schema.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });

async function adminToken(realm: "liga" | "arena" = "liga") {
  const res = await platform.api.call(realm, "/api/v2/login", {
    ...json({ id: `admin@${realm}.test`, secret: DEMO_PASSWORD }),
  });
  if (res.status === 200) return (await res.json()).authorisationToken as string;
  // Arena asks for a challenge: a token signed for its admin stands in for the sign-in.
  return issuer.issueAccess({
    sub: String(await demoAccountId(platform.store.db, realm, "admin")),
    rlm: realm,
    rol: ["ADMIN"],
    gue: false,
  });
}

async function startImpersonation(
  targetId: number,
  token: string,
  realm: "liga" | "arena" = "liga",
) {
  return platform.api.call(realm, `/api/v2/admin/user/${targetId}/impersonation`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
}

const exchange = (token: string, realm: "liga" | "arena" = "liga") =>
  platform.api.call(realm, `/api/v2/admin/user/impersonate?token=${encodeURIComponent(token)}`);

describe("impersonation", () => {
  it("an admin's single-use token gives the account's session, marked with the admin", async () => {
    const admin = await adminToken();
    const adminId = await demoAccountId(platform.store.db, "liga", "admin");
    const fanId = await demoAccountId(platform.store.db, "liga", "fan");
    const started = await startImpersonation(fanId, admin);
    expect(started.status).toBe(201);
    const { token, expiresIn } = await started.json();
    expect(expiresIn).toBeLessThanOrEqual(120);

    // No Authorization header: the token is the authority.
    const res = await exchange(token);
    expect(res.status).toBe(200);
    const session = await res.json();
    const claims = await issuer.verifyAccess(session.authorisationToken);
    expect(claims).toMatchObject({ sub: String(fanId), rol: ["CUSTOMER"], imp: adminId });
    expect(session.exp).toBe(claims.exp);

    // Refreshed tokens stay marked, and the session ends like any other.
    const refreshed = await platform.api.call(
      "liga",
      "/api/v2/token/refresh",
      json({ refreshToken: session.refreshToken }),
    );
    const next = await refreshed.json();
    expect((await issuer.verifyAccess(next.authorisationToken)).imp).toBe(adminId);
    await platform.api.call("liga", "/api/v2/logout", json({ refreshToken: next.refreshToken }));
    const after = await platform.api.call(
      "liga",
      "/api/v2/token/refresh",
      json({ refreshToken: next.refreshToken }),
    );
    expect(after.status).toBe(401);

    // Single use.
    const again = await exchange(token);
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("INVALID_IMPERSONATION_TOKEN");
  });

  it("a normal sign-in carries no imp marker", async () => {
    const res = await platform.api.call(
      "liga",
      "/api/v2/login",
      json({ id: "viewer@liga.test", secret: DEMO_PASSWORD }),
    );
    const claims = await issuer.verifyAccess((await res.json()).authorisationToken);
    expect(claims.imp).toBeUndefined();
  });

  it("only admins start it, only for non-admin accounts of their realm", async () => {
    const fanId = await demoAccountId(platform.store.db, "liga", "fan");
    const viewer = await platform.api.call(
      "liga",
      "/api/v2/login",
      json({ id: "viewer@liga.test", secret: DEMO_PASSWORD }),
    );
    const customerToken = (await viewer.json()).authorisationToken;
    expect((await startImpersonation(fanId, customerToken)).status).toBe(403);
    const anonymous = await platform.api.call("liga", `/api/v2/admin/user/${fanId}/impersonation`, {
      method: "POST",
    });
    expect(anonymous.status).toBe(401);

    const admin = await adminToken();
    const otherAdmin = await demoAccountId(platform.store.db, "liga", "admin");
    expect((await startImpersonation(otherAdmin, admin)).status).toBe(403);
    const arenaFan = await demoAccountId(platform.store.db, "arena", "fan");
    expect((await startImpersonation(arenaFan, admin)).status).toBe(404);
    const pending = await demoAccountId(platform.store.db, "liga", "pending");
    expect((await startImpersonation(pending, admin)).status).toBe(409);
  });

  it("refuses tokens of another realm, expired ones and made-up ones", async () => {
    const admin = await adminToken();
    const fanId = await demoAccountId(platform.store.db, "liga", "fan");
    const { token } = await (await startImpersonation(fanId, admin)).json();
    expect((await exchange(token, "arena")).status).toBe(400);
    await platform.store.db
      .update(t.oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.oneTimeTokens.tokenHash, digest(token)));
    expect((await exchange(token)).status).toBe(400);
    expect((await exchange("made-up")).status).toBe(400);
    expect((await exchange("")).status).toBe(400);
  });

  it("lists and finds the realm's users for admins", async () => {
    const admin = await adminToken();
    const list = await platform.api.call("liga", "/api/v2/admin/users?q=fan", {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect(list.status).toBe(200);
    const body = await list.json();
    expect(body.hits.map((u: { email: string }) => u.email)).toContain("fan@liga.test");
    expect(body.hits.every((u: { email: string }) => u.email.endsWith("@liga.test"))).toBe(true);
    const wildcard = await platform.api.call("liga", "/api/v2/admin/users?q=%25", {
      headers: { Authorization: `Bearer ${admin}` },
    });
    expect((await wildcard.json()).hits).toEqual([]);
    expect((await platform.api.call("liga", "/api/v2/admin/users")).status).toBe(401);
  });
});
