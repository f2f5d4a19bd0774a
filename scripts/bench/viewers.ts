/**
 * What a page costs to serve, per kind of viewer, against a static file of the same size served
 * by the same process: a visitor without a cookie (from the page cache, and rendered), a guest
 * the realm has checked in, and a signed-in viewer. Each figure is the median of `rounds`
 * interleaved rounds (every kind once per round, so a noisy moment of a shared machine touches
 * them all alike), with the spread and the machine's load average. Also the page's size raw and
 * compressed, and the server's memory when idle and after the runs.
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { measure, type LoadFigures } from "./load.ts";
import { BenchError } from "./server.ts";
import { guestCookie } from "./epg.ts";
import { passwordSession, sessionCookieValue } from "../../tests/e2e/signed-in.ts";
import { SESSION_COOKIE } from "../../app/session/session.server.ts";

export interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface ViewerKindFigures {
  kind: string;
  path: string;
  bytes: { raw: number; gzip: number; brotli: number };
  rps: Spread;
  p50Ms: Spread;
  /** rps ÷ the static file's rps of the same round. */
  ratio: Spread;
  /** The goal for `ratio` (issue 17), where there is one. */
  goal?: number;
}

export interface ViewersFigures {
  rounds: number;
  durationSeconds: number;
  staticBytes: number;
  static: { rps: Spread };
  kinds: ViewerKindFigures[];
  /** One-minute load average before and after the runs (2 cores here: above 2 is contention). */
  loadAverage: { before: number; after: number };
  /** The server's resident memory (MiB): idle after start, and after all runs. */
  memoryMiB: { idle: number; afterLoad: number };
}

const spread = (values: number[]): Spread => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
};

/** Resident memory of a process, from /proc (Linux), in MiB. */
export function residentMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  if (!Number.isFinite(kib)) throw new BenchError(`no VmRSS for process ${pid}`);
  return kib / 1024;
}

async function pageBytes(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers: { ...headers, "Accept-Encoding": "identity" } });
  if (!response.ok) throw new BenchError(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return {
    raw: body.length,
    gzip: gzipSync(body).length,
    brotli: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
    }).length,
  };
}

/** A demo viewer's session cookie, signed with the bench server's SESSION_SECRET. */
export async function signedInCookie(baseUrl: string): Promise<string> {
  const session = await passwordSession(baseUrl, "arena", "viewer@arena.test");
  return `${SESSION_COOKIE}=${await sessionCookieValue(session.authorisationToken, session.refreshToken)}`;
}

export async function measureViewers(options: {
  baseUrl: string;
  serverPid: number;
  staticPath: string;
  staticBytes: number;
  durationSeconds: number;
  rounds: number;
}): Promise<ViewersFigures> {
  const { baseUrl, durationSeconds, rounds } = options;
  const idle = residentMiB(options.serverPid);
  const bypass = { "Cache-Control": "no-cache" };
  const kinds: { kind: string; path: string; headers: Record<string, string>; goal?: number }[] = [
    { kind: "visitor, page cache", path: "/realm/arena", headers: {} },
    { kind: "visitor, rendered", path: "/realm/arena", headers: bypass, goal: 0.5 },
    {
      kind: "checked-in guest",
      path: "/realm/liga/home",
      headers: { Cookie: await guestCookie(`${baseUrl}/realm/liga/home`) },
      goal: 0.5,
    },
    {
      kind: "signed-in viewer",
      path: "/realm/arena/home",
      headers: { Cookie: await signedInCookie(baseUrl) },
      goal: 0.15,
    },
  ];
  const loadBefore = os.loadavg()[0]!;
  const staticRuns: LoadFigures[] = [];
  const runs = kinds.map(() => [] as LoadFigures[]);
  for (let round = 0; round < rounds; round++) {
    staticRuns.push(await measure(`${baseUrl}${options.staticPath}`, durationSeconds));
    for (const [i, kind] of kinds.entries()) {
      runs[i]!.push(await measure(`${baseUrl}${kind.path}`, durationSeconds, kind.headers));
    }
  }
  const figures: ViewerKindFigures[] = [];
  for (const [i, kind] of kinds.entries()) {
    figures.push({
      kind: kind.kind,
      path: kind.path,
      bytes: await pageBytes(`${baseUrl}${kind.path}`, kind.headers),
      rps: spread(runs[i]!.map((r) => r.rps)),
      p50Ms: spread(runs[i]!.map((r) => r.p50Ms)),
      ratio: spread(runs[i]!.map((r, round) => r.rps / staticRuns[round]!.rps)),
      ...(kind.goal ? { goal: kind.goal } : {}),
    });
  }
  return {
    rounds,
    durationSeconds,
    staticBytes: options.staticBytes,
    static: { rps: spread(staticRuns.map((r) => r.rps)) },
    kinds: figures,
    loadAverage: { before: loadBefore, after: os.loadavg()[0]! },
    memoryMiB: { idle, afterLoad: residentMiB(options.serverPid) },
  };
}
