import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInAs } from "./signed-in.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

test.describe("fighters and rankings", () => {
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("the rankings tabs, carousel and letter bar work by keyboard, and the address keeps their state", async ({
    page,
  }) => {
    await page.goto("/realm/arena/fighters");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Fighters" })).toBeVisible();
    const divisions = page.getByRole("tablist", { name: "Divisions" });
    const p4p = divisions.getByRole("tab", { name: "Pound for pound" });
    await expect(p4p).toHaveAttribute("aria-selected", "true");
    const slides = page.getByRole("group", { name: /of 5$/ });
    await expect(slides).toHaveCount(5);
    await expect(slides.first()).toContainText("Chidi Okafor");
    expect(await axeViolations(page)).toEqual([]);

    // Tabs: arrows move between tabs, Enter opens one.
    await p4p.focus();
    await page.keyboard.press("ArrowRight");
    await expect(divisions.getByRole("tab", { name: "Flyweight" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect(divisions.getByRole("tab", { name: "Lightweight" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/weightClass=LIGHTWEIGHT/);
    await expect(divisions.getByRole("tab", { name: "Lightweight" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const lightweights = page.getByRole("group", { name: /of 3$/ });
    await expect(lightweights.first()).toContainText("Champion");

    // The carousel: the arrow keys move the focused slide, and the address follows.
    await lightweights.first().getByRole("link").focus();
    await page.keyboard.press("ArrowRight");
    await expect(page).toHaveURL(/focus=1/);
    await expect(lightweights.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(lightweights.nth(1).getByRole("link")).toBeFocused();
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("group", { name: "2 of 3" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await page.getByRole("link", { name: "Next fighter" }).click();
    await expect(page).toHaveURL(/focus=2/);

    // Women's rankings, then back.
    await page.getByRole("link", { name: "Women" }).click();
    await expect(page).toHaveURL(/gender=FEMALE/);
    await expect(page.getByRole("tab", { name: "Strawweight" })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/weightClass=LIGHTWEIGHT/);
    await expect(page.getByRole("tab", { name: "Lightweight" })).toHaveAttribute(
      "aria-selected",
      "true",
    );

    // Everyone by last name, narrowed by the letter bar.
    await page.getByRole("tab", { name: "All fighters" }).click();
    await expect(page.getByRole("tab", { name: "All fighters" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page
      .getByRole("navigation", { name: "Last name starts with" })
      .getByRole("link", { name: "O", exact: true })
      .click();
    await expect(page).toHaveURL(/ctt=all.*lastNameStartLetter=O$/);
    await expect(page.locator(".fighters-list .fighter-card-name")).toHaveText([
      "Chidi Okafor",
      "Kwabena Owusu",
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a fighter's page shows the record and measurements in the viewer's units, the others on focus", async ({
    page,
  }) => {
    await page.goto("/realm/arena/fighters?ctt=all&lastNameStartLetter=O");
    await page.getByRole("link", { name: /Chidi Okafor/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Chidi Okafor" })).toBeVisible();
    const height = page.locator(".fighter-stat", { hasText: "Height" }).locator(".measure");
    await expect(height).toContainText("5′ 11″");
    await expect(height.getByRole("tooltip")).toBeHidden();
    await height.focus();
    await expect(height.getByRole("tooltip")).toHaveText("1.8 m");
    await expect(page.locator(".fighter-stat", { hasText: "Division" })).toContainText(
      "Lightweight · Champion",
    );
    const person = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}",
    ) as Record<string, unknown>;
    expect(person).toMatchObject({ "@type": "Person", name: "Chidi Okafor" });
    expect(await axeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });

  test("without JavaScript the tabs, letters and carousel are links", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await signInAs(context, baseURL!, "arena", "CUSTOMER");
    const page = await context.newPage();
    await page.goto(`${baseURL}/realm/arena/fighters`);
    await page.getByRole("link", { name: "Women" }).click();
    await page.getByRole("tab", { name: "Strawweight" }).click();
    await expect(page).toHaveURL(/gender=FEMALE&weightClass=STRAWWEIGHT/);
    await page.getByRole("link", { name: "Next fighter" }).click();
    await expect(page.getByRole("group", { name: "2 of 2" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(page.getByRole("group", { name: "2 of 2" })).toContainText("Camila Restrepo");
    await context.close();
  });
});
