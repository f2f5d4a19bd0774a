import { and, eq, isNull } from "drizzle-orm";
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
} from "jose";
import * as oauth from "oauth4webapi";
import { describe, expect, it } from "vitest";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { digest } from "../../platform/identity/secrets.ts";
import { publishedKeys, rotateSigningKey } from "../../platform/identity/oidc.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import {
  DEMO_CLIENT_ID,
  demoPostLogoutUris,
  demoRedirectUris,
} from "../../platform/seed/demo-oauth-clients.ts";
import * as t from "../../platform/store/schema.ts";
import { withChallenge } from "../fixtures/challenge.ts";
import { TEST_TOKEN_SECRET } from "../fixtures/platform.ts";
import { useServedPlatform } from "../fixtures/served-platform.ts";
import { viewerToken } from "../fixtures/viewers.ts";

/**
 * A realm as an OpenID provider, driven the way a relying party drives it: discovery,
 * authorization code with PKCE, ID token checked against the published keys, userinfo,
 * RP-initiated logout; and the same after the realm's key is rotated.
 */
const platform = useServedPlatform();

type Realm = "arena" | "liga";
const REDIRECT = demoRedirectUris()[0]!;
const SIGNED_OUT = demoPostLogoutUris()[0]!;
const tvApp: oauth.Client = { client_id: DEMO_CLIENT_ID };
const overHttp = { [oauth.allowInsecureRequests]: true } as const;

const issuerUrl = (realm: string) => new URL(`${platform.url}/api/v4/oidc/${realm}`);

async function discover(realm: Realm = "liga"): Promise<oauth.AuthorizationServer> {
  const issuer = issuerUrl(realm);
  const response = await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...overHttp });
  return oauth.processDiscoveryResponse(issuer, response);
}

/** The viewer signs in at the realm's authorization endpoint; answers what the app gets back. */
async function signIn(
  realm: Realm,
  { scope = "openid email profile", nonce = oauth.generateRandomNonce() } = {},
) {
  const as = await discover(realm);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const body = JSON.stringify({
    response_type: "code",
    client_id: DEMO_CLIENT_ID,
    redirect_uri: REDIRECT,
    state,
    scope,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    credentials: { id: `viewer@${realm}.test`, secret: DEMO_PASSWORD },
  });
  const post = (headers: Record<string, string> = {}) =>
    platform.call(realm, "/api/v4/oauth2-auth/code", { method: "POST", body, headers });
  // Arena asks for its challenge first, as it does of every sign-in.
  const res = await withChallenge(post);
  expect(res.status).toBe(200);
  const { redirectUrl } = (await res.json()) as { redirectUrl: string };
  const callback = oauth.validateAuthResponse(as, tvApp, new URL(redirectUrl), state);
  return { as, callback, verifier, nonce };
}

const exchange = (
  flow: { as: oauth.AuthorizationServer; callback: URLSearchParams; verifier: string },
  redirect = REDIRECT,
) =>
  oauth.authorizationCodeGrantRequest(
    flow.as,
    tvApp,
    oauth.None(),
    flow.callback,
    redirect,
    flow.verifier,
    overHttp,
  );

async function tokensFor(realm: Realm = "liga", scope?: string) {
  const flow = await signIn(realm, scope ? { scope } : {});
  const tokens = await oauth.processAuthorizationCodeResponse(
    flow.as,
    tvApp,
    await exchange(flow),
    { expectedNonce: flow.nonce, requireIdToken: true },
  );
  return { ...flow, tokens };
}

const verifyIdToken = (as: oauth.AuthorizationServer, idToken: string) =>
  jwtVerify(idToken, createRemoteJWKSet(new URL(as.jwks_uri!)), {
    issuer: as.issuer,
    audience: DEMO_CLIENT_ID,
    algorithms: ["RS256"],
  });

async function rotate(realm: Realm) {
  const { token } = await viewerToken(platform.store, realm, "ADMIN");
  const res = await platform.call(realm, "/api/v2/admin/oidc/keys/rotate", {
    method: "POST",
    body: "{}",
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { kid: string }).kid;
}

describe("discovery and keys", () => {
  it("publishes each realm's discovery document at its issuer", async () => {
    const as = await discover("liga");
    expect(as).toMatchObject({
      issuer: `${platform.url}/api/v4/oidc/liga`,
      authorization_endpoint: `${platform.url}/realm/liga/oidc/login`,
      token_endpoint: `${platform.url}/api/v4/oauth2-auth/liga/token`,
      userinfo_endpoint: `${platform.url}/api/v4/oidc/liga/userinfo`,
      jwks_uri: `${platform.url}/api/v4/oidc/liga/jwks`,
      end_session_endpoint: `${platform.url}/realm/liga/oidc/logout`,
      code_challenge_methods_supported: ["S256"],
      id_token_signing_alg_values_supported: ["RS256"],
    });
    expect((await discover("arena")).issuer).toBe(`${platform.url}/api/v4/oidc/arena`);
    const unknown = await fetch(
      `${platform.url}/api/v4/oidc/nowhere/.well-known/openid-configuration`,
    );
    expect(unknown.status).toBe(404);
  });

  it("publishes public keys only, and keeps the private key sealed in the store", async () => {
    await tokensFor("liga");
    const jwks = (await (await fetch(`${platform.url}/api/v4/oidc/liga/jwks`)).json()) as {
      keys: Record<string, unknown>[];
    };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
      expect(key.kid).toEqual(expect.any(String));
      for (const secret of ["d", "p", "q", "dp", "dq", "qi"])
        expect(key).not.toHaveProperty(secret);
    }
    const rows = await platform.store.db.select().from(t.oidcSigningKeys);
    for (const row of rows) {
      expect(row.sealedPrivateKey).not.toContain("PRIVATE KEY");
      expect(createTokenIssuer(TEST_TOKEN_SECRET).unseal(row.sealedPrivateKey)).toContain(
        "PRIVATE KEY",
      );
      // Sealed under another secret, it does not open.
      expect(() => createTokenIssuer("x".repeat(40)).unseal(row.sealedPrivateKey)).toThrow();
    }
    // Each realm signs with its own key.
    const arena = await publishedKeys(platform.store.db, "arena");
    await tokensFor("arena");
    const arenaKids = (await publishedKeys(platform.store.db, "arena")).keys.map((k) => k.kid);
    expect(arena.keys.length + 1).toBeGreaterThanOrEqual(arenaKids.length);
    for (const key of jwks.keys) expect(arenaKids).not.toContain(key.kid);
  });
});

describe("the code flow with an ID token, driven by oauth4webapi", () => {
  it("gives an ID token signed by a published key, with the nonce, and userinfo by scope", async () => {
    const { as, tokens, nonce } = await tokensFor("liga");
    const { payload, protectedHeader } = await verifyIdToken(as, tokens.id_token!);
    expect(protectedHeader).toMatchObject({ alg: "RS256", kid: expect.any(String) });
    const [viewer] = await platform.store.db
      .select()
      .from(t.users)
      .where(and(eq(t.users.realm, "liga"), eq(t.users.email, "viewer@liga.test")));
    const now = Math.floor(Date.now() / 1000);
    expect(payload).toMatchObject({
      iss: `${platform.url}/api/v4/oidc/liga`,
      aud: DEMO_CLIENT_ID,
      sub: String(viewer!.id),
      nonce,
      email: "viewer@liga.test",
    });
    expect(payload.exp! - now).toBeGreaterThan(60);
    expect(payload.exp! - now).toBeLessThanOrEqual(600);
    expect(Math.abs(now - (payload.auth_time as number))).toBeLessThan(60);

    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    const info = await oauth.processUserInfoResponse(
      as,
      tvApp,
      claims.sub,
      await oauth.userInfoRequest(as, tvApp, tokens.access_token, overHttp),
    );
    expect(info).toMatchObject({
      sub: String(viewer!.id),
      email: "viewer@liga.test",
      email_verified: viewer!.confirmedAt !== null,
    });
  });

  it("answers userinfo with the scopes granted, and nothing for sessions that are not OIDC", async () => {
    const { as, tokens } = await tokensFor("liga", "openid");
    const res = await oauth.userInfoRequest(as, tvApp, tokens.access_token, overHttp);
    const info = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(info)).toEqual(["sub"]);

    // Without `openid`, the exchange is plain OAuth: no ID token, no userinfo.
    const plain = await signIn("liga", { scope: "" });
    const session = await oauth.processAuthorizationCodeResponse(
      plain.as,
      tvApp,
      await exchange(plain),
    );
    expect(session.id_token).toBeUndefined();
    const refused = await fetch(as.userinfo_endpoint!, {
      headers: { Authorization: `Bearer ${session.access_token}` },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("WWW-Authenticate")).toContain("insufficient_scope");

    for (const header of [undefined, "Bearer nonsense", `Bearer ${tokens.access_token}x`]) {
      const res = await fetch(as.userinfo_endpoint!, {
        headers: header ? { Authorization: header } : {},
      });
      expect(res.status, header).toBe(401);
      expect(res.headers.get("WWW-Authenticate")).toContain("invalid_token");
    }
    // Another realm's token is not this realm's viewer.
    const arena = await discover("arena");
    const elsewhere = await fetch(arena.userinfo_endpoint!, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(elsewhere.status).toBe(401);
  });

  it("keeps verifying ID tokens across a key rotation, until the grace period ends", async () => {
    const before = await tokensFor("liga");
    const oldKid = decodeProtectedHeader(before.tokens.id_token!).kid!;
    const newKid = await rotate("liga");
    expect(newKid).not.toBe(oldKid);

    const after = await tokensFor("liga");
    expect(decodeProtectedHeader(after.tokens.id_token!).kid).toBe(newKid);
    // A relying party that fetches the JWKS now verifies both the old and the new token.
    await verifyIdToken(after.as, after.tokens.id_token!);
    await verifyIdToken(after.as, before.tokens.id_token!);
    const info = await oauth.processUserInfoResponse(
      after.as,
      tvApp,
      oauth.getValidatedIdTokenClaims(after.tokens)!.sub,
      await oauth.userInfoRequest(after.as, tvApp, after.tokens.access_token, overHttp),
    );
    expect(info.email).toBe("viewer@liga.test");

    // Eight days later the retired key is no longer published.
    await platform.store.db
      .update(t.oidcSigningKeys)
      .set({ retiredAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(t.oidcSigningKeys.kid, oldKid));
    const kids = (await publishedKeys(platform.store.db, "liga")).keys.map((k) => k.kid);
    expect(kids).toContain(newKid);
    expect(kids).not.toContain(oldKid);
    const jwks = createLocalJWKSet(await publishedKeys(platform.store.db, "liga"));
    await expect(jwtVerify(before.tokens.id_token!, jwks)).rejects.toThrow();
  });

  it("leaves one current key when two rotations race", async () => {
    const tokens = createTokenIssuer(TEST_TOKEN_SECRET);
    await Promise.all([
      rotateSigningKey(platform.store.db, tokens, "arena"),
      rotateSigningKey(platform.store.db, tokens, "arena"),
    ]);
    const current = await platform.store.db
      .select()
      .from(t.oidcSigningKeys)
      .where(and(eq(t.oidcSigningKeys.realm, "arena"), isNull(t.oidcSigningKeys.retiredAt)));
    expect(current).toHaveLength(1);
    const after = await tokensFor("arena");
    expect(decodeProtectedHeader(after.tokens.id_token!).kid).toBe(current[0]!.kid);
  });
});

/** The RFC 6749 §5.2 error of a refused exchange. */
async function refusal(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: string }).error;
}

describe("hostile relying parties and stolen codes", () => {
  it("refuses a wrong PKCE verifier, and the code is spent", async () => {
    const flow = await signIn("liga");
    const wrong = { ...flow, verifier: oauth.generateRandomCodeVerifier() };
    expect(await refusal(await exchange(wrong))).toBe("invalid_grant");
    expect(await refusal(await exchange(flow))).toBe("invalid_grant");
  });

  it("refuses a redirect_uri other than the one the code was issued for", async () => {
    const flow = await signIn("liga");
    for (const redirect of [`${REDIRECT}/`, REDIRECT.replace("localhost", "127.0.0.1")]) {
      const fresh = await signIn("liga");
      expect(await refusal(await exchange(fresh, redirect))).toBe("invalid_grant");
    }
    expect((await exchange(flow)).status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const flow = await signIn("liga");
    await platform.store.db
      .update(t.oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(t.oneTimeTokens.tokenHash, digest(flow.callback.get("code")!)));
    expect(await refusal(await exchange(flow))).toBe("invalid_grant");
  });

  it("gives tokens for a code once: a reuse is refused, and of eight at once exactly one wins", async () => {
    const flow = await signIn("liga");
    expect((await exchange(flow)).status).toBe(200);
    expect(await refusal(await exchange(flow))).toBe("invalid_grant");

    const raced = await signIn("liga");
    const answers = await Promise.all(Array.from({ length: 8 }, () => exchange(raced)));
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(7);
    const body = (await won[0]!.json()) as { id_token?: string };
    expect(body.id_token).toEqual(expect.any(String));
  });

  it("an ID token with an altered signature or payload does not verify", async () => {
    const { as, tokens } = await tokensFor("liga");
    const [header, payload, signature] = tokens.id_token!.split(".") as [string, string, string];
    const flipped = signature.startsWith("A") ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...decodeJwt(tokens.id_token!), sub: "1" }),
    ).toString("base64url");
    for (const tampered of [
      `${header}.${payload}.${flipped}`,
      `${header}.${forgedPayload}.${signature}`,
      `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`,
    ]) {
      await expect(verifyIdToken(as, tampered)).rejects.toThrow();
    }
    // Signed by another realm's key, it is not this realm's token either.
    const arena = await tokensFor("arena");
    await expect(verifyIdToken(as, arena.tokens.id_token!)).rejects.toThrow();
  });
});

describe("RP-initiated logout", () => {
  const check = (realm: Realm, body: Record<string, unknown>) =>
    platform.call(realm, "/api/v4/oidc/end-session", {
      method: "POST",
      body: JSON.stringify(body),
    });

  it("sends the browser back to a registered URI, with the state, for this realm's ID token", async () => {
    const { tokens } = await tokensFor("liga");
    const res = await check("liga", {
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: SIGNED_OUT,
      state: "bye",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirectUrl: `${SIGNED_OUT}?state=bye` });
    // With the client named instead of a hint, too; with neither, nowhere.
    const named = await check("liga", {
      client_id: DEMO_CLIENT_ID,
      post_logout_redirect_uri: SIGNED_OUT,
    });
    expect(await named.json()).toEqual({ redirectUrl: SIGNED_OUT });
    expect(await (await check("liga", {})).json()).toEqual({});
  });

  it("refuses unregistered URIs, near misses, forged or foreign hints", async () => {
    const { tokens } = await tokensFor("liga");
    for (const uri of [
      `${SIGNED_OUT}/`,
      `${SIGNED_OUT}?x=1`,
      SIGNED_OUT.replace("localhost", "evil.example"),
      REDIRECT,
      "https://evil.example/",
    ]) {
      const res = await check("liga", {
        id_token_hint: tokens.id_token,
        post_logout_redirect_uri: uri,
      });
      expect(res.status, uri).toBe(400);
      expect((await res.json()).code).toBe("INVALID_POST_LOGOUT_REDIRECT_URI");
    }
    const noClient = await check("liga", { post_logout_redirect_uri: SIGNED_OUT });
    expect((await noClient.json()).code).toBe("INVALID_POST_LOGOUT_REDIRECT_URI");

    const [header, payload, signature] = tokens.id_token!.split(".") as [string, string, string];
    const arena = await tokensFor("arena");
    for (const hint of [
      `${header}.${payload}.${signature.slice(0, -2)}AA`,
      arena.tokens.id_token!,
      "not-a-token",
    ]) {
      const res = await check("liga", {
        id_token_hint: hint,
        post_logout_redirect_uri: SIGNED_OUT,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe("INVALID_ID_TOKEN_HINT");
    }
    const otherClient = await check("liga", {
      id_token_hint: tokens.id_token,
      client_id: "someone-else",
    });
    expect((await otherClient.json()).code).toBe("INVALID_ID_TOKEN_HINT");
  });
});
