import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount, platformCall } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

test.describe("partitions", () => {
  test("liga: /partitions opens the account's region; a change changes the plans offered", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga", { partition: null });
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/partitions");
    await expect(page).toHaveURL(/\/realm\/liga\/account\?section=partitions$/);
    await hydrated(page);
    const main = page.getByRole("main");
    const tabs = main.getByRole("navigation");
    await expect(tabs.getByRole("link", { name: "Região" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(main).toContainText("Você ainda não escolheu uma região.");
    expect(await axeViolations(page)).toEqual([]);

    await main.getByRole("radio", { name: "Portugal" }).check();
    await main.getByRole("button", { name: "Salvar região" }).click();
    await expect(page.locator(".toast", { hasText: "Sua região mudou" })).toBeVisible();
    await expect(main.getByRole("radio", { name: "Portugal" })).toBeChecked();
    // Portugal sells the monthly plan only, at its own price: the final's pass link finds no pass.
    await page.goto("/realm/liga/purchase?licence=LIGA_FINAL_PASS");
    await expect(main).toContainText("Liga Play Mensal");
    await expect(main).toContainText("5,99");
    await expect(main).not.toContainText("Passe da Final");

    await page.goto("/realm/liga/account?section=partitions");
    await main.getByRole("radio", { name: "Brasil" }).check();
    await main.getByRole("button", { name: "Salvar região" }).click();
    await expect(page.locator(".toast", { hasText: "Sua região mudou" })).toBeVisible();
    await page.goto("/realm/liga/purchase?licence=LIGA_FINAL_PASS");
    await expect(main).toContainText("Passe da Final");
  });

  test("liga: the sign-up asks where the viewer watches from, and keeps it", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/realm/liga/signup");
    await hydrated(page);
    const form = page.getByRole("main");
    const where = form.getByRole("group", { name: "Where do you watch from?" });
    await expect(where.getByRole("radio", { name: "Brazil" })).toBeChecked();
    await where.getByRole("radio", { name: "Portugal" }).check();
    expect(await axeViolations(page)).toEqual([]);
    const email = `e2e.region-${crypto.randomUUID().slice(0, 6)}@liga.test`;
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await form.locator('input[name="password"]').fill("secret-12");
    await form.getByLabel("Tax number").fill("123.456.789-09");
    await form.getByLabel("Country").selectOption("BR");
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/home$/);
    // The account keeps it: its tokens carry it, and the platform says so.
    const login = await platformCall(baseURL!, "liga", "/v2/login", {
      method: "POST",
      body: { id: email, secret: "secret-12" },
    });
    const { authorisationToken } = (await login.json()) as { authorisationToken: string };
    const mine = await platformCall(baseURL!, "liga", "/v2/user/partition", {
      token: authorisationToken,
    });
    expect(((await mine.json()) as { partitionData: unknown }).partitionData).toEqual({
      partitionId: "portugal",
    });
  });
});

test.describe("partitions without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("liga: the region is changed by a plain form post; arena has no region", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga", { partition: null });
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.goto("/realm/liga/account?section=partitions");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: "Brasil" }).check();
    await main.getByRole("button", { name: "Salvar região" }).click();
    await expect(page).toHaveURL(/section=partitions$/);
    await expect(main.getByRole("radio", { name: "Brasil" })).toBeChecked();

    const arena = await freshAccount(baseURL!, "arena");
    await signIn(context, baseURL!, arena.authorisationToken, arena.refreshToken);
    await page.goto("/realm/arena/partitions");
    const tabs = page.getByRole("main").getByRole("navigation");
    await expect(tabs.getByRole("link", { name: "Subscriptions" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(tabs.getByRole("link", { name: "Region" })).toHaveCount(0);
  });
});
