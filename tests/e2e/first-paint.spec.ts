import type { Browser, Page } from "@playwright/test";
import { HYDRATION_MARK } from "../../app/ui/hydration-mark.ts";
import { expect, test } from "./fixtures.ts";
import { signInAs } from "./signed-in.ts";
import { cards } from "./watching.ts";

/**
 * What a phone needs to paint a page early, as the page's markup and the browser's own records
 * show it (the times themselves are figures of `npm run bench`, not of tests): one stylesheet,
 * the hero preloaded ahead of everything else and every other picture lazy and sized, no
 * layout shift from notices, and on a watch page the master playlist asked for by the page's
 * head, on the first answer.
 */

const PHONE = { width: 390, height: 844 };
const hydrated = (page: Page) => page.waitForSelector("html[data-hydrated]");

async function phonePage(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  return { context, page: await context.newPage() };
}

// Before any of the page's scripts: the layout shifts of the whole visit, as a browser counts
// them for CLS (a shift right after the viewer's own input does not count).
const RECORD_LAYOUT_SHIFTS = `
  window.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
`;
/** What asked for each request of `url` the page made: "link" for a preload, "img", "xmlhttprequest"... */
const initiatorsOf = (page: Page, url: string) =>
  page.evaluate(
    (name) =>
      performance.getEntriesByName(name).map((e) => (e as PerformanceResourceTiming).initiatorType),
    url,
  );
const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);

test.describe("first paint on a phone", () => {
  test("home: one stylesheet, the hero preloaded with high priority, other images lazy and sized", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await phonePage(browser, baseURL!);
    await page.goto("/realm/arena");
    await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);

    const hero = page.locator(".block-hero .hero-slide").first();
    const heroImg = hero.locator("img");
    await expect(heroImg).toHaveAttribute("fetchpriority", "high");
    await expect(heroImg).toHaveAttribute("loading", "eager");
    // The phone's artwork (the <source> for narrow windows) is preloaded, with its media query.
    const portrait = hero.locator("source");
    const preloads = page.locator('head link[rel="preload"][as="image"]');
    await expect(preloads).toHaveCount(2);
    const phonePreload = preloads.and(
      page.locator(`[media="${await portrait.getAttribute("media")}"]`),
    );
    await expect(phonePreload).toHaveAttribute("fetchpriority", "high");
    await expect(phonePreload).toHaveAttribute(
      "imagesrcset",
      (await portrait.getAttribute("srcset"))!,
    );
    await expect(preloads.and(page.locator(":not([media*='max-width'])"))).toHaveAttribute(
      "imagesrcset",
      (await heroImg.getAttribute("srcset"))!,
    );
    // The browser used the preload: one request for the hero's artwork, from the link.
    await hydrated(page);
    const heroUrl = await heroImg.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(await initiatorsOf(page, heroUrl)).toEqual(["link"]);

    // The next slide's artwork is fetched ahead after hydration, behind everything else.
    const nextSlide = page.locator(".block-hero .hero-slide[hidden] img");
    await expect(nextSlide).toHaveCount(1);
    await expect(nextSlide).toHaveAttribute("fetchpriority", "low");
    // Every other image of the page waits until it nears the window, and keeps its room.
    const others = await page.locator("main img").evaluateAll(
      (imgs, hero) =>
        imgs
          .filter((img) => img !== hero && !img.closest(".hero-slide"))
          .map((img) => ({
            src: img.getAttribute("src"),
            loading: img.getAttribute("loading"),
            width: img.getAttribute("width"),
            height: img.getAttribute("height"),
          })),
      await heroImg.elementHandle(),
    );
    expect(others.length).toBeGreaterThan(5);
    for (const img of others) {
      expect(img, img.src ?? "").toMatchObject({ loading: "lazy" });
      expect(Number(img.width), img.src ?? "").toBeGreaterThan(0);
      expect(Number(img.height), img.src ?? "").toBeGreaterThan(0);
    }
    // The server's page was painted before hydration began, not held back by it.
    const order = await page.evaluate((mark) => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const hydration = performance.getEntriesByName(mark)[0];
      return { paint: paint?.startTime ?? Infinity, hydration: hydration?.startTime ?? -1 };
    }, HYDRATION_MARK);
    expect(order.paint).toBeLessThanOrEqual(order.hydration);
    // Player code is for pages that play.
    await expect(page.locator('link[rel="modulepreload"][href*="/hls-"]')).toHaveCount(0);
    await context.close();
  });

  test("a promo notification that arrives after load shifts nothing", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await phonePage(browser, baseURL!);
    await page.addInitScript(RECORD_LAYOUT_SHIFTS);
    await page.goto("/realm/arena");
    await expect(page.locator(".cookie-banner")).toBeVisible();
    await expect(page.locator(".promo-notification")).toBeVisible();
    // Its slide-in over: what remains is what moved.
    await page.waitForTimeout(600);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    await context.close();
  });

  for (const realm of ["liga", "arena"]) {
    test(`the ${realm} login page does not move after load`, async ({ browser, baseURL }) => {
      const { context, page } = await phonePage(browser, baseURL!);
      await page.addInitScript(RECORD_LAYOUT_SHIFTS);
      await page.goto(`/realm/${realm}/login`);
      await hydrated(page);
      await expect(page.locator(".cookie-banner")).toBeVisible();
      await page.waitForLoadState("load");
      await page.waitForTimeout(600);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
      await context.close();
    });
  }
});

test("a hero fetches the artwork of the slide shown and of the next one only, signed in too", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
  await signInAs(context, baseURL!, "liga", "CUSTOMER");
  const page = await context.newPage();
  const slides = new Set<string>();
  page.on("request", (request) => {
    const slide = /\/images\/liga\/hero\/([^/?]+)\.webp/.exec(request.url());
    if (slide) slides.add(slide[1]!);
  });
  await page.goto("/realm/liga/home");
  await hydrated(page);
  await expect(page.locator(".hero-slide:not([hidden]) img")).toBeVisible();
  // The next slide's artwork comes after hydration; give the browser a moment to ask for more.
  await expect.poll(() => slides.size).toBe(2);
  await page.waitForTimeout(1_000);
  expect(slides.size).toBe(2);
  expect(await page.locator(".hero-slide img").count()).toBe(2);
  await context.close();
});

test.describe("a watch page on a first visit", () => {
  test("answers 200 at once, checking the guest in, and preloads the playlist and hls.js", async ({
    browser,
    baseURL,
  }) => {
    const [video] = await cards(baseURL!, "liga", "/v2/vods?rpp=1");
    const path = `/realm/liga/vod/${video!.id}`;
    const { context, page } = await phonePage(browser, baseURL!);
    const answers: { url: string; status: number }[] = [];
    page.on("response", (r) => {
      if (r.request().resourceType() === "document")
        answers.push({ url: r.url(), status: r.status() });
    });
    const response = await page.goto(path);
    expect(answers).toEqual([{ url: `${baseURL}${path}`, status: 200 }]);
    // The same answer checked the guest in: its session cookie comes with the page.
    expect(await response!.headerValue("set-cookie")).toMatch(/__session=/);

    const playlist = page.locator('head link[rel="preload"][as="fetch"]');
    await expect(playlist).toHaveAttribute("href", /\/master\.m3u8$/);
    await expect(playlist).toHaveAttribute("crossorigin", "anonymous");
    await expect(page.locator('head link[rel="modulepreload"][href*="/hls-"]')).toHaveCount(1);

    // The playlist's first request came from the head, before the player existed; hls.js then
    // took the preloaded answer rather than asking again.
    await hydrated(page);
    const href = await playlist.evaluate((link: HTMLLinkElement) => link.href);
    await expect
      .poll(() => page.evaluate(() => document.querySelector("video")?.readyState ?? 0))
      .toBeGreaterThan(0);
    expect(await initiatorsOf(page, href)).toEqual(["link"]);
    await context.close();
  });
});
