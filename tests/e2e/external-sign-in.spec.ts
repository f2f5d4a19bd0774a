import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { test as base, expect } from "./fixtures.ts";
import { freePort, freshDataDir, removeDir, repoRoot, ServerProcess } from "./server-process.ts";
import { DEMO_PASSWORD } from "./signed-in.ts";
import { errorToasts, recordErrorToasts } from "./toasts.ts";

const run = promisify(execFile);

/**
 * A server whose liga realm is bound to arena's OpenID provider as its external one: the demo
 * realms are seeded for the server's origin, then liga again from a copy of its config with an
 * `OIDC` provider naming arena's issuer and the demo realms' client.
 */
const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dataDir = await freshDataDir();
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const env = { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, PUBLIC_URL: publicUrl };
      const seed = (...args: string[]) =>
        run(process.execPath, ["--import", "tsx", "scripts/seed.ts", ...args], {
          cwd: repoRoot,
          env,
        });
      await seed();
      const realms = await mkdtemp(path.join(os.tmpdir(), "external-sign-in-realms-"));
      await cp(path.join(repoRoot, "platform/seed/realms/liga"), path.join(realms, "liga"), {
        recursive: true,
      });
      const file = path.join(realms, "liga", "realm.json");
      const config = JSON.parse(await readFile(file, "utf8"));
      config.settings.authenticationProviders.push({
        name: "OIDC",
        issuer: `${publicUrl}/api/v4/oidc/arena`,
        clientId: "demo-realm-sign-in",
        displayName: "Arena ID",
      });
      await writeFile(file, JSON.stringify(config));
      await seed("--dir", realms);
      await removeDir(realms);

      const server = new ServerProcess(port, {
        DATA_DIR: dataDir,
        LOG_REQUESTS: "false",
        PUBLIC_URL: publicUrl,
      });
      server.spawn();
      await server.waitHealthy(90_000);
      await use(server);
      await server.stop();
      await removeDir(dataDir);
    },
    { scope: "worker", timeout: 180_000 },
  ],
});

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");

test("a realm bound to another's OpenID provider signs its viewer in there and back", async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/realm/liga/login?from=/news`);
  await hydrated(page);
  const way = page.getByRole("link", { name: /Arena ID/ });
  await expect(way).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await way.click();
  // Arena's own sign-in page, asked for by liga's client with PKCE.
  await expect(page).toHaveURL(/\/realm\/arena\/oidc\/login\?.*client_id=demo-realm-sign-in/);
  expect(new URL(page.url()).searchParams.get("code_challenge_method")).toBe("S256");
  await hydrated(page);
  const main = page.getByRole("main");
  await main.getByRole("textbox", { name: "Email", exact: true }).fill("viewer@arena.test");
  await main.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await main.getByRole("button", { name: "Sign in", exact: true }).click();

  // Back at liga, signed in, where the viewer was going.
  await expect(page).toHaveURL(`${server.url}/realm/liga/news`, { timeout: 30_000 });
  await page.goto(`${server.url}/realm/liga/login`);
  await expect(page).toHaveURL(`${server.url}/realm/liga/home`);
});

test("a sign-in cancelled at the provider lands on sign-in with the message", async ({
  page,
  server,
}) => {
  await page.goto(`${server.url}/realm/liga/login/gigya?from=/news`);
  await expect(page).toHaveURL(/\/realm\/arena\/oidc\/login\?/);
  const state = new URL(page.url()).searchParams.get("state")!;
  await recordErrorToasts(page);
  await page.goto(`${server.url}/realm/liga/login/redirect?error=access_denied&state=${state}`);
  await expect(page).toHaveURL(`${server.url}/realm/liga/login`);
  await expect
    .poll(() => errorToasts(page))
    .toEqual([expect.stringMatching(/with your provider failed/)]);
});
