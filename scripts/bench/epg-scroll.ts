/**
 * Scrolling the programme guide through a day in Chromium: frame lengths (from
 * requestAnimationFrame) and the longest main-thread task (the Long Tasks API, which reports tasks
 * over 50 ms) while the grid is scrolled across 24 hours and down through every channel.
 */
import { BenchError } from "./server.ts";
import { launchChromium } from "./watch.ts";
/** One frame at 60 Hz. */
export const FRAME_BUDGET_MS = 1000 / 60;

export interface ScrollFigures {
  frames: number;
  /** Frames over FRAME_BUDGET_MS (Chromium without a GPU here, so a rough figure). */
  slowFrames: number;
  p95FrameMs: number;
  longestFrameMs: number;
  /** 0 when no task took over 50 ms. */
  longestTaskMs: number;
}

/** Runs in the page: scrolls `.epg-scroller` across the day, then down, one step a frame. */
const SCROLL_THROUGH_THE_DAY = `(async () => {
  const element = document.querySelector(".epg-scroller");
  const tasks = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: "longtask", buffered: false });
  const frames = [];
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  let last = await nextFrame();
  const stepTo = async (left, top) => {
    element.scrollLeft = left;
    element.scrollTop = top;
    const now = await nextFrame();
    frames.push(now - last);
    last = now;
  };
  const steps = 240;
  const wide = element.scrollWidth - element.clientWidth;
  const tall = element.scrollHeight - element.clientHeight;
  for (let i = 0; i <= steps; i++) await stepTo((wide * i) / steps, 0);
  for (let i = 0; i <= steps; i++) await stepTo(wide, (tall * i) / steps);
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const sorted = [...frames].sort((a, b) => a - b);
  return {
    frames: frames.length,
    slowFrames: frames.filter((ms) => ms > ${FRAME_BUDGET_MS} + 1).length,
    p95FrameMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    longestFrameMs: sorted.at(-1) ?? 0,
    longestTaskMs: Math.max(0, ...tasks),
  };
})()`;

/** Scrolls the guide at `url` (with `cookie`) across the day and down its channels. */
export async function measureEpgScroll(url: string, cookie: string): Promise<ScrollFigures> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      extraHTTPHeaders: { Cookie: cookie },
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator("html[data-hydrated]").waitFor();
    const scroller = page.locator(".epg-scroller");
    if ((await scroller.count()) === 0) throw new BenchError(`${url} has no guide to scroll`);
    // A string, not a function: tsx names the functions it compiles with a helper the page lacks.
    return (await page.evaluate(SCROLL_THROUGH_THE_DAY)) as ScrollFigures;
  } finally {
    await browser.close();
  }
}
