import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signInAs } from "./signed-in.ts";

/**
 * Search (issue 14) against the demo data: arena (vesper engine) has its own /search page,
 * liga (another engine) the #search overlay. Assertions hold for any engine that finds titles
 * by their words: they read counts from the page rather than assume them.
 */

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** Collects the app's analytics events from now on (they are dispatched on `document`). */
async function recordAppEvents(page: Page) {
  await page.evaluate(() => {
    const seen: unknown[] = [];
    (window as unknown as { appEvents: unknown[] }).appEvents = seen;
    document.addEventListener("appevent", (event) => seen.push((event as CustomEvent).detail));
  });
  return () => page.evaluate(() => (window as unknown as { appEvents: unknown[] }).appEvents);
}

/** The number in "N results for “…”". */
async function resultCount(status: Locator): Promise<number> {
  const text = (await status.textContent()) ?? "";
  const match = /^(\d+) results? for/.exec(text);
  if (!match) throw new Error(`No count in '${text}'`);
  return Number(match[1]);
}

test.describe("arena: the search page", () => {
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("the header's search goes to the page; typing, a filter and the arrow keys", async ({
    page,
  }) => {
    await page.goto("/realm/arena/home");
    await hydrated(page);
    const events = await recordAppEvents(page);
    await page.getByRole("banner").locator("a.header-search").click();
    await expect(page).toHaveURL(/\/realm\/arena\/search$/);
    await expect(page).toHaveTitle(/^Search · /);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();

    const form = page.getByRole("search");
    const box = form.getByRole("searchbox", { name: "Search events and videos" });
    for (const name of ["Live and upcoming", "Videos", "Playlists", "Series"]) {
      await expect(form.getByRole("checkbox", { name })).not.toBeChecked();
    }
    await box.fill("okafor");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=okafor$/);
    await expect(page).toHaveTitle(/^“okafor” · Search · /);
    const status = page.locator(".search-body").getByRole("status");
    await expect(status).toHaveText(/^\d+ results? for “okafor”$/);
    const cards = page.locator(".search-results a.card");
    await expect(cards.first()).toBeVisible();
    await expect(page.locator(".search-results mark").first()).toHaveText(/^okafor$/i);
    await expect.poll(events).toContainEqual({ type: "searchQuery", keyword: "okafor" });

    // The arrow keys move between results.
    if ((await cards.count()) > 1) {
      await cards.first().focus();
      await page.keyboard.press("ArrowRight");
      await expect(cards.nth(1)).toBeFocused();
      await page.keyboard.press("ArrowLeft");
      await expect(cards.first()).toBeFocused();
    }

    // Only playlists: the chip searches at once and keeps its place in the URL.
    await form.getByRole("checkbox", { name: "Playlists" }).check();
    await expect(page).toHaveURL(/\/search\?q=okafor&filter=VOD_PLAYLIST$/);
    await expect(form.getByRole("checkbox", { name: "Playlists" })).toBeChecked();
    const playlist = page.getByRole("link", { name: "Road to AFC 212: Okafor vs. Lindqvist" });
    await expect(playlist).toBeVisible();
    await expect(playlist).toHaveAttribute("href", /^\/realm\/arena\/playlist\/\d+$/);
    for (const href of await cards.evaluateAll((links) =>
      links.map((a) => a.getAttribute("href")),
    )) {
      expect(href).toMatch(/^\/realm\/arena\/playlist\/\d+$/);
    }
    expect(await axeViolations(page)).toEqual([]);
  });

  test("more results are appended where the viewer is, 12 a page", async ({ page }) => {
    await page.goto("/realm/arena/search?q=AFC");
    await hydrated(page);
    const status = page.locator(".search-body").getByRole("status");
    await expect(status).toHaveText(/results for “AFC”/);
    const total = await resultCount(status);
    expect(total).toBeGreaterThan(12);
    const cards = page.locator(".search-results a.card");
    await expect(cards).toHaveCount(12);
    const more = page.getByRole("link", { name: "More results" });
    await expect(more).toHaveAttribute("href", "/realm/arena/search?q=AFC&page=2");
    await more.click();
    await expect(cards).toHaveCount(Math.min(24, total));
    // Appended without leaving the page; the first new card has the focus.
    await expect(page).toHaveURL(/\/search\?q=AFC$/);
    await expect(cards.nth(12)).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
  });

  test("finds nothing: says so and suggests popular content", async ({ page }) => {
    await page.goto("/realm/arena/search?q=zzqxjv");
    await hydrated(page);
    await expect(page.locator(".search-body").getByRole("status")).toHaveText(
      "No results for “zzqxjv”",
    );
    await expect(page.locator(".search-empty-title")).toHaveText("No results for “zzqxjv”");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("works at 390 px wide", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/realm/arena/search?q=okafor");
    await hydrated(page);
    await expect(page.locator(".search-results a.card").first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("search").getByRole("button", { name: "Search" })).toBeVisible();
    // Cards enter in 500 ms, and not at all for viewers who ask for less motion.
    const hit = page.locator(".search-hit").first();
    expect(await hit.evaluate((el) => getComputedStyle(el).animationDuration)).toBe("0.5s");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await hit.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
  });
});

test("arena's search page works without JavaScript: the form, a filter and more results", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await signInAs(context, baseURL!, "arena", "CUSTOMER");
  const page = await context.newPage();
  await page.goto("/realm/arena/search");
  const form = page.getByRole("search");
  await form.getByRole("searchbox", { name: "Search events and videos" }).fill("AFC");
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=AFC$/);
  const cards = page.locator(".search-results a.card");
  await expect(cards).toHaveCount(12);
  const total = await resultCount(page.locator(".search-body").getByRole("status"));

  await page.getByRole("link", { name: "More results" }).click();
  await expect(page).toHaveURL(/\/search\?q=AFC&page=2$/);
  await expect(cards).toHaveCount(Math.min(24, total));

  await form.getByRole("checkbox", { name: "Videos" }).check();
  await form.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search\?q=AFC&filter=VOD_VIDEO$/);
  await expect(form.getByRole("checkbox", { name: "Videos" })).toBeChecked();
  for (const href of await cards.evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    expect(href).toMatch(/^\/realm\/arena\/vod\/\d+$/);
  }
  await context.close();
});

const overlay = (page: Page) => page.getByRole("dialog", { name: "Search" });

test.describe("liga: the search overlay", () => {
  test("the header's button opens it by keyboard; typing finds buckets; Escape gives focus back", async ({
    page,
  }) => {
    await page.goto("/realm/liga/home");
    await hydrated(page);
    const events = await recordAppEvents(page);
    const button = page.getByRole("banner").locator("a.header-search");
    await expect(button).toHaveAccessibleName("Search");
    await tabTo(page, button);
    await page.keyboard.press("Enter");

    const dialog = overlay(page);
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).hash).toBe("#search");
    const box = dialog.getByRole("search").getByRole("searchbox", {
      name: "Search events and videos",
    });
    await expect(box).toBeFocused();
    await page.keyboard.type("atletico serrano");
    const status = dialog.getByRole("status");
    await expect(status).toHaveText(/^\d+ results? for “atletico serrano”$/);
    // A bucket per type, each with a heading and its cards, matched words marked (accents too).
    await expect(dialog.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await expect(dialog.locator("mark", { hasText: "Atlético" }).first()).toBeVisible();
    await expect.poll(events).toContainEqual({
      type: "searchQuery",
      keyword: "atletico serrano",
    });
    // Down from the box to the first result, then on with the arrow keys.
    await page.keyboard.press("ArrowDown");
    const links = dialog.locator("a.card, a.search-shortcut");
    await expect(links.first()).toBeFocused();
    if ((await links.count()) > 1) {
      await page.keyboard.press("ArrowDown");
      await expect(links.nth(1)).toBeFocused();
    }
    // Focus stays inside the dialog.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect.poll(() => new URL(page.url()).hash).toBe("");
  });

  test("opens from #search and from /search; closing takes the hash and the marker off", async ({
    page,
  }) => {
    await page.goto("/realm/liga/browse#search");
    await hydrated(page);
    await expect(overlay(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await overlay(page).getByRole("button", { name: "Close" }).click();
    await expect(overlay(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/realm\/liga\/browse$/);

    await page.goto("/realm/liga/search");
    await expect(page).toHaveURL(/\/realm\/liga\/home\?search=#search$/);
    await hydrated(page);
    const dialog = overlay(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("searchbox").fill("serrano");
    await expect(dialog.getByRole("status")).toHaveText(/results? for “serrano”/);
    await expect(dialog.locator("mark", { hasText: /^Serrano$/ }).first()).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/realm\/liga\/home$/);
    await expect(page.getByRole("banner").locator("a.header-search")).toBeFocused();
  });

  test("says so when search fails, and tries again", async ({ page }) => {
    await page.goto("/realm/liga/home#search");
    await hydrated(page);
    await page.route("**/search-answers?*kind=buckets*", (route) => route.abort(), { times: 1 });
    const dialog = overlay(page);
    await dialog.getByRole("searchbox").fill("serrano");
    await expect(dialog.getByRole("alert")).toHaveText(/Search isn't working right now/);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Try again" }).click();
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    await expect(dialog.getByRole("status")).toHaveText(/results? for “serrano”/);
  });

  test("finds nothing: says so", async ({ page }) => {
    await page.goto("/realm/liga/home#search");
    await hydrated(page);
    const dialog = overlay(page);
    await dialog.getByRole("searchbox").fill("zzqxjv");
    await expect(dialog.getByRole("status")).toHaveText("No results for “zzqxjv”");
  });
});

test("arena has no overlay on #search: its header goes to its page", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(context, baseURL!, "arena", "CUSTOMER");
  await page.goto("/realm/arena/home#search");
  await hydrated(page);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("banner").locator("a.header-search")).toHaveAttribute(
    "href",
    "/realm/arena/search",
  );
});
