import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");
const headers = { Realm: "arena", "X-Api-Key": DEMO_KEYS.arena, App: "e2e-tv" };

/** What a TV does: ask for a code to show. */
async function tvCode(request: APIRequestContext) {
  const res = await request.post("/api/v2/tv/code", { headers, data: {} });
  expect(res.status()).toBe(201);
  return (await res.json()) as { code: string; deviceCode: string };
}

const tvPoll = (request: APIRequestContext, deviceCode: string) =>
  request.post("/api/v2/tv/token", { headers, data: { deviceCode } });

test("a viewer signs a TV in with the code it shows", async ({ page, request }) => {
  const tv = await tvCode(request);
  expect((await (await tvPoll(request, tv.deviceCode)).json()).code).toBe("AUTHORIZATION_PENDING");

  // Signed out: the TV page sends the viewer to sign in, then back to it.
  await page.goto("/realm/arena/tv");
  await expect(page).toHaveURL(/\/realm\/arena\/login\?from=%2Ftv$/);
  await hydrated(page);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("viewer@arena.test");
  await page.locator('input[name="password"]').fill("demo-pass-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/realm\/arena\/tv#profilesFromLogin$/);
  await page.goto("/realm/arena/tv");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in on your TV");
  expect(await axeViolations(page)).toEqual([]);

  const field = page.getByRole("textbox", { name: "TV code" });
  await field.fill("WRONG1");
  await field.press("Enter");
  await expect(page.getByRole("alert").first()).toContainText("not valid or has expired");

  await field.fill(tv.code.toLowerCase());
  // The refusal above stays on screen until this answer comes: wait for the answer itself (a
  // busy machine can take longer than a check's 10 s over it).
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && response.url().includes("/tv"),
  );
  await field.press("Enter");
  await answered;
  await expect(page.getByRole("status").filter({ hasText: "TV is signed in" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const signedIn = await tvPoll(request, tv.deviceCode);
  expect(signedIn.status()).toBe(200);
  expect(await signedIn.json()).toHaveProperty("refreshToken");
});

test("the code form works without JavaScript", async ({ browser, page, request, baseURL }) => {
  // Sign-in on arena needs its challenge solved by a script; the TV page itself does not.
  await page.goto("/realm/arena/login");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("admin@arena.test");
  await page.locator('input[name="password"]').fill("demo-pass-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/realm\/arena\/home/);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies(await page.context().cookies());
  const plain = await context.newPage();

  const tv = await tvCode(request);
  await plain.goto(`/realm/arena/tv?code=${tv.code}`);
  await expect(plain.getByRole("textbox", { name: "TV code" })).toHaveValue(tv.code);
  await plain.getByRole("button", { name: "Sign in the TV" }).click();
  await expect(plain).toHaveURL(/\/realm\/arena\/tv\?activated=$/);
  await expect(plain.getByRole("status").filter({ hasText: "TV is signed in" })).toBeVisible();
  expect((await tvPoll(request, tv.deviceCode)).status()).toBe(200);
  await context.close();
});

test("liga has no TV login", async ({ page }) => {
  expect((await page.goto("/realm/liga/tv"))?.status()).toBe(404);
});
