/**
 * Lighthouse 12 (mobile: its default Moto G Power profile with simulated slow-4G throttling)
 * against pages of the running server, in Debian's Chromium (never a downloaded browser), a
 * fresh profile per run so each run is a first visit. Per page the medians of `runs` runs of
 * LCP (and its render delay), CLS, TBT and the performance score, and the JavaScript the
 * browser fetched: file count and gzip -9 bytes of each file as built (what a compressing
 * server or CDN sends), whatever the server itself sent.
 *
 * Also alone, against the app as last built (started as the bench starts it) or a server
 * already running:
 *   node --import tsx scripts/bench/lighthouse.ts [http://127.0.0.1:3000] [runs]
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { BenchError, startServer } from "./server.ts";
import { fixed, kib, table } from "./table.ts";

const CHROMIUM = process.env.CHROME_PATH || "/usr/bin/chromium";
export const LIGHTHOUSE_RUNS = 3;

/** The goals of issue 17, printed beside each figure. */
export const LIGHTHOUSE_GOALS = {
  lcpMs: 1500,
  cls: 0.01,
  tbtMs: 200,
  score: 98,
  jsGzip: 110 * 1024,
} as const;

export interface LighthouseRun {
  lcpMs: number;
  lcpRenderDelayMs: number | null;
  cls: number;
  tbtMs: number;
  score: number;
  jsFiles: number;
  jsGzip: number;
}

export interface LighthouseFigures extends LighthouseRun {
  name: string;
  path: string;
  runs: LighthouseRun[];
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  statusCode?: number;
}

interface LcpPhase {
  phase?: string;
  timing?: number;
}

/** Median of each figure over the runs (each figure on its own). */
function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const median = (pick: (r: LighthouseRun) => number) => {
    const sorted = runs.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };
  const delays = runs.map((r) => r.lcpRenderDelayMs).filter((d): d is number => d !== null);
  return {
    lcpMs: median((r) => r.lcpMs),
    lcpRenderDelayMs: delays.length ? delays.sort((a, b) => a - b)[delays.length >> 1]! : null,
    cls: median((r) => r.cls),
    tbtMs: median((r) => r.tbtMs),
    score: median((r) => r.score),
    jsFiles: median((r) => r.jsFiles),
    jsGzip: median((r) => r.jsGzip),
  };
}

/** gzip -9 bytes of a built script, read from public/ (the server may have sent Brotli). */
function gzipSizer(root: string) {
  const cache = new Map<string, number>();
  return (url: string): number => {
    const pathname = new URL(url).pathname;
    let size = cache.get(pathname);
    if (size === undefined) {
      if (!pathname.startsWith("/build/")) throw new BenchError(`script outside /build: ${url}`);
      size = gzipSync(readFileSync(path.join(root, "public", pathname)), { level: 9 }).length;
      cache.set(pathname, size);
    }
    return size;
  };
}

async function runOnce(url: string, port: number, gzipOf: (url: string) => number) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
  });
  if (!result) throw new BenchError(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new BenchError(`Lighthouse: ${lhr.runtimeError.message} (${url})`);
  const audit = (id: string) => {
    const found = lhr.audits[id];
    if (found?.numericValue === undefined) throw new BenchError(`Lighthouse: no ${id} (${url})`);
    return found.numericValue;
  };
  const requests = (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] })?.items;
  const scripts = (requests ?? []).filter(
    (r) => r.resourceType === "Script" && r.statusCode === 200,
  );
  const phases = (
    lhr.audits["largest-contentful-paint-element"]?.details as {
      items?: { items?: LcpPhase[] }[];
    }
  )?.items?.[1]?.items;
  const renderDelay = phases?.find((p) => p.phase === "Render Delay")?.timing;
  return {
    lcpMs: audit("largest-contentful-paint"),
    lcpRenderDelayMs: renderDelay ?? null,
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    jsFiles: scripts.length,
    jsGzip: scripts.reduce((sum, s) => sum + gzipOf(s.url), 0),
  } satisfies LighthouseRun;
}

/**
 * Runs interleaved (each page once per round, after a round to warm the server's caches), so a
 * passing load on the machine spreads over all pages rather than skewing one.
 */
export async function measureLighthouse(
  baseUrl: string,
  pages: { name: string; path: string }[],
  runs = LIGHTHOUSE_RUNS,
  root = process.cwd(),
): Promise<LighthouseFigures[]> {
  const gzipOf = gzipSizer(root);
  const byPage = pages.map(() => [] as LighthouseRun[]);
  // Round 0 is not counted: a fresh store resizes each image on its first request, which a
  // deployed server has long done (and a CDN keeps).
  for (let round = 0; round <= runs; round++) {
    for (const [i, page] of pages.entries()) {
      // A new browser per run: no cache, no cookies, nothing from the page before.
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
      });
      try {
        const run = await runOnce(`${baseUrl}${page.path}`, chrome.port, gzipOf);
        if (round > 0) byPage[i]!.push(run);
      } finally {
        await chrome.kill();
      }
    }
  }
  return pages.map((page, i) => ({ ...page, ...medianRun(byPage[i]!), runs: byPage[i]! }));
}

export function printLighthouse(figures: LighthouseFigures[], runs: number) {
  const g = LIGHTHOUSE_GOALS;
  console.log(`\nLighthouse 12, mobile (simulated throttling), medians of ${runs} runs\n`);
  const goal = (met: boolean) => (met ? "ok" : "MISSED");
  const rows = figures.map((f) => [
    `${f.name} ${f.path}`,
    `${fixed(f.lcpMs / 1000, 2)} s ${goal(f.lcpMs <= g.lcpMs)}`,
    f.lcpRenderDelayMs === null ? "-" : `${fixed(f.lcpRenderDelayMs / 1000, 2)} s`,
    `${fixed(f.cls, 3)} ${goal(f.cls <= g.cls)}`,
    `${fixed(f.tbtMs, 0)} ms ${goal(f.tbtMs <= g.tbtMs)}`,
    `${f.score} ${goal(f.score >= g.score)}`,
    `${kib(f.jsGzip)} ${goal(f.jsGzip <= g.jsGzip)}`,
    String(f.jsFiles),
  ]);
  console.log(
    table(
      ["page", "LCP", "of it render delay", "CLS", "TBT", "score", "JS gzip", "JS files"],
      rows,
    ),
  );
  console.log(
    `goals: LCP <= ${fixed(g.lcpMs / 1000, 1)} s, CLS <= ${g.cls}, TBT <= ${g.tbtMs} ms, ` +
      `score >= ${g.score}, first-visit JS <= ${kib(g.jsGzip)} gzip (fewer files is better)`,
  );
}

/** Home of both demo realms, a watch page and the login page, as a first visit. */
export function lighthousePages(vodId: number) {
  return [
    { name: "home", path: "/realm/liga" },
    { name: "home", path: "/realm/arena" },
    { name: "watch", path: `/realm/liga/vod/${vodId}` },
    { name: "login", path: "/realm/liga/login" },
    { name: "login", path: "/realm/arena/login" },
  ];
}

/** Liga's first video: its watch page is measured as a guest's first visit. */
export async function ligaVideoId(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/v2/vods?rpp=1`, {
    headers: { Realm: "liga", "X-Api-Key": "liga-web-9c4e7a13f0b26d58", App: "bench" },
  });
  if (!response.ok) throw new BenchError(`/v2/vods answered ${response.status}`);
  const { hits } = (await response.json()) as { hits: { id: number }[] };
  if (!hits[0]) throw new BenchError("liga has no video");
  return hits[0].id;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // A base URL: that server. None: the app as built, started as the bench starts it.
  const given = process.argv[2]?.startsWith("http") ? process.argv[2] : undefined;
  const runs = Number(process.argv[given ? 3 : 2] ?? LIGHTHOUSE_RUNS);
  const server = given ? undefined : await startServer();
  try {
    const baseUrl = given ?? server!.baseUrl;
    const figures = await measureLighthouse(
      baseUrl,
      lighthousePages(await ligaVideoId(baseUrl)),
      runs,
    );
    printLighthouse(figures, runs);
  } finally {
    await server?.stop();
  }
}
