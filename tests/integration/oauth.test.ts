import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { verifierMatches } from "../../platform/identity/oauth.ts";
import { digest } from "../../platform/identity/secrets.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import { DEMO_CLIENT_ID, demoRedirectUris } from "../../platform/seed/demo-oauth-clients.ts";
import * as t from "../../platform/store/schema.ts";
import { withChallenge } from "../fixtures/challenge.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();
const issuer = createTokenIssuer(TEST_TOKEN_SECRET);

// RFC 7636 appendix B.
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
const REDIRECT = demoRedirectUris()[0]!;

type Realm = "arena" | "liga";
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body) });

function authorizeBody(overrides: Record<string, unknown> = {}) {
  return {
    response_type: "code",
    client_id: DEMO_CLIENT_ID,
    redirect_uri: REDIRECT,
    state: "xyz-123",
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
    credentials: { id: "viewer@liga.test", secret: DEMO_PASSWORD },
    ...overrides,
  };
}

async function authorize(realm: Realm, overrides: Record<string, unknown> = {}) {
  const body = authorizeBody({
    credentials: { id: `viewer@${realm}.test`, secret: DEMO_PASSWORD },
    ...overrides,
  });
  return withChallenge((headers) =>
    platform.api.call(realm, "/api/v4/oauth2-auth/code", { ...json(body), headers }),
  );
}

async function codeFor(realm: Realm = "liga", overrides: Record<string, unknown> = {}) {
  const res = await authorize(realm, overrides);
  expect(res.status).toBe(200);
  const { redirectUrl } = (await res.json()) as { redirectUrl: string };
  return new URL(redirectUrl).searchParams.get("code")!;
}

function exchange(realm: Realm, params: Record<string, string>, as: "form" | "json" = "form") {
  const body = {
    grant_type: "authorization_code",
    client_id: DEMO_CLIENT_ID,
    redirect_uri: REDIRECT,
    code_verifier: VERIFIER,
    ...params,
  };
  return platform.api.call(realm, "/api/v4/oauth2-auth/token", {
    method: "POST",
    headers: {
      "Content-Type": as === "form" ? "application/x-www-form-urlencoded" : "application/json",
    },
    body: as === "form" ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });
}

describe("PKCE (RFC 7636)", () => {
  it("accepts the appendix B verifier for its challenge, and nothing else", () => {
    expect(createHash("sha256").update(VERIFIER).digest("base64url")).toBe(CHALLENGE);
    expect(verifierMatches(VERIFIER, CHALLENGE)).toBe(true);
    expect(verifierMatches(`${VERIFIER.slice(0, -1)}j`, CHALLENGE)).toBe(false);
    // S256 only: the verifier itself is no "plain" challenge.
    expect(verifierMatches(VERIFIER, VERIFIER)).toBe(false);
    expect(verifierMatches("short", CHALLENGE)).toBe(false);
  });
});

describe("authorization code", () => {
  it("redirects to the exact registered URI with a code and the state", async () => {
    const res = await authorize("liga");
    expect(res.status).toBe(200);
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(REDIRECT);
    expect(url.searchParams.get("state")).toBe("xyz-123");
    expect(url.searchParams.get("code")).toMatch(/^[\w-]{40,}$/);
  });

  it("refuses near-miss redirect URIs with an error and no URL to go to", async () => {
    const nearMisses = [
      `${REDIRECT}/`,
      REDIRECT.toUpperCase(),
      REDIRECT.replace("/callback", "/Callback"),
      `${REDIRECT}?extra=1`,
      `${REDIRECT}#fragment`,
      REDIRECT.replace("http://", "https://"),
      REDIRECT.replace("localhost:3000", "localhost:3001"),
      REDIRECT.replace("localhost", "localhost.evil.example"),
      "https://evil.example/oauth-test-client/callback",
      "",
    ];
    for (const redirect_uri of nearMisses) {
      const res = await authorize("liga", { redirect_uri });
      expect(res.status, redirect_uri).toBe(400);
      const body = await res.json();
      expect(body.code).toBe("INVALID_REDIRECT_URI");
      expect(body).not.toHaveProperty("redirectUrl");
      expect(JSON.stringify(body)).not.toContain("code=");
    }
  });

  it("refuses unknown clients, other response types and challenges other than S256", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ client_id: "someone-else" }, "UNKNOWN_CLIENT"],
      [{ response_type: "token" }, "UNSUPPORTED_RESPONSE_TYPE"],
      [{ code_challenge_method: "plain", code_challenge: VERIFIER }, "INVALID_CODE_CHALLENGE"],
      [{ code_challenge: undefined }, "INVALID_CODE_CHALLENGE"],
    ];
    for (const [overrides, code] of cases) {
      const res = await authorize("liga", overrides);
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe(code);
    }
  });

  it("checks credentials as sign-in does: wrong password NOT_FOUND, empty EMPTY_INPUTS", async () => {
    const wrong = await authorize("liga", {
      credentials: { id: "viewer@liga.test", secret: "not-the-password" },
    });
    expect(wrong.status).toBe(404);
    expect((await wrong.json()).code).toBe("NOT_FOUND");
    const empty = await authorize("liga", { credentials: { id: "", secret: "" } });
    expect(empty.status).toBe(400);
    expect((await empty.json()).code).toBe("EMPTY_INPUTS");
  });

  it("asks arena's challenge first, like sign-in", async () => {
    const res = await platform.api.call(
      "arena",
      "/api/v4/oauth2-auth/code",
      json(authorizeBody({ credentials: { id: "viewer@arena.test", secret: DEMO_PASSWORD } })),
    );
    expect(res.status).toBe(428);
    expect((await res.json()).code).toBe("CHALLENGE_REQUIRED");
    expect((await authorize("arena")).status).toBe(200);
  });
});

describe("token exchange", () => {
  it("gives the viewer's session for the code and verifier (form or JSON)", async () => {
    for (const as of ["form", "json"] as const) {
      const res = await exchange("liga", { code: await codeFor() }, as);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Pragma")).toBe("no-cache");
      const body = await res.json();
      expect(body).toMatchObject({ token_type: "Bearer", expires_in: 900 });
      const claims = await issuer.verifyAccess(body.access_token);
      expect(claims).toMatchObject({ rlm: "liga", rol: ["CUSTOMER"], gue: false });
      const refreshed = await platform.api.call(
        "liga",
        "/api/v2/token/refresh",
        json({ refreshToken: body.refresh_token }),
      );
      expect(refreshed.status).toBe(200);
    }
  });

  it("refuses a reused code and ends the session issued from it", async () => {
    const code = await codeFor();
    const first = await exchange("liga", { code });
    expect(first.status).toBe(200);
    const { refresh_token } = await first.json();
    const again = await exchange("liga", { code });
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("invalid_grant");
    const refresh = await platform.api.call(
      "liga",
      "/api/v2/token/refresh",
      json({ refreshToken: refresh_token }),
    );
    expect(refresh.status).toBe(401);
    expect((await refresh.json()).code).toBe("REVOKED");
  });

  it("refuses a code presented by another client, realm or redirect URI, and spends it", async () => {
    await platform.store.db.insert(t.oauthClients).values({
      realm: "liga",
      clientId: "other-app",
      name: "Other app",
      redirectUris: ["https://other.example/cb"],
    });
    const foreign = await codeFor();
    const byOther = await exchange("liga", {
      code: foreign,
      client_id: "other-app",
      redirect_uri: "https://other.example/cb",
    });
    expect(byOther.status).toBe(400);
    expect((await byOther.json()).code).toBe("invalid_grant");
    // Spent by the failed attempt: the rightful client cannot use it either.
    expect((await exchange("liga", { code: foreign })).status).toBe(400);

    const forLiga = await codeFor();
    const otherRealm = await exchange("arena", { code: forLiga });
    expect(otherRealm.status).toBe(400);
    expect((await otherRealm.json()).code).toBe("invalid_grant");
    // Spent at arena's endpoint: liga's refuses it afterwards.
    expect((await exchange("liga", { code: forLiga })).status).toBe(400);

    const wrongUri = await exchange("liga", {
      code: await codeFor(),
      redirect_uri: `${REDIRECT}/`,
    });
    expect(wrongUri.status).toBe(400);

    const unknownClient = await exchange("liga", { code: await codeFor(), client_id: "nobody" });
    // RFC 6749 §5.2: 401 is for a client that tried HTTP authentication; this one sent none.
    expect(unknownClient.status).toBe(400);
    expect(await unknownClient.json()).toMatchObject({
      error: "invalid_client",
      error_description: expect.any(String),
    });
  });

  it("refuses a wrong verifier", async () => {
    const res = await exchange("liga", {
      code: await codeFor(),
      code_verifier: "a".repeat(43),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("invalid_grant");
  });

  it("refuses an expired code", async () => {
    const code = await codeFor();
    await platform.store.db
      .update(t.oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.oneTimeTokens.tokenHash, digest(code)));
    const res = await exchange("liga", { code });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("invalid_grant");
  });

  it("codes live a minute at most", async () => {
    const code = await codeFor();
    const [row] = await platform.store.db
      .select({ expiresAt: t.oneTimeTokens.expiresAt, createdAt: t.oneTimeTokens.createdAt })
      .from(t.oneTimeTokens)
      .where(eq(t.oneTimeTokens.tokenHash, digest(code)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });

  it("answers malformed requests with RFC 6749 errors, never the contract's alone", async () => {
    const form = (body: string, headers: Record<string, string> = {}) =>
      platform.api.call("liga", "/api/v4/oauth2-auth/token", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body,
      });
    const twice = await form(
      `grant_type=authorization_code&client_id=${DEMO_CLIENT_ID}&code=a&code=b`,
    );
    expect(twice.status).toBe(400);
    expect((await twice.json()).error).toBe("invalid_request");
    const noCode = await form(`grant_type=authorization_code&client_id=${DEMO_CLIENT_ID}`);
    expect((await noCode.json()).error).toBe("invalid_request");
    const xml = await platform.api.call("liga", "/api/v4/oauth2-auth/token", {
      method: "POST",
      headers: { "Content-Type": "application/xml" },
      body: "<grant/>",
    });
    expect(xml.status).toBe(400);
    expect((await xml.json()).error).toBe("invalid_request");
    // A client that tried HTTP authentication is told the scheme (RFC 6749 §5.2).
    const basic = await form("grant_type=authorization_code&code=a", {
      Authorization: `Basic ${Buffer.from("nobody:secret").toString("base64")}`,
    });
    expect(basic.status).toBe(401);
    expect(basic.headers.get("WWW-Authenticate")).toBe('Basic realm="liga"');
    expect((await basic.json()).error).toBe("invalid_client");
  });

  it("refuses other grant types", async () => {
    const res = await exchange("liga", { grant_type: "password", code: "x" });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe("unsupported_grant_type");
  });
});
