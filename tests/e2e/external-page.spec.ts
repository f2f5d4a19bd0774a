import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

test.describe("external pages", () => {
  test("liga: the menu opens the league's rules, framed in the realm's page in the viewer's language", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/realm/liga/");
    const menu = page.getByRole("banner").getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("button", { name: "More" }).click();
    await page.getByRole("menu", { name: "More" }).getByRole("menuitem", { name: "Rules" }).click();
    await expect(page).toHaveURL(/\/realm\/liga\/external\/regulamento$/);
    await expect(page).toHaveTitle("League rules · Liga Play");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("League rules");
    await expect(main.getByText("This season's competition rules")).toBeVisible();
    const frame = main.locator('iframe[title="League rules"]');
    await expect(frame).toHaveAttribute("src", "/external-pages/liga/regulamento.html");
    // A page of this site is framed without its origin: its scripts can never act as ours.
    expect(await frame.getAttribute("sandbox")).not.toContain("allow-same-origin");
    await expect(
      page.frameLocator('iframe[title="League rules"]').getByRole("heading", { level: 1 }),
    ).toHaveText("Regulamento da Liga Nacional");
    const newTab = main.getByRole("link", { name: /^Open League rules in a new tab/ });
    await expect(newTab).toHaveAttribute("target", "_blank");
    await expect(newTab).toHaveAttribute("rel", "noopener noreferrer");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("liga in Portuguese: the title and description are the config's Portuguese texts", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "language", value: "pt", url: baseURL! }]);
    await page.goto("/realm/liga/external/regulamento");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Regulamento da Liga",
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  });

  test("arena: the rules are linked, opened in a new tab, with no frame", async ({ page }) => {
    const answer = await page.goto("/realm/arena/external/rules");
    expect(answer?.headers()["content-security-policy"]).toContain("frame-src 'self';");
    await expect(page).toHaveTitle("Unified rules of MMA · Arena Fight Pass");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText("Unified rules of MMA");
    const link = main.getByRole("link", { name: /^Open Unified rules of MMA/ });
    await expect(link).toHaveAttribute(
      "href",
      "https://en.wikipedia.org/wiki/Unified_Rules_of_Mixed_Martial_Arts",
    );
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(main.locator("iframe")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("a name the realm does not have is not found", async ({ page }) => {
    const answer = await page.goto("/realm/arena/external/regulamento");
    expect(answer?.status()).toBe(404);
    const other = await page.goto("/realm/liga/external/constructor");
    expect(other?.status()).toBe(404);
  });
});
