import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated, tabTo } from "./keyboard.ts";
import { signInAs } from "./signed-in.ts";
import { cards } from "./watching.ts";

const dialog = (page: Page) => page.getByRole("dialog", { name: "Live now" });

test.describe("live now (#livenow)", () => {
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("the header's button opens the live events by keyboard; Escape closes it and gives focus back", async ({
    page,
    baseURL,
  }) => {
    const live = await cards(baseURL!, "arena", "/v2/events?status=LIVE&rpp=50");
    expect(live.length).toBeGreaterThan(0);
    await page.goto("/realm/arena/home");
    await hydrated(page);
    // The header's button (the menu has a featured "Live now" item too: the live-events route).
    const button = page.getByRole("banner").locator("a.header-live");
    await expect(button).toHaveAccessibleName(
      new RegExp(`^Live now, ${live.length} live events?$`),
    );
    await tabTo(page, button);
    await page.keyboard.press("Enter");

    const overlay = dialog(page);
    await expect(overlay).toBeVisible();
    expect(new URL(page.url()).hash).toBe("#livenow");
    await expect(overlay).toHaveAccessibleDescription("Events streaming live at this moment.");
    const links = overlay.locator("a.card");
    await expect(links).toHaveCount(live.length);
    for (const [index, event] of live.entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(event.title);
      await expect(links.nth(index)).toHaveAttribute("href", `/realm/arena/live/${event.id}`);
    }
    await expect(overlay.getByRole("status")).toHaveText(
      `${live.length} live event${live.length === 1 ? "" : "s"}`,
    );
    // Focus is inside the dialog and stays there.
    for (let i = 0; i < live.length + 3; i++) {
      await page.keyboard.press("Tab");
      expect(await overlay.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(overlay).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect.poll(() => new URL(page.url()).hash).toBe("");
    // The button opens it again.
    await page.keyboard.press("Enter");
    await expect(dialog(page)).toBeVisible();
  });

  test("opens from the URL; the close button takes the hash off", async ({ page }) => {
    await page.goto("/realm/arena/browse#livenow");
    await hydrated(page);
    const overlay = dialog(page);
    await expect(overlay).toBeVisible();
    await expect(overlay.locator("a.card").first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await overlay.getByRole("button", { name: "Close" }).click();
    await expect(overlay).toHaveCount(0);
    await expect(page).toHaveURL(/\/realm\/arena\/browse$/);
  });

  test("asks again what is live every 30 seconds while open, and stops once closed", async ({
    page,
  }) => {
    await page.clock.install();
    const answered: string[] = [];
    page.on("requestfinished", (request) => {
      if (new URL(request.url()).pathname === "/realm/arena/live-now") answered.push(request.url());
    });
    await page.goto("/realm/arena/home#livenow");
    await hydrated(page);
    const overlay = dialog(page);
    await expect(overlay.locator("a.card").first()).toBeVisible();
    await expect.poll(() => answered.length).toBe(1);
    await page.clock.fastForward(30_000);
    await expect.poll(() => answered.length).toBe(2);
    await expect(overlay.locator("a.card").first()).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(overlay).toHaveCount(0);
    await page.clock.fastForward(120_000);
    await page.waitForTimeout(500);
    expect(answered).toHaveLength(2);
  });

  test("says so when the live events cannot be loaded, and tries again", async ({ page }) => {
    await page.goto("/realm/arena/home");
    await hydrated(page);
    // The network fails once.
    await page.route("**/realm/arena/live-now", (route) => route.abort(), { times: 1 });
    await page.getByRole("banner").locator("a.header-live").click();
    const overlay = dialog(page);
    await expect(overlay.getByRole("alert")).toHaveText(/We couldn't load what's live right now/);
    expect(await axeViolations(page)).toEqual([]);
    await overlay.getByRole("button", { name: "Try again" }).click();
    await expect(overlay.getByRole("alert")).toHaveCount(0);
    await expect(overlay.locator("a.card").first()).toBeVisible();
  });
});

test("guests have no live-now button and no overlay", async ({ page }) => {
  // Liga checks the first visit in as a guest.
  await page.goto("/realm/liga/home#livenow");
  await hydrated(page);
  await expect(page.getByRole("banner").locator("a.header-live")).toHaveCount(0);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
