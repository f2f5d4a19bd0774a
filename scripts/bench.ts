/**
 * `npm run bench`: builds the app, starts the production server on a free port with an empty
 * data directory, and measures
 *   (a) a realm home page per kind of viewer (a visitor from the page cache and rendered, a
 *       checked-in guest, a signed-in viewer) against a static file of the same size served by
 *       the same process, in interleaved rounds (bench/viewers.ts), with page sizes and the
 *       server's memory, and
 *   (b) the JavaScript each route loads on a first visit, raw and gzipped, and
 *   (b2) the workbench's live preview of arena's home from unsaved text, 20 edits, each beside a
 *       render of the home page (bench/preview.ts), and
 *   (c) the programme guide of 50 channels for one day against the home page of the same realm,
 *       both rendered for every request, and the JavaScript each loads (bench/epg.ts), and
 *   (d) search latency against catalogue size, beside a sequential ILIKE scan (bench/search.ts;
 *       also alone: `npm run bench:search`), and
 *   (e) Lighthouse 12 mobile for home (liga, arena), a watch page and login, each figure beside
 *       its goal (bench/lighthouse.ts; also alone against the last build), and
 *   (f) two servers on one PostgreSQL under 200 connections of guests, checked-in guests and
 *       signed-in viewers: errors, p50/p99 and memory (bench/two-servers.ts; also alone:
 *       `npm run bench:scale`; skipped when PostgreSQL is not reachable).
 * Prints both and writes them to bench/results.json. `BENCH_DURATION` (seconds, default 10)
 * sets how long each load run lasts, `BENCH_ROUNDS` (default 3) how many rounds (a); `--quick`
 * is 2 s and 1 round, for a look during development. Exit 0 on success, 1 with a one-line reason on failure.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
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
import { measurePreview, PREVIEW_SETTLE_MS, type PreviewFigures } from "./bench/preview.ts";
import { measureViewers, type Spread, type ViewersFigures } from "./bench/viewers.ts";
import { TEST_SESSION_SECRET } from "../tests/fixtures/secrets.ts";
import { scaleFailure, scaleSection, type ScaleFigures } from "./bench/two-servers.ts";
import {
  LIGHTHOUSE_GOALS,
  LIGHTHOUSE_RUNS,
  ligaVideoId,
  lighthousePages,
  measureLighthouse,
  printLighthouse,
  type LighthouseFigures,
} from "./bench/lighthouse.ts";
import { EPG_CHANNELS, EPG_REALM, guestCookie, prepareEpgStore } from "./bench/epg.ts";
import { FRAME_BUDGET_MS, measureEpgScroll, type ScrollFigures } from "./bench/epg-scroll.ts";

const ROOT = process.cwd();
const HOME_PATH = "/realm/arena";
// Under public/ so the server's own static handler serves it at the root path.
const BASELINE_NAME = "bench-baseline.html";
const BASELINE_FILE = path.join(ROOT, "public", BASELINE_NAME);
const RESULTS_FILE = path.join(ROOT, "bench", "results.json");
/** The last full run's report, as printed, with the date and the machine. */
const REPORT_FILE = path.join(ROOT, "docs", "benchmarks.md");
const printed: string[] = [];
const print = console.log;
console.log = (...parts: unknown[]) => {
  printed.push(parts.map(String).join(" "));
  print(...parts);
};
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
  // Known to the bench, so that it can sign a demo viewer's session cookie as sign-in would.
  process.env.SESSION_SECRET ??= TEST_SESSION_SECRET;
  server = await startServer(prepareEpgStore);
  const home = await writeBaseline(server.baseUrl);
  const homeUrl = `${server.baseUrl}${HOME_PATH}`;
  // Each run must measure what it says: rendered every time, or answered from the cache.
  await expectCacheStatus(homeUrl, BYPASS_CACHE, "bypass");
  await expectCacheStatus(homeUrl, {}, "hit");
  const viewers = await measureViewers({
    baseUrl: server.baseUrl,
    serverPid: server.pid,
    staticPath: `/${BASELINE_NAME}`,
    staticBytes: home.bytes,
    durationSeconds: duration,
    rounds: rounds(),
  });
  printViewers(viewers);
  printJs(js);
  const epg = await measureEpg(server.baseUrl, duration, js);
  printEpg(epg, duration);
  const validation = measureValidation();
  console.log(
    `\nValidating a ${validation.blocks}-block page: median ${validation.medianMs.toFixed(2)} ms, p95 ${validation.p95Ms.toFixed(2)} ms (target under 20 ms)`,
  );
  const preview = await measurePreview(server.baseUrl);
  printPreview(preview);
  const watch = await measureWatch(server.baseUrl);
  printWatch(watch);
  // One run per page with --quick (a look, not a figure to keep).
  const lighthouseRuns = QUICK ? 1 : LIGHTHOUSE_RUNS;
  const lighthouse = await measureLighthouse(
    server.baseUrl,
    lighthousePages(await ligaVideoId(server.baseUrl)),
    lighthouseRuns,
  );
  printLighthouse(lighthouse, lighthouseRuns);
  // In stores of its own, after the server's runs (it would compete for the same CPU).
  const search = await searchSection();
  // After the one server's runs too; 60 s unless BENCH_DURATION says otherwise.
  const scale = await scaleSection();
  writeResults({
    preview,
    scale,
    search,
    watch,
    lighthouse,
    duration,
    viewers,
    js,
    validation,
    epg,
  });
  const failure = scale && scaleFailure(scale);
  if (failure) throw new BenchError(failure);
}

function printPreview(preview: PreviewFigures) {
  console.log(
    `\nWorkbench live preview of /realm/arena/page/home, ${preview.edits} edits, each beside a render of the home page\n`,
  );
  console.log(
    table(
      ["render", "median ms", "max ms"],
      [
        [
          "preview of the unsaved text",
          fixed(preview.refresh.medianMs),
          fixed(preview.refresh.maxMs),
        ],
        ["home page (same admin)", fixed(preview.page.medianMs), fixed(preview.page.maxMs)],
      ],
    ),
  );
  console.log(
    `preview / page = ${preview.ratio.toFixed(2)}; the editor waits ${PREVIEW_SETTLE_MS} ms + ${fixed(preview.refresh.medianMs)} ms = ${fixed(preview.editorWaitMs)} ms before the frame paints (target: refresh within 300 ms)`,
  );
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

const QUICK = process.argv.includes("--quick");

function rounds(): number {
  const raw = process.env.BENCH_ROUNDS;
  if (raw === undefined || raw === "") return QUICK ? 1 : 3;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) {
    throw new BenchError(`BENCH_ROUNDS must be a whole number >= 1, got '${raw}'`);
  }
  return count;
}

function durationSeconds(): number {
  const raw = process.env.BENCH_DURATION;
  if (raw === undefined || raw === "") return QUICK ? 2 : 10;
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

function printViewers(v: ViewersFigures) {
  console.log(
    `\nA home page per viewer vs a static file of the same size (${v.staticBytes} bytes), ` +
      `${CONNECTIONS} connections, ${v.durationSeconds} s a run, median of ${v.rounds} ` +
      `interleaved rounds [min-max]; load average ${v.loadAverage.before.toFixed(1)} before, ` +
      `${v.loadAverage.after.toFixed(1)} after (${os.cpus().length} cores)\n`,
  );
  const range = (s: Spread, digits = 1) =>
    `${fixed(s.median, digits)} [${fixed(s.min, digits)}-${fixed(s.max, digits)}]`;
  console.log(
    table(
      ["viewer", "page", "req/s", "p50 ms", "÷ static", "goal", "raw", "gzip", "brotli"],
      [
        ["static file", `/${BASELINE_NAME}`, range(v.static.rps), "", "1", "", "", "", ""],
        ...v.kinds.map((k) => [
          k.kind,
          k.path,
          range(k.rps),
          range(k.p50Ms, 0),
          range(k.ratio, 3),
          k.goal === undefined ? "" : `>= ${k.goal}`,
          kib(k.bytes.raw),
          kib(k.bytes.gzip),
          kib(k.bytes.brotli),
        ]),
      ],
    ),
  );
  console.log(
    `\nserver memory (RSS): ${v.memoryMiB.idle.toFixed(0)} MiB idle (goal <= 250), ` +
      `${v.memoryMiB.afterLoad.toFixed(0)} MiB after the runs (goal <= 350); ` +
      `home page HTML goal: compressed, <= 40 KiB raw`,
  );
}

function printJs(js: Record<string, JsSize>) {
  console.log("\nJavaScript loaded on a first visit (entry + root + route, with imports)\n");
  const base = js.root;
  const rows = Object.entries(js).map(([id, size]) => [
    id,
    String(size.files ?? "-"),
    kib(size.raw),
    kib(size.gzip),
    id === "root" || !base ? "(baseline)" : `+${kib(size.gzip - base.gzip)}`,
  ]);
  console.log(table(["route", "files", "raw", "gzip", "gzip over root"], rows));
  const home = js["realm.home"];
  if (home) {
    console.log(
      `\nrealm.home: ${kib(home.gzip)} gzip in ${home.files} files ` +
        `(goal <= ${kib(LIGHTHOUSE_GOALS.jsGzip)})`,
    );
  }
}

function writeResults(figures: {
  preview: PreviewFigures;
  duration: number;
  viewers: ViewersFigures;
  js: Record<string, JsSize>;
  validation: ValidationFigures;
  epg: EpgFigures;
  watch: WatchFigures;
  lighthouse: LighthouseFigures[];
  search: SearchBenchResult;
  scale: ScaleFigures | undefined;
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
    viewers: figures.viewers,
    js: figures.js,
    validation: figures.validation,
    preview: figures.preview,
    epg: {
      channels: EPG_CHANNELS,
      home: target(figures.epg.homeLoad),
      epg: target(figures.epg.epgLoad),
      epgBytes: figures.epg.epgBytes,
      homeBytes: figures.epg.homeBytes,
      js: figures.epg.js,
    },
    watch: figures.watch,
    lighthouse: figures.lighthouse,
    search: figures.search,
    twoServers: figures.scale ?? null,
  };
  mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(ROOT, RESULTS_FILE)}`);
  if (!QUICK) writeReport();
}

/** docs/benchmarks.md: what this run printed, under the date and the machine it ran on. */
function writeReport() {
  const cpus = os.cpus();
  const machine =
    `${cpus.length} × ${cpus[0]?.model.trim() ?? "unknown CPU"}, ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
  const text = [
    "# Benchmarks",
    "",
    "The last full run of `npm run bench` (written by it; `--quick` runs are not kept). Figures",
    "are for the machine named here, shared and noisy: compare ratios measured in one run,",
    "not figures across runs.",
    "",
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${machine}`,
    "",
    "```text",
    ...printed.flatMap((entry) => entry.split("\n")).map((line) => line.trimEnd()),
    "```",
    "",
  ].join("\n");
  writeFileSync(REPORT_FILE, text);
  print(`wrote ${path.relative(ROOT, REPORT_FILE)}`);
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
