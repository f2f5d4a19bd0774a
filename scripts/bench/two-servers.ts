/**
 * The production deployment in small: two web servers on one PostgreSQL, loaded over loopback
 * by 200 connections for 60 s with a mix of a guest's page (no cookie: the page cache), a
 * checked-in guest's and a signed-in viewer's (both rendered for the viewer). Reports errors,
 * p50 and p99 and each server's memory after warm-up and after the run, beside the goals.
 *
 * Part of `npm run bench`; alone: `npm run bench:scale`. `BENCH_DURATION` (seconds) or
 * `--quick` (10 s) shortens the run. Needs PostgreSQL (DATABASE_URL, else the local server at
 * postgres://postgres@127.0.0.1:5432/test); in a database of its own, dropped afterwards.
 */
import os from "node:os";
import { createPostgresDatabase, postgresAnswers } from "../../tests/fixtures/postgres-database.ts";
import { TEST_SESSION_SECRET } from "../../tests/fixtures/secrets.ts";
import { guestCookie } from "./epg.ts";
import { residentMiB, signedInCookie } from "./viewers.ts";
import { measureMix, type LoadRequest, type MixFigures } from "./load.ts";
import { BenchError, startServer, type RunningServer } from "./server.ts";
import { fixed, table } from "./table.ts";

export const SCALE_CONNECTIONS = 200;
const FULL_SECONDS = 60;
const QUICK_SECONDS = 10;
/**
 * Long enough for JIT, caches, pools and the heap of both servers to settle under this load:
 * sampled every 5 s, their RSS climbs for about 30 s, then holds (bench/scale-results.json's
 * rssSeriesMiB shows the curve). A shorter run gets a warm-up as long as itself.
 */
const WARMUP_SECONDS = 30;
const RSS_GROWTH_GOAL = 1.2;
const SAMPLE_SECONDS = 5;
const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

export interface ScaleFigures {
  servers: number;
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  mix: string[];
  load: MixFigures;
  /** Resident memory of each server, MiB. */
  rssAfterWarmupMiB: number[];
  rssAfterMiB: number[];
  /** Every SAMPLE_SECONDS from the warm-up's start: the servers' RSS summed, MiB. */
  rssSeriesMiB: number[];
  /** The largest after ÷ after-warm-up ratio of the servers. */
  rssGrowth: number;
  loadAverage: number[];
}

/** The run's length: BENCH_DURATION when set, 10 s with --quick, else a minute. */
export function scaleSeconds(argv = process.argv, raw = process.env.BENCH_DURATION): number {
  if (raw) {
    const seconds = Number(raw);
    if (!Number.isInteger(seconds) || seconds < 1) {
      throw new BenchError(`BENCH_DURATION must be a whole number of seconds >= 1, got '${raw}'`);
    }
    return seconds;
  }
  return argv.includes("--quick") ? QUICK_SECONDS : FULL_SECONDS;
}

/** Fails, with how it ended, when a server stopped during `phase`. */
function stillRunning(servers: RunningServer[], phase: string) {
  servers.forEach((server, i) => {
    const ended = server.ended();
    if (ended) throw new BenchError(`server ${i + 1} stopped during ${phase} (${ended})`);
  });
}

/** Fails unless every request of the mix answers 200 on every server, as the load will send it. */
async function checkMix(baseUrls: string[], mix: LoadRequest[]) {
  for (const baseUrl of baseUrls) {
    for (const { name, path, headers } of mix) {
      const res = await fetch(`${baseUrl}${path}`, { headers, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) {
        const to = res.headers.get("Location");
        throw new BenchError(`${name} (${path}) answered ${res.status}${to ? ` to ${to}` : ""}`);
      }
    }
  }
}

/** Runs the section; undefined (with the reason printed) when PostgreSQL is not reachable. */
export async function scaleSection(
  durationSeconds = scaleSeconds(),
): Promise<ScaleFigures | undefined> {
  const serverUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  const warmupSeconds = Math.min(WARMUP_SECONDS, durationSeconds);
  console.log(
    `\nTwo web servers on one PostgreSQL, ${SCALE_CONNECTIONS} connections over loopback, ` +
      `${durationSeconds} s after a ${warmupSeconds} s warm-up\n`,
  );
  const database = (await postgresAnswers(serverUrl))
    ? await createPostgresDatabase(serverUrl)
    : undefined;
  if (!database) {
    console.log(`skipped: PostgreSQL is not reachable at ${serverUrl.replace(/:[^:@/]*@/, "@")}`);
    return undefined;
  }
  const servers: RunningServer[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    const env = {
      DATABASE_URL: database.url,
      // Known to the bench, so that it can sign a demo viewer's session cookie as sign-in would.
      SESSION_SECRET: TEST_SESSION_SECRET,
      // The default transport of the recipe (LISTEN/NOTIFY), whatever the shell says.
      REDIS_URL: "",
    };
    // One after the other: the first seeds the empty database.
    servers.push(await startServer(undefined, env));
    servers.push(await startServer(undefined, env));
    const baseUrls = servers.map((s) => s.baseUrl);
    const mix: LoadRequest[] = [
      { name: "guest", path: "/realm/arena" },
      {
        name: "checked-in guest",
        path: "/realm/liga/home",
        headers: { Cookie: await guestCookie(`${baseUrls[0]}/realm/liga/home`) },
      },
      {
        name: "signed-in",
        path: "/realm/arena/home",
        headers: { Cookie: await signedInCookie(baseUrls[0]!) },
      },
    ];
    await checkMix(baseUrls, mix);
    const options = { connections: SCALE_CONNECTIONS };
    const rssSeriesMiB: number[] = [];
    sampler = setInterval(() => {
      if (servers.some((s) => s.ended())) return;
      rssSeriesMiB.push(servers.reduce((sum, s) => sum + residentMiB(s.pid), 0));
    }, SAMPLE_SECONDS * 1000);
    await measureMix(baseUrls, mix, { ...options, durationSeconds: warmupSeconds });
    stillRunning(servers, "the warm-up");
    const rssAfterWarmupMiB = servers.map((s) => residentMiB(s.pid));
    const load = await measureMix(baseUrls, mix, { ...options, durationSeconds });
    stillRunning(servers, "the run");
    const rssAfterMiB = servers.map((s) => residentMiB(s.pid));
    const figures: ScaleFigures = {
      servers: servers.length,
      connections: SCALE_CONNECTIONS,
      warmupSeconds,
      durationSeconds,
      mix: mix.map((m) => m.name),
      load,
      rssAfterWarmupMiB,
      rssAfterMiB,
      rssSeriesMiB,
      rssGrowth: Math.max(...rssAfterMiB.map((after, i) => after / rssAfterWarmupMiB[i]!)),
      loadAverage: os.loadavg(),
    };
    printScale(figures);
    return figures;
  } finally {
    clearInterval(sampler);
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop().catch(() => {});
  }
}

function printScale(f: ScaleFigures) {
  const failures = f.load.non2xx + f.load.errors;
  const mib = (values: number[]) => values.map((v) => fixed(v, 0)).join(" / ");
  console.log(
    table(
      ["figure", "measured", "goal"],
      [
        ["requests (guest, checked-in guest, signed-in in turn)", String(f.load.requests), "-"],
        ["req/s, both servers", fixed(f.load.rps), "-"],
        [
          "errors (non-2xx, failed, of them timeouts)",
          `${f.load.non2xx}, ${f.load.errors}, ${f.load.timeouts}`,
          "0",
        ],
        ["latency p50 ms", fixed(f.load.p50Ms), "-"],
        ["latency p99 ms", fixed(f.load.p99Ms), "reported"],
        ["RSS after warm-up MiB (server 1 / 2)", mib(f.rssAfterWarmupMiB), "-"],
        ["RSS after the run MiB (server 1 / 2)", mib(f.rssAfterMiB), "-"],
        ["RSS after ÷ after warm-up (worst server)", fixed(f.rssGrowth, 2), `≤ ${RSS_GROWTH_GOAL}`],
      ],
    ),
  );
  console.log(
    `RSS of both servers every ${SAMPLE_SECONDS} s from the warm-up on, MiB: ${f.rssSeriesMiB.map((v) => fixed(v, 0)).join(" ")}`,
  );
  console.log(
    `machine load average (1, 5, 15 min): ${f.loadAverage.map((l) => fixed(l, 2)).join(", ")} on ${os.cpus().length} cores`,
  );
  if (failures > 0) console.log(`NOT MET: ${failures} request(s) did not answer 2xx`);
  if (f.rssGrowth > RSS_GROWTH_GOAL) console.log(`NOT MET: memory grew past ${RSS_GROWTH_GOAL}×`);
}

/**
 * Why the run does not count, if it does not: a request that failed makes every other figure
 * meaningless, as in the rest of the bench. Memory beyond its goal is a figure, printed.
 */
export function scaleFailure(f: ScaleFigures): string | undefined {
  const failures = f.load.non2xx + f.load.errors;
  return failures > 0
    ? `two servers: ${f.load.non2xx} non-2xx response(s), ${f.load.errors} error(s) (${f.load.timeouts} timeout(s))`
    : undefined;
}
