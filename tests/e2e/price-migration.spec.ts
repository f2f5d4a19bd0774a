import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount, platformCall } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** Arena's monthly pass, which the demo realm gives an upcoming price (€9.99 → €11.99). */
async function subscribed(baseUrl: string) {
  const account = await freshAccount(baseUrl, "arena");
  const res = await platformCall(baseUrl, "arena", "/v4/basket/pay", {
    method: "POST",
    token: account.authorisationToken,
    body: {
      licence: "FIGHT_PASS_MONTHLY",
      country: "DE",
      provider: "Cardstream",
      idempotencyKey: crypto.randomUUID(),
      card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Robin" },
      returnUrl: "/realm/arena/payment/authorization?return=%2Fhome",
    },
  });
  expect(res.ok, await res.clone().text()).toBe(true);
  return account;
}

async function acceptMigration(page: Page, { axe }: { axe: boolean }) {
  const plan = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ hasText: "Fight Pass Monthly" });
  const notice = plan.getByRole("region", { name: "New price for Fight Pass Monthly" });
  await expect(notice).toContainText("€9.99");
  await expect(notice).toContainText("€11.99");
  await expect(notice).toContainText("Answer by");
  await expect(notice).toContainText("If you do nothing, it renews at the new price");
  await expect(notice.getByRole("link", { name: "Cancel instead" })).toHaveAttribute(
    "href",
    /section=subscriptions&cancel=/,
  );
  if (axe) expect(await axeViolations(page)).toEqual([]);
  await notice.getByRole("button", { name: "Accept the new price Fight Pass Monthly" }).click();
  await expect(page).toHaveURL(/section=subscriptions$/);
  // The toast closes by itself after a few seconds: looked for first, before any slower check.
  if (axe) {
    await expect(page.locator(".toast", { hasText: "You accepted the new price." })).toBeVisible();
  }
  await expect(plan).toContainText("Active");
  // Confirmed, it is no longer listed.
  await expect(notice).toHaveCount(0);
  if (axe) expect(await axeViolations(page)).toEqual([]);
}

test.describe("a price migration in the account's subscriptions", () => {
  test("arena: listed with the old and new price and the deadline, accepted, then gone", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await subscribed(baseURL!);
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/arena/account?section=subscriptions");
    await hydrated(page);
    await acceptMigration(page, { axe: true });
  });
});

test.describe("a price migration without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("arena: accepted by a plain form post", async ({ page, context, baseURL }) => {
    const account = await subscribed(baseURL!);
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/arena/account?section=subscriptions");
    // axe runs as a script: the page's accessibility is checked with JavaScript above.
    await acceptMigration(page, { axe: false });
  });
});
