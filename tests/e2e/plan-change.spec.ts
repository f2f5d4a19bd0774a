import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount, platformCall } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** Buys an arena plan by card through the platform, as the checkout's last step does. */
async function buy(baseUrl: string, token: string, licence: string) {
  const res = await platformCall(baseUrl, "arena", "/v4/basket/pay", {
    method: "POST",
    token,
    body: {
      licence,
      country: "DE",
      provider: "Cardstream",
      idempotencyKey: crypto.randomUUID(),
      card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", holder: "Robin" },
      returnUrl: "/realm/arena/payment/authorization?return=%2Fhome",
    },
  });
  expect(res.ok, await res.clone().text()).toBe(true);
}

test.describe("changing plan", () => {
  test("arena: an upgrade shows what is due now and from when, then the new plan is held", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    await buy(baseURL!, account.authorisationToken, "FIGHT_PASS_MONTHLY");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/arena/account");
    await hydrated(page);
    const main = page.getByRole("main");
    const monthly = main.getByRole("listitem").filter({ hasText: "Fight Pass Monthly" });
    await monthly.getByRole("link", { name: "Change plan Fight Pass Monthly" }).click();
    await expect(page).toHaveURL(/section=subscriptions&change=[0-9a-f-]{36}$/);
    const step = main.getByRole("region", { name: "Change plan: Fight Pass Monthly" });
    await expect(step.getByRole("heading", { level: 3 })).toBeFocused();
    const annual = step.getByRole("listitem").filter({ hasText: "Fight Pass Annual" });
    await expect(annual).toContainText("€99.90");
    await expect(annual).toContainText("Starts today");
    expect(await axeViolations(page)).toEqual([]);

    await annual.getByRole("link", { name: "Choose Fight Pass Annual" }).click();
    await expect(page).toHaveURL(/&to=FIGHT_PASS_ANNUAL$/);
    // Bought today: the whole month is credited, 99.90 - 9.99.
    await expect(step.getByTestId("plan-due-now")).toHaveText("€89.91");
    await expect(step).toContainText("Credit for the unused days of your current plan");
    await expect(step).toContainText("New plan and price from");
    await expect(step).toContainText("Visa •••• 4242");
    expect(await axeViolations(page)).toEqual([]);

    await step.getByRole("button", { name: "Confirm plan change" }).click();
    await expect(page.locator(".toast", { hasText: "Your plan has changed." })).toBeVisible();
    await expect(page).toHaveURL(/section=subscriptions$/);
    const held = main.getByRole("listitem").filter({ hasText: "Fight Pass Annual" });
    await expect(held).toContainText("Active");
    await expect(held).toContainText("Renews yearly");
    await expect(held).toContainText("€99.90");
    await expect(monthly).toContainText("Ended");
    // The payment history has the prorated charge.
    await page.goto("/realm/arena/account?section=paymentdetails");
    await expect(main).toContainText("€89.91");
  });
});

test.describe("changing plan without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("arena: a downgrade waits for the end of the period, nothing charged", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    await buy(baseURL!, account.authorisationToken, "FIGHT_PASS_ANNUAL");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/arena/account");
    const main = page.getByRole("main");
    await main.getByRole("link", { name: "Change plan Fight Pass Annual" }).click();
    const step = main.getByRole("region", { name: "Change plan: Fight Pass Annual" });
    const monthly = step.getByRole("listitem").filter({ hasText: "Fight Pass Monthly" });
    await expect(monthly).toContainText("Starts at the end of the current period");
    await monthly.getByRole("link", { name: "Choose Fight Pass Monthly" }).click();
    await expect(step.getByTestId("plan-due-now")).toHaveText("€0.00");
    await step.getByRole("button", { name: "Confirm plan change" }).click();
    await expect(page).toHaveURL(/section=subscriptions$/);
    const held = main.getByRole("listitem").filter({ hasText: "Fight Pass Annual" });
    await expect(held).toContainText("Changes to Fight Pass Monthly on");
    await expect(held).toContainText("€9.99");
  });
});
