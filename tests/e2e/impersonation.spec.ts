import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");

/**
 * How long the browser may take over arena's proof-of-work before the sign-in goes through. Its
 * length is random (geometric: three times the mean one time in twenty) and grows with a busy
 * machine: a CI run with both workers loaded measured 16 s between the challenge and the answer.
 */
const PROOF_OF_WORK_MS = 45_000;

// Each test signs in through the challenge at least once.
test.describe.configure({ timeout: 120_000 });

/** Signs in on the sign-in page, past arena's challenge, as a person would. */
async function signInAs(page: Page, email: string) {
  await page.goto("/realm/arena/login");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.locator('input[name="password"]').fill("demo-pass-1");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/realm\/arena\/home/, { timeout: PROOF_OF_WORK_MS });
}

test("an admin impersonates a viewer: overlay on every page, then back to the admin", async ({
  page,
}) => {
  await signInAs(page, "admin@arena.test");
  await page.goto("/realm/arena/admin/users");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Find the account by keyboard: the search field, then its Impersonate button.
  await page.getByRole("searchbox", { name: "Find users by email or name" }).fill("viewer@");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?q=viewer%40$/);
  await expect(page.getByRole("row")).toHaveCount(2);
  // Other admins cannot be impersonated: no button for them.
  await expect(page.getByRole("button", { name: "Impersonate admin@arena.test" })).toHaveCount(0);
  await page.getByRole("button", { name: "Impersonate viewer@arena.test" }).focus();
  await page.keyboard.press("Enter");

  // Loading, then loaded: the token was exchanged and the account fetched.
  await expect(page).toHaveURL(/\/realm\/arena\/impersonate$/);
  await expect(page.getByRole("status").filter({ hasText: "acting as" })).toHaveText(
    "You are now acting as viewer@arena.test.",
  );
  const banner = page.getByRole("region", { name: "You are acting as viewer@arena.test" });
  await expect(banner).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/realm\/arena\/home$/);
  await expect(banner).toBeVisible();
  // The admin pages are the admin's, not the impersonated viewer's.
  const denied = await page.goto("/realm/arena/admin/users");
  expect(denied?.status()).toBe(403);
  await page.goto("/realm/arena/browse");
  await hydrated(page);
  expect(await axeViolations(page)).toEqual([]);

  await banner.getByRole("button", { name: "Stop impersonating" }).click();
  await expect(page).toHaveURL(/\/realm\/arena\/admin\/users$/);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
  await expect(page.getByRole("region", { name: /You are acting as/ })).toHaveCount(0);
});

test("an impersonation link works once; a second visit fails", async ({ page }) => {
  await signInAs(page, "admin@arena.test");
  await page.goto("/realm/arena/admin/users?q=fan");
  await hydrated(page);
  // The page loads its data as /impersonate.data?token=… (with scripts) or the page itself.
  const tokens: string[] = [];
  page.on("request", (request) => {
    const token = new URL(request.url()).searchParams.get("token");
    if (token && request.url().includes("/impersonate")) tokens.push(token);
  });
  await page.getByRole("button", { name: "Impersonate fan@arena.test" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/realm\/arena\/impersonate$/);
  expect(tokens.length).toBeGreaterThan(0);

  // fan has not agreed to the terms: the prompt is the account holder's, not shown to an admin.
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.goto(`/realm/arena/impersonate?token=${encodeURIComponent(tokens[0]!)}`);
  await expect(page.getByRole("alert")).toContainText("not valid any more");
});

test("admin pages are for admins only; the outbox is readable there", async ({ page }) => {
  await signInAs(page, "viewer@arena.test");
  expect((await page.goto("/realm/arena/admin/users"))?.status()).toBe(403);
  expect((await page.goto("/realm/arena/admin/outbox"))?.status()).toBe(403);

  await page.context().clearCookies();
  // A reset request writes an email for the outbox to show.
  await page.goto("/realm/arena/login/request-password");
  await hydrated(page);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("fan@arena.test");
  await page.getByRole("button", { name: /send|reset/i }).click();
  await signInAs(page, "admin@arena.test");
  await page.goto("/realm/arena/admin/outbox");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Outgoing email" })).toBeVisible();
  await expect(page.getByRole("article").first()).toContainText("fan@arena.test");
  expect(await axeViolations(page)).toEqual([]);
});
