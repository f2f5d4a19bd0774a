import type { Page } from "@playwright/test";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { hydrated } from "./keyboard.ts";
import { signIn } from "./signed-in.ts";
import { freshAccount } from "./watching.ts";

const PLAYBACK_START = { timeout: 30_000 };

/** Arena's home hero plays the sample stream behind its first slide (its seeded page config). */
const heroVideo = (page: Page) => page.locator(".block-hero video.hero-video");
const videoState = (page: Page) =>
  heroVideo(page).evaluate((video: HTMLVideoElement) => ({
    time: video.currentTime,
    paused: video.paused,
    muted: video.muted,
    shown: video.classList.contains("is-shown"),
  }));

/** The pointer rests on the carousel, so it stays on its first slide (the one with the video). */
async function holdFirstSlide(page: Page) {
  const hero = page.getByRole("region", { name: "Featured" });
  await hero.hover({ position: { x: 20, y: 20 } });
  await expect(hero.getByRole("group").first()).toBeVisible();
}

/** Every stream request the page made (playlists and segments). */
function mediaRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/media/")) seen.push(request.url());
  });
  return seen;
}

test.describe("hero background video", () => {
  test("plays muted over the artwork on a wide screen, and the viewer pauses and plays it by keyboard", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/realm/arena");
    await hydrated(page);
    await holdFirstSlide(page);
    await expect
      .poll(async () => (await videoState(page)).time, PLAYBACK_START)
      .toBeGreaterThan(0.5);
    expect(await videoState(page)).toMatchObject({ paused: false, muted: true, shown: true });
    expect(await axeViolations(page)).toEqual([]);

    const hero = page.getByRole("region", { name: "Featured" });
    await hero.getByRole("button", { name: "Pause background video" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await videoState(page)).paused).toBe(true);
    const stoppedAt = (await videoState(page)).time;
    await page.waitForTimeout(1_000);
    expect((await videoState(page)).time).toBe(stoppedAt);
    await hero.getByRole("button", { name: "Play background video" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await videoState(page)).time).toBeGreaterThan(stoppedAt);
  });

  test("waits for the viewer, fetching no stream, when reduced motion is asked for", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      baseURL,
      reducedMotion: "reduce",
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    const requests = mediaRequests(page);
    await page.goto("/realm/arena");
    await hydrated(page);
    const play = page.getByRole("button", { name: "Play background video" });
    await expect(play).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(requests).toEqual([]);
    expect(await videoState(page)).toMatchObject({ time: 0, paused: true, shown: false });
    // The artwork stays the slide's picture.
    await expect(page.locator(".block-hero .hero-slide:not([hidden]) img")).toBeVisible();

    // By keyboard: the cookie notice of a first visit covers the page's foot.
    await play.focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(async () => (await videoState(page)).time, PLAYBACK_START)
      .toBeGreaterThan(0.5);
    expect(requests.length).toBeGreaterThan(0);
    await context.close();
  });

  test("does not start by itself for a viewer whose playback preferences say no", async ({
    page,
    context,
    baseURL,
  }) => {
    const account = await freshAccount(baseURL!, "arena");
    await signIn(context, baseURL!, account.authorisationToken, account.refreshToken);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/realm/arena/account?section=preferences");
    await hydrated(page);
    const form = page
      .getByRole("main")
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Save playback preferences" }) });
    await form.getByLabel("Play background videos automatically").uncheck();
    await form.getByRole("button", { name: "Save playback preferences" }).click();
    await expect(form.getByRole("status")).toHaveText("Your playback preferences are saved.");

    const requests = mediaRequests(page);
    await page.goto("/realm/arena");
    await hydrated(page);
    await holdFirstSlide(page);
    await expect(page.getByRole("button", { name: "Play background video" })).toBeVisible();
    await page.waitForTimeout(1_500);
    expect(requests).toEqual([]);
    expect(await videoState(page)).toMatchObject({ time: 0, paused: true });
  });

  test("is left out on a phone, where the slide shows its portrait artwork", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const requests = mediaRequests(page);
    await page.goto("/realm/arena");
    await hydrated(page);
    await expect(page.locator(".block-hero .hero-slide").first()).toBeVisible();
    await expect(heroVideo(page)).toHaveCount(0);
    await expect(page.getByRole("button", { name: /background video/ })).toHaveCount(0);
    expect(requests).toEqual([]);
  });
});
