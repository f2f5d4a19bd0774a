import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInAs } from "./signed-in.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();
const focusedCell = (page: Page) => page.locator('[role="gridcell"]:focus');
const rowOf = async (page: Page) =>
  focusedCell(page).evaluate((cell) => cell.closest('[role="row"]')!.getAttribute("aria-rowindex"));

/** Tab on from the day picker until the grid's one focusable cell has focus. */
async function tabIntoGrid(page: Page) {
  for (let presses = 0; presses < 12; presses++) {
    await page.keyboard.press("Tab");
    if ((await focusedCell(page).count()) > 0) return;
  }
  throw new Error("Tab never reached the guide");
}

test.describe("programme guide", () => {
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("a day of channels × time, walked by keyboard alone", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/realm/arena/epg");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "TV guide" })).toBeVisible();
    const days = page.getByRole("navigation", { name: "Days" }).getByRole("link");
    await expect(days).toHaveCount(8);
    await expect(days.nth(1)).toHaveAttribute("aria-current", "date");
    await expect(days.nth(1)).toContainText("Today");
    const grid = page.getByRole("grid", { name: /^Programme guide, Today/ });
    await expect(grid.getByRole("rowheader")).toHaveText(["AFC Live", "AFC 24/7", "AFC Studio"]);
    await expect(page.locator(".epg-now-line")).toBeVisible();
    // Virtualised: a day of twelve two-hour slots, but only those near the view are drawn.
    const allDayCells = grid.getByRole("row").nth(1).getByRole("gridcell");
    expect(await allDayCells.count()).toBeLessThan(12);
    expect(await axeViolations(page)).toEqual([]);

    // Jump to now: focus lands on what airs now on the first channel, the event live now.
    await page.getByRole("button", { name: "Jump to now" }).focus();
    await page.keyboard.press("Enter");
    await expect(focusedCell(page)).toContainText("Live now");
    expect(await rowOf(page)).toBe("1");
    const panel = page.locator(".epg-details");
    await expect(panel.getByRole("link", { name: "Watch live" })).toBeVisible();

    // Down to the 24/7 channel: its scheduled programme airing now plays through its stream.
    await page.keyboard.press("ArrowDown");
    expect(await rowOf(page)).toBe("2");
    await expect(focusedCell(page)).toContainText("Live now");
    const liveTitle = (await focusedCell(page).locator(".epg-programme-title").textContent())!;
    await expect(panel.getByRole("heading", { level: 2 })).toHaveText(liveTitle);
    await expect(panel.getByRole("link", { name: "Watch live" })).toHaveAttribute(
      "href",
      /\/realm\/arena\/live\/\d+$/,
    );
    // Home and End: the first and last programme of the channel (drawn when focus gets there).
    await page.keyboard.press("End");
    await expect(focusedCell(page)).toHaveAttribute("data-cell", "1:11");
    await page.keyboard.press("Home");
    await expect(focusedCell(page)).toHaveAttribute("data-cell", "1:0");
    await expect(focusedCell(page)).toBeInViewport();
    // Page Down and Page Up move by a page of channels (here: to the last and first).
    await page.keyboard.press("PageDown");
    expect(await rowOf(page)).toBe("3");
    await page.keyboard.press("PageUp");
    expect(await rowOf(page)).toBe("1");
    expect(await axeViolations(page)).toEqual([]);

    // Yesterday, by keyboard: everything has aired, and the 24/7 channel's programmes play as
    // catch-up. Tab from the day picker reaches the grid's one focusable cell.
    await days.nth(0).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?day=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByRole("grid", { name: /^Programme guide, Yesterday/ })).toBeVisible();
    await expect(page.locator(".epg-now-line")).toHaveCount(0);
    await tabIntoGrid(page);
    // Ctrl+End: the last channel (the studio); up one to the 24/7 channel.
    await page.keyboard.press("Control+End");
    expect(await rowOf(page)).toBe("3");
    await page.keyboard.press("ArrowUp");
    expect(await rowOf(page)).toBe("2");
    await expect(focusedCell(page)).toContainText("Aired");
    await expect(panel.getByRole("link", { name: "Watch catch-up" })).toHaveAttribute(
      "href",
      /\/realm\/arena\/vod\/\d+$/,
    );
    expect(await axeViolations(page)).toEqual([]);

    // Tomorrow: nothing has started, so the guide offers a reminder (a calendar file).
    await days.nth(2).focus();
    await page.keyboard.press("Enter");
    await expect(
      page.getByRole("grid", { name: /^Programme guide, (?!Today|Yesterday)/ }),
    ).toBeVisible();
    await tabIntoGrid(page);
    await page.keyboard.press("Control+End");
    await page.keyboard.press("ArrowUp");
    await expect(focusedCell(page)).toContainText("Upcoming");
    const remind = panel.getByRole("link", { name: "Remind me" });
    await expect(remind).toHaveAttribute("href", /^data:text\/calendar/);
    await expect(remind).toHaveAttribute("download", /\.ics$/);

    // Jump to now from another day: back to today, on what airs now.
    await page.getByRole("link", { name: "Jump to now" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/realm\/arena\/epg#now$/);
    await expect(focusedCell(page)).toContainText("Live now");

    // Enter plays the focused programme: the live event.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/realm\/arena\/live\/\d+$/);
  });

  test("works at 390 px wide", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/realm/arena/epg");
    await hydrated(page);
    const grid = page.getByRole("grid", { name: /^Programme guide/ });
    await expect(grid.getByRole("rowheader")).toHaveCount(3);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Jump to now" }).focus();
    await page.keyboard.press("Enter");
    await expect(focusedCell(page)).toContainText("Live now");
    await expect(focusedCell(page)).toBeInViewport();
    await page.keyboard.press("ArrowDown");
    expect(await rowOf(page)).toBe("2");
    await expect(
      page.locator(".epg-details").getByRole("link", { name: "Watch live" }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("is not found where the realm has no guide, or for a day the picker does not offer", async ({
    page,
  }) => {
    const liga = await page.goto("/realm/liga/epg");
    expect(liga?.status()).toBe(404);
    const farAway = await page.goto("/realm/arena/epg?day=2001-01-01");
    expect(farAway?.status()).toBe(404);
  });
});
