import { readFile } from "node:fs/promises";
import type { Page, Request } from "@playwright/test";
import { icsText, icsUtcOf, vevents } from "../fixtures/ics.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated, tabTo } from "./keyboard.ts";
import { signInAs } from "./signed-in.ts";
import { cards } from "./watching.ts";

/**
 * The page, once shown, is no wider than the window. Polled: the URL changes as a client-side
 * navigation commits, a moment before the new page has replaced the old one on screen.
 */
async function noHorizontalOverflow(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBe(0);
}

const TIME_ZONE = "America/Sao_Paulo";

test.describe("upcoming events (/upcoming)", () => {
  test.use({ timezoneId: TIME_ZONE });

  test("lists the realm's upcoming events by day in the viewer's zone; each downloads by keyboard as .ics", async ({
    page,
    baseURL,
  }) => {
    const upcoming = await cards(baseURL!, "liga", "/v2/events?status=UPCOMING&rpp=200");
    expect(upcoming.length).toBeGreaterThan(1);
    await page.goto("/realm/liga/upcoming");
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Upcoming events" })).toBeVisible();
    await expect(page).toHaveTitle(/^Upcoming events · /);

    // Grouped by the day each starts in the viewer's time zone, soonest first.
    const dayOf = new Intl.DateTimeFormat("en-CA", {
      timeZone: TIME_ZONE,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const days = [...new Set(upcoming.map((event) => dayOf.format(new Date(event.startDate!))))];
    const dayHeadings = page.locator(".upcoming-days h2 time");
    await expect(dayHeadings).toHaveCount(days.length);
    for (const [index, day] of days.entries()) {
      await expect(dayHeadings.nth(index)).toHaveAttribute("dateTime", day);
    }
    const titles = page.locator(".upcoming-item .schedule-title");
    await expect(titles).toHaveText(upcoming.map((event) => event.title));
    await expect(titles.first()).toHaveAttribute("href", `/realm/liga/live/${upcoming[0]!.id}`);
    expect(await axeViolations(page)).toEqual([]);

    // The first event's "Add to calendar", by keyboard: an .ics of that one event.
    const first = upcoming[0]!;
    const add = page.getByRole("link", { name: `Add to calendar: ${first.title}` });
    await tabTo(page, add, 60);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.keyboard.press("Enter"),
    ]);
    expect(download.suggestedFilename()).toBe(`event-${first.id}.ics`);
    const ics = await readFile((await download.path())!, "utf8");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    const [event, ...others] = vevents(ics);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      DTSTART: icsUtcOf(first.startDate!),
      DTEND: icsUtcOf(first.endDate!),
      URL: expect.stringMatching(new RegExp(`/live/${first.id}$`)),
    });
    expect(icsText(event!.SUMMARY!)).toBe(first.title);
  });

  test("offers the realm's feed to subscribe to, copy or download", async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/realm/liga/upcoming");
    await hydrated(page);
    const feed = page.getByRole("region", { name: "Calendar feed" });
    const address = feed.getByRole("textbox", { name: "Feed address" });
    await expect(address).toHaveValue(/^http:\/\/liga\.localhost(:\d+)?\/upcoming\.ics$/);
    await expect(feed.getByRole("link", { name: "Subscribe in calendar app" })).toHaveAttribute(
      "href",
      /^webcal:\/\/liga\.localhost(:\d+)?\/upcoming\.ics$/,
    );

    const copy = feed.getByRole("button", { name: "Copy address" });
    await tabTo(page, copy, 80);
    await page.keyboard.press("Enter");
    await expect(feed.getByRole("status")).toHaveText("Address copied.");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await address.inputValue(),
    );

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      feed.getByRole("link", { name: "Download all (.ics)" }).click(),
    ]);
    const ics = await readFile((await download.path())!, "utf8");
    const upcoming = await cards(baseURL!, "liga", "/v2/events?status=UPCOMING&rpp=200");
    expect(vevents(ics).map((event) => event.UID)).toEqual(
      upcoming.map((event) => expect.stringMatching(new RegExp(`^event-${event.id}\\.liga@`))),
    );

    // The same feed as calendar applications read it: no session, text/calendar.
    const answer = await page.request.get(`${baseURL}/realm/liga/upcoming.ics`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(await answer.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  });

  test("works at 390 px wide, axe clean", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/realm/liga/upcoming");
    await hydrated(page);
    await expect(page.locator(".upcoming-item").first()).toBeVisible();
    await noHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("does not exist in a realm without the guest schedule", async ({
    page,
    context,
    baseURL,
  }) => {
    const response = await page.goto("/realm/arena/upcoming");
    expect(response?.status()).toBe(404);
    await signInAs(context, baseURL!, "arena", "CUSTOMER");
    expect((await page.goto("/realm/arena/upcoming"))?.status()).toBe(404);
    expect((await page.request.get(`${baseURL}/realm/arena/upcoming.ics`)).status()).toBe(404);
  });
});

test.describe("live events (/live-events)", () => {
  test.beforeEach(({ context, baseURL }) => signInAs(context, baseURL!, "arena", "CUSTOMER"));

  test("a page of what is live and what is next, reached from /live, by keyboard", async ({
    page,
    baseURL,
  }) => {
    const live = await cards(baseURL!, "arena", "/v2/events?status=LIVE&rpp=50");
    const next = await cards(baseURL!, "arena", "/v2/events?status=UPCOMING&rpp=5");
    expect(live.length).toBeGreaterThan(0);
    await page.goto("/realm/arena/live");
    await expect(page).toHaveURL(/\/realm\/arena\/live-events$/);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: "Live events" })).toBeVisible();
    await expect(page).toHaveTitle(/^Live events · /);
    // Not the overlay: a page of its own.
    await expect(page.getByRole("dialog")).toHaveCount(0);

    const liveNow = page.getByRole("region", { name: "Live now" });
    const countText = `${live.length} live event${live.length === 1 ? "" : "s"}`;
    await expect(liveNow.locator(".live-events-count")).toHaveText(countText);
    await expect(liveNow.getByRole("status")).toHaveText(countText);
    const liveCards = liveNow.locator("a.card");
    await expect(liveCards).toHaveCount(live.length);
    await expect(liveCards.first()).toHaveAttribute("href", `/realm/arena/live/${live[0]!.id}`);

    const upNext = page.getByRole("region", { name: "Coming up next" });
    await expect(upNext.locator(".schedule-title")).toHaveText(next.map((event) => event.title));
    expect(await axeViolations(page)).toEqual([]);

    // By keyboard to the first live card, and on to its page.
    await tabTo(page, liveCards.first());
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/realm/arena/live/${live[0]!.id}$`));
  });

  test("refreshes the live list while open, pauses while the tab is hidden, and says when a refresh failed", async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto("/realm/arena/live-events");
    await hydrated(page);
    const liveNow = page.getByRole("region", { name: "Live now" });
    await expect(liveNow.locator("a.card").first()).toBeVisible();
    const finished: string[] = [];
    const done = (request: Request) => {
      if (new URL(request.url()).pathname === "/realm/arena/live-now") finished.push(request.url());
    };
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    /** Moves the page's clock on until the `n`th refresh has been answered. */
    const refreshed = (n: number) =>
      expect
        .poll(async () => {
          await page.clock.fastForward(5_000);
          return finished.length;
        })
        .toBeGreaterThanOrEqual(n);

    // Not before the interval; then again and again while visible.
    await page.clock.fastForward(25_000);
    await page.waitForTimeout(300);
    expect(finished).toHaveLength(0);
    await refreshed(1);
    await refreshed(2);

    // Hidden: no requests, however long; shown again: one at once.
    await page.waitForTimeout(300);
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        Object.defineProperty(document, "visibilityState", {
          configurable: true,
          get: () => (value ? "hidden" : "visible"),
        });
        document.dispatchEvent(new Event("visibilitychange"));
      }, hidden);
    const before = finished.length;
    await setHidden(true);
    await page.clock.fastForward(120_000);
    await page.waitForTimeout(500);
    expect(finished).toHaveLength(before);
    await setHidden(false);
    await expect.poll(() => finished.length).toBe(before + 1);

    // A refresh that fails keeps the list and says so; the next one clears it.
    await page.waitForTimeout(300);
    await page.route("**/realm/arena/live-now", (route) => route.abort(), { times: 1 });
    await refreshed(before + 2);
    await expect(liveNow.getByText(/We couldn't refresh the list/)).toBeVisible();
    await expect(liveNow.locator("a.card").first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await refreshed(before + 3);
    await expect(liveNow.getByText(/We couldn't refresh the list/)).toHaveCount(0);
  });

  test("works at 390 px wide, axe clean, and links to the upcoming page where there is one", async ({
    page,
    context,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/realm/arena/live-events");
    await hydrated(page);
    await expect(page.locator(".live-events-page a.card").first()).toBeVisible();
    await noHorizontalOverflow(page);
    expect(await axeViolations(page)).toEqual([]);
    await expect(page.getByRole("link", { name: "See all upcoming events" })).toHaveCount(0);

    await signInAs(context, baseURL!, "liga", "CUSTOMER");
    await page.goto("/realm/liga/live-events");
    await hydrated(page);
    const all = page.getByRole("link", { name: "See all upcoming events" });
    await tabTo(page, all);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/realm\/liga\/upcoming$/);
    await noHorizontalOverflow(page);
  });
});
