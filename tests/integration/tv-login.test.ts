import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { digest } from "../../platform/identity/secrets.ts";
import { TV_CODE_ALPHABET } from "../../platform/identity/tv-codes.ts";
import { demoAccountId } from "../../platform/seed/demo-accounts.ts";
import * as t from "../../platform/store/schema.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);
type Realm = "arena" | "liga";
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });

/** A signed-in viewer's token (arena's sign-in asks for a challenge; a signed token stands in). */
async function viewerOf(realm: Realm, local: string, extra: Record<string, unknown> = {}) {
  return issuer.issueAccess({
    sub: String(await demoAccountId(platform.store.db, realm, local)),
    rlm: realm,
    rol: ["CUSTOMER"],
    gue: false,
    ...extra,
  });
}

const newCode = async (realm: Realm = "arena") =>
  platform.api.call(realm, "/api/v2/tv/code", json({}));
const poll = (deviceCode: string) =>
  platform.api.call("arena", "/api/v2/tv/token", json({ deviceCode }));
const activate = (code: string, token: string) =>
  platform.api.call("arena", "/api/v2/tv/activate", {
    ...json({ code }),
    headers: { Authorization: `Bearer ${token}` },
  });

describe("TV PIN sign-in", () => {
  it("a TV waits, a signed-in viewer enters its code, the TV gets the session once", async () => {
    const res = await newCode();
    expect(res.status).toBe(201);
    const { code, deviceCode, expiresIn, interval } = await res.json();
    expect(code).toMatch(new RegExp(`^[${TV_CODE_ALPHABET}]{6}$`));
    expect(deviceCode).toMatch(/^[\w-]{40,}$/);
    expect(expiresIn).toBe(600);
    expect(interval).toBeGreaterThan(0);

    const waiting = await poll(deviceCode);
    expect(waiting.status).toBe(400);
    expect((await waiting.json()).code).toBe("AUTHORIZATION_PENDING");

    const viewerId = await demoAccountId(platform.store.db, "arena", "viewer");
    const token = await viewerOf("arena", "viewer");
    // Typed in lower case with a space: still the code.
    const entered = await activate(`${code.slice(0, 3).toLowerCase()} ${code.slice(3)}`, token);
    expect(entered.status).toBe(200);

    const signedIn = await poll(deviceCode);
    expect(signedIn.status).toBe(200);
    const session = await signedIn.json();
    const claims = await issuer.verifyAccess(session.authorisationToken);
    expect(claims).toMatchObject({ sub: String(viewerId), rlm: "arena", rol: ["CUSTOMER"] });
    expect(session.refreshToken).toBeTruthy();

    const again = await poll(deviceCode);
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("INVALID_DEVICE_CODE");
    // Entered once: the code cannot be given to a second account either.
    expect((await activate(code, await viewerOf("arena", "fan"))).status).toBe(404);
  });

  it("needs a signed-in account to enter a code, and refuses unknown and expired codes", async () => {
    const { code, deviceCode } = await (await newCode()).json();
    const anonymous = await platform.api.call("arena", "/api/v2/tv/activate", json({ code }));
    expect(anonymous.status).toBe(401);
    const guest = await issuer.issueAccess({ sub: "guest-1", rlm: "arena", rol: [], gue: true });
    expect((await activate(code, guest)).status).toBe(401);

    const token = await viewerOf("arena", "fan");
    const unknown = await activate("ZZZZZZ", token);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("INVALID_TV_CODE");

    await platform.store.db
      .update(t.tvCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.tvCodes.deviceCodeHash, digest(deviceCode)));
    expect((await activate(code, token)).status).toBe(404);
    const expired = await poll(deviceCode);
    expect((await expired.json()).code).toBe("EXPIRED_TOKEN");
  });

  it("an admin impersonating an account cannot hand its session to a TV", async () => {
    const { code } = await (await newCode()).json();
    const token = await viewerOf("arena", "fan", { imp: 1 });
    expect((await activate(code, token)).status).toBe(403);
  });

  it("limits codes entered per account", async () => {
    const token = await viewerOf("arena", "pending");
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await activate("AAAAAA", token)).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("exists only where the realm has pinLoginEnabled (liga has not)", async () => {
    const res = await newCode("liga");
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe("PIN_LOGIN_DISABLED");
  });
});
