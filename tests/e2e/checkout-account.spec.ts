import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

test.describe("an account made inside the checkout", () => {
  test("liga: an account without a region is asked it first in the checkout", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga", { partition: null });
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/purchase");
    await hydrated(page);
    const main = page.getByRole("main");
    await expect(
      main.getByRole("heading", { name: /onde você assiste|Where do you watch/i }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: /Etapas|Checkout steps/ })).toContainText(
      /Sua região|Your region/,
    );
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole("radio", { name: "Portugal" }).check();
    await main.getByRole("button", { name: /Continuar|Continue/ }).click();
    // Portugal sells the monthly plan only, at its own price: nothing to choose.
    await expect(
      main.getByRole("heading", { name: /onde você assiste|Where do you watch/i }),
    ).toHaveCount(0);
    await expect(page.getByRole("complementary")).toContainText("5,99");
    await expect(main).not.toContainText("Passe da Final");
  });
});
