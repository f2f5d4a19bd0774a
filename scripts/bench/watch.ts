/**
 * Watch pages in a real browser (Debian's Chromium): the time from navigation to the first
 * video frame on screen, for a video and for a live event, and the JavaScript each page makes
 * the browser download (hls.js included, which the watch page imports on demand), against the
 * home page's, which must load no player code at all.
 */
import { chromium, devices, type Browser, type Page } from "@playwright/test";
import { gzipSync } from "node:zlib";
import { BenchError } from "./server.ts";

const CHROMIUM = "/usr/bin/chromium";
const RUNS = 5;
const FRAME_TIMEOUT_MS = 20_000;

export interface FirstFrameStats {
  runs: number[];
  medianMs: number;
  maxMs: number;
}

export interface FirstFrameFigures {
  path: string;
  newVisitor: FirstFrameStats;
  returning: FirstFrameStats;
}

export interface PageScripts {
  path: string;
  files: { url: string; raw: number; gzip: number }[];
  raw: number;
  gzip: number;
}

export interface WatchFigures {
  vod: FirstFrameFigures;
  live: FirstFrameFigures;
  scripts: { home: PageScripts; vod: PageScripts; live: PageScripts };
  /** Scripts of the VOD page the home page does not load: the player and hls.js. */
  playerOnly: PageScripts;
  homeLoadsPlayerCode: boolean;
}

// Runs in the page before any of its scripts: when the first video starts showing frames. A
// presented-frame callback is the precise moment, but headless Chromium may not composite, so
// the "playing" event (enough data decoded, the frame shown) counts too, whichever is first.
// A string, not a function: the TypeScript loader would add helpers the page does not have.
const WATCH_FIRST_FRAME = `
  const mark = () => { if (window.firstFrameMs === undefined) window.firstFrameMs = performance.now(); };
  new MutationObserver((changes, observer) => {
    const video = document.querySelector("video");
    if (!video) return;
    observer.disconnect();
    video.addEventListener("playing", mark, { once: true });
    if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(mark);
  }).observe(document, { childList: true, subtree: true });
`;

async function frameOnce(page: Page, url: string): Promise<number> {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => (window as { firstFrameMs?: number }).firstFrameMs, null, {
    timeout: FRAME_TIMEOUT_MS,
  });
  // performance.now() counts from the navigation's start (redirects included).
  return page.evaluate(() => (window as unknown as { firstFrameMs: number }).firstFrameMs);
}

async function watchingPage(browser: Browser) {
  const context = await browser.newContext({ ...devices["Desktop Chrome"] });
  const page = await context.newPage();
  await page.addInitScript(WATCH_FIRST_FRAME);
  return { page, close: () => context.close() };
}

function stats(runs: number[]): FirstFrameStats {
  const sorted = [...runs].sort((a, b) => a - b);
  return { runs, medianMs: sorted[Math.floor(sorted.length / 2)]!, maxMs: sorted.at(-1)! };
}

/**
 * New visitors: a fresh browser profile each time (the guest check-in, nothing cached).
 * A returning viewer: one profile whose session and HTTP cache carry over between visits.
 */
async function measureFirstFrame(browser: Browser, baseUrl: string, path: string) {
  const url = `${baseUrl}${path}`;
  const newVisitor: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const visitor = await watchingPage(browser);
    try {
      const ms = await frameOnce(visitor.page, url);
      // The first visit only warms the server (its first render of the route) and is not kept.
      if (i > 0) newVisitor.push(ms);
    } finally {
      await visitor.close();
    }
  }
  const viewer = await watchingPage(browser);
  const returning: number[] = [];
  try {
    await frameOnce(viewer.page, url);
    for (let i = 0; i < RUNS; i++) returning.push(await frameOnce(viewer.page, url));
  } finally {
    await viewer.close();
  }
  return { path, newVisitor: stats(newVisitor), returning: stats(returning) };
}

/** Every script the page downloads until it has settled (the player has started, if any). */
async function pageScripts(
  browser: Browser,
  baseUrl: string,
  path: string,
  settle: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ ...devices["Desktop Chrome"] });
  const files: PageScripts["files"] = [];
  try {
    const page = await context.newPage();
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        response.body().then((body) => {
          files.push({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          });
        }),
      );
    });
    await page.goto(`${baseUrl}${path}`);
    await settle(page);
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  return summed(path, files);
}

function summed(path: string, files: PageScripts["files"]): PageScripts {
  return {
    path,
    files: files.sort((a, b) => a.url.localeCompare(b.url)),
    raw: files.reduce((sum, f) => sum + f.raw, 0),
    gzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

const playing = async (page: Page) => {
  await page.waitForFunction(
    () => (document.querySelector<HTMLVideoElement>(".player video")?.currentTime ?? 0) > 0,
    null,
    { timeout: FRAME_TIMEOUT_MS },
  );
};

/** Debian's Chromium for a bench; a clear bench error when it does not start. */
export async function launchChromium(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  } catch (error) {
    throw new BenchError(`Chromium did not start (${CHROMIUM}): ${(error as Error).message}`);
  }
}

/** Figures for a realm whose guests may watch: one video and one live event of it. */
export async function measureWatchPages(
  baseUrl: string,
  paths: { home: string; vod: string; live: string },
): Promise<WatchFigures> {
  const browser = await launchChromium();
  try {
    const vod = await measureFirstFrame(browser, baseUrl, paths.vod);
    const live = await measureFirstFrame(browser, baseUrl, paths.live);
    const home = await pageScripts(browser, baseUrl, paths.home, (page) =>
      page.waitForLoadState("networkidle"),
    );
    const vodScripts = await pageScripts(browser, baseUrl, paths.vod, playing);
    const liveScripts = await pageScripts(browser, baseUrl, paths.live, playing);
    const homeUrls = new Set(home.files.map((f) => f.url));
    const playerOnly = summed(
      paths.vod,
      vodScripts.files.filter((f) => !homeUrls.has(f.url)),
    );
    return {
      vod,
      live,
      scripts: { home, vod: vodScripts, live: liveScripts },
      playerOnly,
      // hls.js is a chunk of its own (its name starts with "hls"); the home page must not load it.
      homeLoadsPlayerCode: home.files.some((f) => /\/hls[-.]/.test(f.url)),
    };
  } finally {
    await browser.close();
  }
}
