import type { Page } from "@playwright/test";
import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { axeViolations } from "./axe.ts";
import { test as base, expect } from "./fixtures.ts";
import { freePort, freshDataDir, removeDir, ServerProcess } from "./server-process.ts";
import { DEMO_PASSWORD, signInWithPassword } from "./signed-in.ts";

/**
 * A server that knows its own origin (PUBLIC_URL), so the demo app's redirect URIs on it are
 * registered when the demo realms are seeded, and the issuer it names is the one the test uses.
 */
const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = await freshDataDir();
      const port = await freePort();
      const server = new ServerProcess(port, {
        DATA_DIR: dataDir,
        LOG_REQUESTS: "false",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      server.spawn();
      await server.waitHealthy(90_000);
      await use(server);
      await server.stop();
      await removeDir(dataDir);
    },
    { scope: "worker", timeout: 120_000 },
  ],
});

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");
const overHttp = { [oauth.allowInsecureRequests]: true } as const;
const app: oauth.Client = { client_id: "demo-tv-app" };

/** The relying party's side of a sign-in: discovery, then an authorization URL with PKCE. */
async function startSignIn(baseURL: string, realm: string) {
  const issuer = new URL(`${baseURL}/api/v4/oidc/${realm}`);
  const as = await oauth.processDiscoveryResponse(
    issuer,
    await oauth.discoveryRequest(issuer, { algorithm: "oidc", ...overHttp }),
  );
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const redirectUri = `${baseURL}/oauth-test-client/callback`;
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    response_type: "code",
    client_id: app.client_id,
    redirect_uri: redirectUri,
    scope: "openid email profile",
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  }).toString();
  return { as, url, verifier, state, nonce, redirectUri };
}

async function signInOnPage(page: Page, email: string, password: string) {
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await main.locator('input[name="password"]').fill(password);
  await main.getByRole("button", { name: "Sign in", exact: true }).click();
}

test("OIDC: a relying party signs a viewer in through the realm's authorization page", async ({
  page,
  baseURL,
}) => {
  const flow = await startSignIn(baseURL!, "liga");
  await page.goto(flow.url.href);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to continue");
  expect(await axeViolations(page)).toEqual([]);

  await signInOnPage(page, "viewer@liga.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/oauth-test-client\/callback\?code=/);

  // Back at the app: the code is exchanged, the ID token checked against the realm's keys.
  const callback = oauth.validateAuthResponse(flow.as, app, new URL(page.url()), flow.state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    flow.as,
    app,
    await oauth.authorizationCodeGrantRequest(
      flow.as,
      app,
      oauth.None(),
      callback,
      flow.redirectUri,
      flow.verifier,
      overHttp,
    ),
    { expectedNonce: flow.nonce, requireIdToken: true },
  );
  const { payload } = await jwtVerify(
    tokens.id_token!,
    createRemoteJWKSet(new URL(flow.as.jwks_uri!)),
    { issuer: flow.as.issuer, audience: app.client_id },
  );
  expect(payload).toMatchObject({ email: "viewer@liga.test", nonce: flow.nonce });
  const info = await oauth.processUserInfoResponse(
    flow.as,
    app,
    payload.sub!,
    await oauth.userInfoRequest(flow.as, app, tokens.access_token, overHttp),
  );
  expect(info.email).toBe("viewer@liga.test");
});

test("OIDC: a refused sign-in shows oidcSigninError and keeps the email", async ({
  page,
  baseURL,
}) => {
  const flow = await startSignIn(baseURL!, "liga");
  await page.goto(flow.url.href);
  await hydrated(page);
  await signInOnPage(page, "viewer@liga.test", "not-the-password-1");
  const main = page.getByRole("main");
  await expect(main.getByRole("alert").first()).toContainText(
    "Signing in with your provider failed. Please try again.",
  );
  await expect(main.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(
    "viewer@liga.test",
  );
  expect(new URL(page.url()).pathname).toBe("/realm/liga/oidc/login");
  expect(await axeViolations(page)).toEqual([]);
});

test("OIDC: end-session signs the viewer out and returns to the app's registered page", async ({
  page,
  context,
  baseURL,
}) => {
  const flow = await startSignIn(baseURL!, "liga");
  await page.goto(flow.url.href);
  await hydrated(page);
  await signInOnPage(page, "viewer@liga.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/oauth-test-client\/callback\?code=/);
  const tokens = await oauth.processAuthorizationCodeResponse(
    flow.as,
    app,
    await oauth.authorizationCodeGrantRequest(
      flow.as,
      app,
      oauth.None(),
      oauth.validateAuthResponse(flow.as, app, new URL(page.url()), flow.state),
      flow.redirectUri,
      flow.verifier,
      overHttp,
    ),
    { expectedNonce: flow.nonce },
  );

  await signInWithPassword(context, baseURL!, "liga", "viewer@liga.test");
  const signedOut = `${baseURL}/oauth-test-client/signed-out`;
  const logout = (uri: string) =>
    `${flow.as.end_session_endpoint}?${new URLSearchParams({
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: uri,
      state: "bye",
    })}`;
  // An unregistered URI is not followed: the viewer stays on the site.
  await page.goto(logout("https://evil.example/signed-out"));
  expect(new URL(page.url()).origin).toBe(baseURL);
  await signInWithPassword(context, baseURL!, "liga", "viewer@liga.test");
  await page.goto(logout(signedOut));
  await expect(page).toHaveURL(`${signedOut}?state=bye`);
  // No session is left to end: the sign-out page is not offered, the realm's root is.
  await page.goto("/realm/liga/logout");
  expect(new URL(page.url()).pathname).not.toBe("/realm/liga/logout");
});

test("/login/gigya passes the three named parameters through, else a checked from", async ({
  page,
}) => {
  await page.goto(
    "/realm/liga/login/gigya?UID=u-1&UIDSignature=sig&signatureTimestamp=1700000000&other=x",
  );
  const passed = new URL(page.url());
  expect(passed.pathname).toBe("/realm/liga/login");
  expect(Object.fromEntries(passed.searchParams)).toEqual({
    UID: "u-1",
    UIDSignature: "sig",
    signatureTimestamp: "1700000000",
  });

  await page.goto("/realm/liga/login/gigya?UID=u-1&from=%2Fnews");
  const from = new URL(page.url());
  expect(from.pathname).toBe("/realm/liga/login");
  expect(Object.fromEntries(from.searchParams)).toEqual({ from: "/news" });

  await page.goto("/realm/liga/login/gigya?from=%2F%5Cevil.example");
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ from: "/home" });
});

test("/oauth opens the app sign-in page with the app's request; /openid the discovery", async ({
  page,
  request,
}) => {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: "demo-tv-app",
    redirect_uri: "http://localhost:3000/oauth-test-client/callback",
    state: "s",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  });
  await page.goto(`/realm/liga/oauth?${query}`);
  await hydrated(page);
  expect(new URL(page.url()).pathname).toBe("/realm/liga/authorize");
  expect(new URL(page.url()).searchParams.get("client_id")).toBe("demo-tv-app");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to continue");
  expect(await axeViolations(page)).toEqual([]);

  const openid = await request.get("/realm/liga/openid");
  expect(openid.status()).toBe(200);
  expect(await openid.json()).toMatchObject({
    issuer: expect.stringMatching(/\/api\/v4\/oidc\/liga$/),
  });
});
