/**
 * `npm run bench`: builds the app, starts the production server on a free port with an empty
 * data directory, and measures
 *   (a) the realm home page against a static file of the same size served by the same process,
 *       twice: rendered for every request (the page cache bypassed with `Cache-Control:
 *       no-cache`; the ratio says what server rendering costs over just sending bytes), and as
 *       a guest gets it, from the server's page cache (server/page-cache.ts), and
 *   (b) the JavaScript each route loads on a first visit, raw and gzipped, and
 *   (c) the programme guide of 50 channels for one day against the home page of the same realm,
 *       both rendered for every request, and the JavaScript each loads (bench/epg.ts), and
 *   (d) search latency against catalogue size, beside a sequential ILIKE scan (bench/search.ts;
 *       also alone: `npm run bench:search`).
 * Prints both and writes them to bench/results.json. `BENCH_DURATION` (seconds, default 10)
 * sets how long each load run lasts. Exit 0 on success, 1 with a one-line reason on failure.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CONNECTIONS, measure, type LoadFigures } from "./bench/load.ts";
import { CACHE_STATUS_HEADER } from "../server/page-cache.ts";
import { routeJsSizes, type JsSize } from "./bench/route-js.ts";
import { measureValidation, type ValidationFigures } from "./bench/validation.ts";
import {
  BenchError,
  buildApp,
  killServersSync,
  startServer,
  type RunningServer,
} from "./bench/server.ts";
import { fixed, kib, table } from "./bench/table.ts";
import { measureWatchPages, type FirstFrameStats, type WatchFigures } from "./bench/watch.ts";
import { searchSection, type SearchBenchResult } from "./bench/search.ts";
import { EPG_CHANNELS, EPG_REALM, guestCookie, prepareEpgStore } from "./bench/epg.ts";
import { FRAME_BUDGET_MS, measureEpgScroll, type ScrollFigures } from "./bench/epg-scroll.ts";

const ROOT = process.cwd();
const HOME_PATH = "/realm/arena";
// Under public/ so the server's own static handler serves it at the root path.
const BASELINE_NAME = "bench-baseline.html";
const BASELINE_FILE = path.join(ROOT, "public", BASELINE_NAME);
const RESULTS_FILE = path.join(ROOT, "bench", "results.json");
/** Asks for a fresh answer: the page cache passes the request to the renderer untouched. */
const BYPASS_CACHE = { "Cache-Control": "no-cache" };

let server: RunningServer | undefined;

/** Synchronous so it also works from the "exit" handler; every step tolerates a repeat. */
function removeBaseline() {
  rmSync(BASELINE_FILE, { force: true });
}

async function main() {
  const duration = durationSeconds();
  buildApp();
  // Sizes come from the files just built, before anything touches public/.
  const js = await routeJsSizes(ROOT);
  server = await startServer(prepareEpgStore);
  const home = await writeBaseline(server.baseUrl);
  const homeUrl = `${server.baseUrl}${HOME_PATH}`;
  // Each run must measure what it says: rendered every time, or answered from the cache.
  await expectCacheStatus(homeUrl, BYPASS_CACHE, "bypass");
  await expectCacheStatus(homeUrl, {}, "hit");
  // One after the other: concurrent runs would compete for the same CPU and skew both.
  const homeLoad = await measure(homeUrl, duration, BYPASS_CACHE);
  const cachedLoad = await measure(homeUrl, duration);
  const staticLoad = await measure(`${server.baseUrl}/${BASELINE_NAME}`, duration);
  const ratio = homeLoad.rps / staticLoad.rps;
  const cachedRatio = cachedLoad.rps / staticLoad.rps;

  printLoad(home.bytes, duration, { homeLoad, cachedLoad, staticLoad, ratio, cachedRatio });
  printJs(js);
  const epg = await measureEpg(server.baseUrl, duration, js);
  printEpg(epg, duration);
  const validation = measureValidation();
  console.log(
    `\nValidating a ${validation.blocks}-block page: median ${validation.medianMs.toFixed(2)} ms, p95 ${validation.p95Ms.toFixed(2)} ms (target under 20 ms)`,
  );
  const watch = await measureWatch(server.baseUrl);
  printWatch(watch);
  // In stores of its own, after the server's runs (it would compete for the same CPU).
  const search = await searchSection();
  writeResults({
    search,
    watch,
    duration,
    homeBytes: home.bytes,
    homeLoad,
    cachedLoad,
    staticLoad,
    ratio,
    cachedRatio,
    js,
    validation,
    epg,
  });
}

/**
 * Liga lets guests watch, so the browser needs no account: its longest video and its 24-hour
 * live channel, found through the platform as any client would.
 */
async function measureWatch(baseUrl: string): Promise<WatchFigures> {
  const headers = { Realm: "liga", "X-Api-Key": "liga-web-9c4e7a13f0b26d58", App: "bench" };
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${path}`, { headers });
    if (!response.ok) throw new BenchError(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const { hits: videos } = await get<{ hits: { id: number }[] }>("/v2/vods?rpp=1");
  const { hits: events } = await get<{ hits: { id: number }[] }>("/v2/events?status=LIVE&rpp=1");
  if (!videos[0] || !events[0]) throw new BenchError("liga has no video or no live event");
  const figures = await measureWatchPages(baseUrl, {
    home: "/realm/liga",
    vod: `/realm/liga/vod/${videos[0].id}`,
    live: `/realm/liga/live/${events[0].id}`,
  });
  if (figures.homeLoadsPlayerCode) throw new BenchError("the home page loads hls.js");
  return figures;
}

function printWatch(watch: WatchFigures) {
  console.log("\nWatch pages in Chromium (guest, local server)\n");
  const frame = (name: string, f: FirstFrameStats) => [
    name,
    `${fixed(f.medianMs, 0)} ms`,
    `${fixed(f.maxMs, 0)} ms`,
    f.runs.map((ms) => fixed(ms, 0)).join(", "),
  ];
  console.log(
    table(
      ["first frame", "median", "max", "runs (target under 1000 ms)"],
      [
        frame("video, returning viewer", watch.vod.returning),
        frame("video, new visitor", watch.vod.newVisitor),
        frame("live, returning viewer", watch.live.returning),
        frame("live, new visitor", watch.live.newVisitor),
      ],
    ),
  );
  const js = (name: string, f: WatchFigures["playerOnly"]) => [name, kib(f.raw), kib(f.gzip)];
  console.log("");
  console.log(
    table(
      ["JavaScript downloaded", "raw", "gzip"],
      [
        js("home page", watch.scripts.home),
        js("video page (hls.js included)", watch.scripts.vod),
        js("live page (hls.js included)", watch.scripts.live),
        js("of it, player only (not on home)", watch.playerOnly),
      ],
    ),
  );
  console.log(`home page loads player code: ${watch.homeLoadsPlayerCode ? "yes" : "no"}`);
}

interface EpgFigures {
  homeLoad: LoadFigures;
  epgLoad: LoadFigures;
  homeBytes: number;
  epgBytes: number;
  js: { home: JsSize; epg: JsSize };
  scroll: ScrollFigures;
}

/**
 * The guide of EPG_CHANNELS channels for today against the home page of the same realm, both
 * rendered for every request, one run after the other; and the JavaScript each route loads.
 */
async function measureEpg(
  baseUrl: string,
  duration: number,
  js: Record<string, JsSize>,
): Promise<EpgFigures> {
  const homeUrl = `${baseUrl}/realm/${EPG_REALM}/home`;
  const epgUrl = `${baseUrl}/realm/${EPG_REALM}/epg`;
  // One guest for both pages: the realm checks a guest in on the first visit.
  const headers = { ...BYPASS_CACHE, Cookie: await guestCookie(homeUrl) };
  const epgPage = (await fetchBytes(epgUrl, headers)).toString("utf8");
  // Drawn before the browser measures the view: a first screen of the channels, not all.
  if (!epgPage.includes('role="rowheader"')) throw new BenchError(`${epgUrl} shows no channels`);
  if (!js["realm.home"] || !js["realm.epg"]) throw new BenchError("no JS sizes of home or epg");
  const homeLoad = await measure(homeUrl, duration, headers);
  const epgLoad = await measure(epgUrl, duration, headers);
  const homeBytes = (await fetchBytes(homeUrl, headers)).length;
  const scroll = await measureEpgScroll(epgUrl, headers.Cookie);
  return {
    homeLoad,
    epgLoad,
    homeBytes,
    epgBytes: Buffer.byteLength(epgPage),
    js: { home: js["realm.home"], epg: js["realm.epg"] },
    scroll,
  };
}

function printEpg(epg: EpgFigures, duration: number) {
  console.log(
    `\nProgramme guide (${EPG_CHANNELS} channels, one day) vs home page, /realm/${EPG_REALM}, ` +
      `rendered, ${CONNECTIONS} connections, ${duration} s each\n`,
  );
  const row = (name: string, f: LoadFigures, bytes: number, size: JsSize) => [
    name,
    fixed(f.rps),
    fixed(f.p50Ms),
    fixed(f.p99Ms),
    String(bytes),
    kib(size.raw),
    kib(size.gzip),
  ];
  console.log(
    table(
      ["page", "req/s", "p50 ms", "p99 ms", "HTML bytes", "JS raw", "JS gzip"],
      [
        row("home", epg.homeLoad, epg.homeBytes, epg.js.home),
        row("epg", epg.epgLoad, epg.epgBytes, epg.js.epg),
      ],
    ),
  );
  console.log(`\nepg p50 / home p50 = ${(epg.epgLoad.p50Ms / epg.homeLoad.p50Ms).toFixed(3)}`);
  const { scroll } = epg;
  console.log(
    `\nScrolling the guide across the day and down ${EPG_CHANNELS} channels in Chromium: ` +
      `${scroll.frames} frames, ${scroll.slowFrames} over ${fixed(FRAME_BUDGET_MS)} ms, ` +
      `p95 ${fixed(scroll.p95FrameMs)} ms, longest frame ${fixed(scroll.longestFrameMs)} ms, ` +
      `longest task ${scroll.longestTaskMs > 0 ? `${fixed(scroll.longestTaskMs)} ms` : "under 50 ms"}`,
  );
}

function durationSeconds(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw === "") return 10;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new BenchError(`BENCH_DURATION must be a whole number of seconds >= 1, got '${raw}'`);
  }
  return seconds;
}

/**
 * Writes the home page's own HTML as the static baseline: same byte count, same content type,
 * so the two runs differ only in how the bytes are produced. Checks the server sends it whole.
 */
async function writeBaseline(baseUrl: string): Promise<{ bytes: number }> {
  const home = await fetchBytes(`${baseUrl}${HOME_PATH}`);
  writeFileSync(BASELINE_FILE, home);
  const served = await fetchBytes(`${baseUrl}/${BASELINE_NAME}`);
  if (served.length !== home.length) {
    throw new BenchError(
      `/${BASELINE_NAME} served ${served.length} bytes, expected ${home.length}`,
    );
  }
  return { bytes: home.length };
}

/** Fails unless the page cache answers `url` with these headers as `expected`. */
async function expectCacheStatus(url: string, headers: Record<string, string>, expected: string) {
  // The second answer of a cacheable page is a hit; the first may be the miss that stores it.
  for (let attempt = 0; attempt < 2; attempt++) {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    const status = response.headers.get(CACHE_STATUS_HEADER);
    if (status === expected) return;
    if (attempt === 1) {
      throw new BenchError(
        `${url} answered ${CACHE_STATUS_HEADER}: ${status}, expected ${expected}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new BenchError(`GET ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

function printLoad(
  bytes: number,
  duration: number,
  figures: {
    homeLoad: LoadFigures;
    cachedLoad: LoadFigures;
    staticLoad: LoadFigures;
    ratio: number;
    cachedRatio: number;
  },
) {
  console.log(
    `\nHome page vs static file of the same size (${bytes} bytes), ` +
      `${CONNECTIONS} connections, ${duration} s each\n`,
  );
  const row = (name: string, f: LoadFigures) => [
    name,
    fixed(f.rps),
    fixed(f.p50Ms),
    fixed(f.p99Ms),
    String(f.requests),
    String(f.non2xx),
    String(f.errors),
  ];
  console.log(
    table(
      ["target", "req/s", "p50 ms", "p99 ms", "requests", "non-2xx", "errors"],
      [
        row(`${HOME_PATH} (rendered)`, figures.homeLoad),
        row(`${HOME_PATH} (page cache)`, figures.cachedLoad),
        row(`/${BASELINE_NAME}`, figures.staticLoad),
      ],
    ),
  );
  console.log(`\nrendered:   home_rps / static_rps = ${figures.ratio.toFixed(3)}`);
  console.log(`page cache: home_rps / static_rps = ${figures.cachedRatio.toFixed(3)}`);
}

function printJs(js: Record<string, JsSize>) {
  console.log("\nJavaScript loaded on a first visit (entry + root + route, with imports)\n");
  const base = js.root;
  const rows = Object.entries(js).map(([id, size]) => [
    id,
    kib(size.raw),
    kib(size.gzip),
    id === "root" || !base ? "(baseline)" : `+${kib(size.gzip - base.gzip)}`,
  ]);
  console.log(table(["route", "raw", "gzip", "gzip over root"], rows));
}

function writeResults(figures: {
  duration: number;
  homeBytes: number;
  homeLoad: LoadFigures;
  cachedLoad: LoadFigures;
  staticLoad: LoadFigures;
  ratio: number;
  cachedRatio: number;
  js: Record<string, JsSize>;
  validation: ValidationFigures;
  epg: EpgFigures;
  watch: WatchFigures;
  search: SearchBenchResult;
}) {
  const target = (f: LoadFigures) => ({
    url: new URL(f.url).pathname,
    rps: f.rps,
    p50: f.p50Ms,
    p99: f.p99Ms,
  });
  const results = {
    timestamp: new Date().toISOString(),
    node: process.version,
    durationSeconds: figures.duration,
    connections: CONNECTIONS,
    homeBytes: figures.homeBytes,
    // home: rendered for every request; homeCached: answered from the server's page cache.
    targets: {
      home: target(figures.homeLoad),
      homeCached: target(figures.cachedLoad),
      static: target(figures.staticLoad),
    },
    ratio: figures.ratio,
    cachedRatio: figures.cachedRatio,
    js: figures.js,
    validation: figures.validation,
    epg: {
      channels: EPG_CHANNELS,
      home: target(figures.epg.homeLoad),
      epg: target(figures.epg.epgLoad),
      epgBytes: figures.epg.epgBytes,
      homeBytes: figures.epg.homeBytes,
      js: figures.epg.js,
    },
    watch: figures.watch,
    search: figures.search,
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(ROOT, RESULTS_FILE)}`);
}

/** Stops the server and removes the baseline file; awaited on every way out of main(). */
async function cleanup() {
  removeBaseline();
  await server?.stop();
}

function fail(error: unknown): never {
  const reason = error instanceof Error ? error.message : String(error);
  // Non-bench errors are unexpected: keep the stack on stderr, the reason on the last line.
  if (!(error instanceof BenchError) && error instanceof Error) console.error(error.stack);
  console.error(`bench failed: ${reason}`);
  process.exit(1);
}

// Ctrl-C: clean up like any other failure. "exit" is the last resort for anything missed.
process.once("SIGINT", () => {
  cleanup().finally(() => fail(new BenchError("interrupted")));
});
process.once("SIGTERM", () => {
  cleanup().finally(() => fail(new BenchError("terminated")));
});
process.on("exit", () => {
  removeBaseline();
  killServersSync();
});

try {
  await main();
  await cleanup();
} catch (error) {
  await cleanup().catch(() => {});
  fail(error);
}
if (existsSync(BASELINE_FILE)) fail(new BenchError(`${BASELINE_FILE} was not removed`));
