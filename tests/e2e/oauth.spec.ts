import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { test as base, expect } from "./fixtures.ts";
import { freePort, freshDataDir, removeDir, ServerProcess } from "./server-process.ts";

// RFC 7636 appendix B.
const VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
const CHALLENGE = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

/**
 * A server that knows its own origin (PUBLIC_URL), so the demo app's redirect URI on it is
 * registered when the demo realms are seeded.
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

function authorizeUrl(redirectUri: string, state: string) {
  return `/realm/arena/authorize?${new URLSearchParams({
    response_type: "code",
    client_id: "demo-tv-app",
    redirect_uri: redirectUri,
    state,
    code_challenge: CHALLENGE,
    code_challenge_method: "S256",
  })}`;
}

test("OAuth: sign in at /authorize, land on the app with a code, exchange it", async ({
  page,
  request,
  baseURL,
}) => {
  const redirectUri = `${baseURL}/oauth-test-client/callback`;
  await page.goto(authorizeUrl(redirectUri, "e2e-state"));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to continue");
  expect(await axeViolations(page)).toEqual([]);

  // Both fields are required, in one message (spec section 5).
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").first()).toContainText("Enter your email and password.");

  await page.getByRole("textbox", { name: "Email", exact: true }).fill("viewer@arena.test");
  await page.locator('input[name="password"]').fill("demo-pass-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // Arena's challenge is solved by the browser, then the platform's redirectUrl is followed.
  await expect(page).toHaveURL(/\/oauth-test-client\/callback\?code=[\w-]+&state=e2e-state$/);
  await expect(page.getByTestId("state")).toHaveText("e2e-state");
  const code = (await page.getByTestId("code").textContent())!;

  // The app sends what RFC 6749 asks for to its realm's token endpoint, and nothing else.
  const exchange = () =>
    request.post("/api/v4/oauth2-auth/arena/token", {
      form: {
        grant_type: "authorization_code",
        code,
        redirect_uri: redirectUri,
        client_id: "demo-tv-app",
        code_verifier: VERIFIER,
      },
    });
  const tokens = await exchange();
  expect(tokens.status()).toBe(200);
  expect(tokens.headers()).toMatchObject({ "cache-control": "no-store", pragma: "no-cache" });
  expect(await tokens.json()).toMatchObject({ token_type: "Bearer" });
  // The code was single-use.
  const again = await exchange();
  expect(again.status()).toBe(400);
  expect(await again.json()).toMatchObject({ error: "invalid_grant" });
});

test("OAuth: an unregistered redirect_uri stays on the page with a message", async ({ page }) => {
  await page.goto(authorizeUrl("https://evil.example/callback", "s"));
  await hydrated(page);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("viewer@arena.test");
  await page.locator('input[name="password"]').fill("demo-pass-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert").first()).toContainText("This sign-in request is not valid");
  expect(new URL(page.url()).pathname).toBe("/realm/arena/authorize");
});

test("OAuth without JavaScript: the posted form ends at the app on another origin", async ({
  browser,
  baseURL,
}) => {
  // The page on localhost, the app's registered callback on 127.0.0.1: two origins.
  const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  const onLocalhost = new URL(baseURL!);
  onLocalhost.hostname = "localhost";
  const redirectUri = `${baseURL}/oauth-test-client/callback`;
  await page.goto(
    new URL(authorizeUrl(redirectUri, "no-js").replace("/arena/", "/liga/"), onLocalhost).href,
  );
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("viewer@liga.test");
  await page.locator('input[name="password"]').fill("demo-pass-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(
    /^http:\/\/127\.0\.0\.1:\d+\/oauth-test-client\/callback\?code=[\w-]+&state=no-js$/,
  );
  await expect(page.getByTestId("state")).toHaveText("no-js");
  await page.context().close();
});
