import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { passwordSession, signIn } from "./signed-in.ts";
import { buyByCard, freshAccount } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

test("an admin refunds part of a payment by keyboard, and the buyer's history says so", async ({
  browser,
  page,
  context,
  baseURL,
}) => {
  test.slow();
  const buyer = await freshAccount(baseURL!, "arena");
  await buyByCard(baseURL!, "arena", buyer.authorisationToken, "FIGHT_PASS_MONTHLY");

  // The buyer cannot reach the orders page: it is the realm admins' own.
  await signIn(context, baseURL!, buyer.authorisationToken, buyer.refreshToken);
  expect((await page.goto("/realm/arena/admin/orders"))?.status()).toBe(403);

  const adminContext = await browser.newContext({ baseURL });
  const admin = await passwordSession(baseURL!, "arena", "admin@arena.test");
  await signIn(adminContext, baseURL!, admin.authorisationToken, admin.refreshToken);
  const adminPage = await adminContext.newPage();
  const response = await adminPage.goto("/realm/arena/admin/orders");
  expect(response?.headers()["cache-control"]).toBe("private, no-store");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await hydrated(adminPage);

  await adminPage
    .getByRole("searchbox", { name: "Find orders by buyer email or order id" })
    .fill(buyer.email);
  await adminPage.keyboard.press("Enter");
  const row = adminPage.getByRole("row").filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  await expect(adminPage.getByRole("row")).toHaveCount(2);
  await expect(row).toContainText("Fight Pass Monthly");
  await expect(row).toContainText("€9.99");
  await expect(row).toContainText("Paid");
  expect(await axeViolations(adminPage)).toEqual([]);
  const orderId = (await row.getByRole("rowheader").textContent())!.trim();
  const amount = adminPage.getByRole("textbox", { name: `Amount to refund for order ${orderId}` });
  await expect(amount).toHaveValue("9.99");

  // More than was paid, and words: refused with the reason, next to the field.
  await amount.fill("25");
  await amount.press("Enter");
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  await expect(row).toContainText("That is more than is left to refund on this order.");
  await amount.fill("three");
  await amount.press("Enter");
  await expect(row).toContainText("Enter an amount greater than zero, such as 12.50.");
  expect(await axeViolations(adminPage)).toEqual([]);

  await amount.fill("3,50");
  await adminPage.keyboard.press("Tab");
  await expect(adminPage.getByRole("button", { name: `Refund order ${orderId}` })).toBeFocused();
  await adminPage.keyboard.press("Enter");
  await expect(adminPage.getByRole("status").filter({ hasText: "Refunded" })).toHaveText(
    `Refunded €3.50 of order ${orderId}.`,
  );
  await expect(row).toContainText("Paid, €3.50 refunded");
  await expect(amount).toHaveValue("6.49");
  await expect(row).toContainText("€6.49 left to refund");
  await adminContext.close();

  await page.goto("/realm/arena/account?section=paymentdetails");
  const paid = page.getByRole("row").filter({ hasText: "Fight Pass Monthly" });
  await expect(paid).toContainText("Paid, €3.50 refunded");
  expect(await axeViolations(page)).toEqual([]);
});
