import type { Locator, Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { signIn } from "./signed-in.ts";
import { cards, freshAccount, watch, watchFirstPlayable } from "./watching.ts";

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor();

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

test.describe("watch history", () => {
  test("what a fresh account watched shows up, most recent first, with progress and watch links", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    const token = account.authorisationToken;
    const video = await watchFirstPlayable(
      baseURL!,
      "arena",
      token,
      await cards(baseURL!, "arena", "/v2/vods?rpp=20"),
      0.25,
    );
    const replay = await watchFirstPlayable(
      baseURL!,
      "arena",
      token,
      await cards(baseURL!, "arena", "/v2/events?status=PAST&rpp=20"),
      0.5,
    );
    const [channel] = await cards(baseURL!, "arena", "/v2/events?status=LIVE");
    expect(await watch(baseURL!, "arena", token, `live/${channel!.id}`, 60)).toBe(true);

    await signIn(context, baseURL!, token, account.refreshToken);
    const response = await page.goto("/realm/arena/history");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page).toHaveTitle("Watch history · Arena Fight Pass");
    await expect(page.getByRole("heading", { level: 1, name: "Watch history" })).toBeVisible();

    const items = page.locator("ol.history-list > li");
    await expect(items).toHaveCount(3);
    const links = items.locator("a.card");
    for (const [index, card] of [channel!, replay, video].entries()) {
      await expect(links.nth(index)).toHaveAccessibleName(card.title);
    }
    await expect(links.nth(0)).toHaveAttribute("href", `/realm/arena/live/${channel!.id}`);
    await expect(links.nth(1)).toHaveAttribute("href", `/realm/arena/live/${replay.id}`);
    await expect(links.nth(2)).toHaveAttribute("href", `/realm/arena/vod/${video.id}`);

    // Live now: rejoined live, no progress. The replay and the video show where they stopped.
    await expect(items.nth(0).getByRole("progressbar")).toHaveCount(0);
    await expect(items.nth(0).locator(".badge-live")).toHaveText("Live");
    const replayBar = items.nth(1).getByRole("progressbar");
    await expect(replayBar).toHaveAttribute("aria-valuenow", "50");
    await expect(replayBar).toHaveAccessibleName(/^\d+ h( \d+ min)? left$/);
    const videoBar = items.nth(2).getByRole("progressbar");
    await expect(videoBar).toHaveAttribute("aria-valuenow", "25");
    await expect(videoBar).toHaveAttribute("aria-valuetext", "25% watched");
    // The card's link is described by what is left, so it is heard on the link itself.
    await expect(links.nth(2)).toHaveAccessibleDescription(/min left/);
    await expect(items.nth(2)).toContainText("Watched");
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: the cards are links in the page's tab order, one after the other, each
    // followed by its list controls (My List, and arena's watchlist menu).
    await hydrated(page);
    await tabTo(page, links.nth(0));
    await page.keyboard.press("Tab");
    await expect(items.nth(0).getByRole("button", { name: "Add to My List" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(items.nth(0).getByRole("button", { name: "Add to watchlist…" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(links.nth(1)).toBeFocused();
  });

  test("a profile that watched nothing is told so; a liga guest is asked to sign in", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    // The account signed up without a language of its own: liga's default, Portuguese.
    await page.goto("/realm/liga/history");
    await expect(page.getByRole("heading", { level: 1, name: "Histórico" })).toBeVisible();
    await expect(page.getByText("Nada por aqui ainda.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Encontre algo para assistir" })).toHaveAttribute(
      "href",
      "/realm/liga",
    );
    expect(await axeViolations(page)).toEqual([]);

    // Liga lets guests in: a first visit checks the browser in as one.
    await context.clearCookies();
    await page.goto("/realm/liga/history");
    await expect(page.getByText("Sign in to keep a history of what you watch")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute(
      "href",
      "/realm/liga/login?from=%2Fhistory",
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  test("load more shows 20 more and takes focus to the first of them", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "liga");
    const token = account.authorisationToken;
    let watched = 0;
    for (const video of await cards(baseURL!, "liga", "/v2/vods?rpp=40")) {
      if (await watch(baseURL!, "liga", token, `vod/${video.id}`, 30)) watched += 1;
      if (watched === 22) break;
    }
    expect(watched).toBe(22);
    await signIn(context, baseURL!, token, account.refreshToken);
    await page.goto("/realm/liga/history");
    await hydrated(page);
    const links = page.locator("ol.history-list a.card");
    await expect(links).toHaveCount(20);
    // Portuguese: the account's language (liga's default when it signed up).
    const more = page.getByRole("link", { name: "Carregar mais" });
    await expect(more).toHaveAttribute("href", "/realm/liga/history?rpp=40");
    await tabTo(page, more, 80);
    await page.keyboard.press("Enter");
    await expect(links).toHaveCount(22);
    await expect(links.nth(20)).toBeFocused();
    await expect(more).toHaveCount(0);
    await expect(page).toHaveURL(/\/realm\/liga\/history\?rpp=40$/);
  });

  test("arena sends signed-out visitors to sign in first", async ({ page }) => {
    await page.goto("/realm/arena/history");
    await expect(page).toHaveURL(/\/realm\/arena\/login\?from=%2Fhistory$/);
  });
});

test.describe("continue watching", () => {
  test("a signed-in viewer's home starts with their unfinished items; guests get no row", async ({
    page,
    context,
    baseURL,
    browser,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    const token = account.authorisationToken;
    const videos = await cards(baseURL!, "arena", "/v2/vods?rpp=30");
    const finished = await watchFirstPlayable(baseURL!, "arena", token, videos.slice(10), 0.97);
    const glanced = await watchFirstPlayable(baseURL!, "arena", token, videos.slice(15), 0);
    const started = await watchFirstPlayable(baseURL!, "arena", token, videos.slice(20), 0.4);
    expect(new Set([finished.id, glanced.id, started.id]).size).toBe(3);

    await signIn(context, baseURL!, token, account.refreshToken);
    const response = await page.goto("/realm/arena/home");
    // The viewer's own row: never for a shared cache.
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    expect(response?.headers()["x-page-cache"]).toBe("bypass");
    const row = page.getByRole("region", { name: "Continue watching" });
    await expect(row).toBeVisible();
    const link = row.locator("a.card");
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAccessibleName(started.title);
    await expect(link).toHaveAttribute("href", `/realm/arena/vod/${started.id}`);
    const bar = row.getByRole("progressbar");
    await expect(bar).toHaveAttribute("aria-valuenow", "40");
    await expect(bar).toHaveAccessibleName(/min left$/);
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard: Tab from the top of the page reaches the row's card.
    await hydrated(page);
    await tabTo(page, link);

    // Right after, without an account: the same page has no row (arena's root is open to all).
    const visitor = await browser.newContext();
    const anonymous = await visitor.newPage();
    await anonymous.goto(`${baseURL}/realm/arena`);
    await expect(anonymous.getByRole("heading", { level: 2, name: "Live now" })).toBeVisible();
    await expect(anonymous.getByRole("heading", { name: "Continue watching" })).toHaveCount(0);
    await visitor.close();

    // A liga guest (checked in on the first visit) has no row either.
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(`${baseURL}/realm/liga/home`);
    await expect(guestPage.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(guestPage.getByRole("heading", { name: "Continue watching" })).toHaveCount(0);
    await guest.close();
  });
});
