/**
 * HTTP load with autocannon: a short warm-up, then a fixed-duration run, summarised to the few
 * figures the bench reports.
 */
import { createRequire } from "node:module";
import { BenchError } from "./server.ts";

/** The part of autocannon's result the bench reads (the package ships no types). */
interface AutocannonResult {
  requests: { mean: number; total: number };
  latency: { mean: number; p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonOptions {
  /** Several URLs: the connections are shared out between them. */
  url: string | string[];
  connections: number;
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  /** Each connection sends these in turn, over and over. */
  requests?: { path: string; headers?: Record<string, string> }[];
  /** Seconds before an unanswered request counts as an error (autocannon's default: 10). */
  timeout?: number;
}
type Autocannon = (options: AutocannonOptions) => PromiseLike<AutocannonResult>;

// autocannon is CommonJS without type declarations; require() keeps its typing local to here.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export const CONNECTIONS = 10;
const WARMUP_REQUESTS = 200;

export interface LoadFigures {
  url: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/**
 * Warm-up first so JIT, module caches and keep-alive sockets are settled, then measure.
 * Any non-2xx or error fails the bench: a fast 404 or 500 would make a meaningless figure.
 */
export async function measure(
  url: string,
  durationSeconds: number,
  headers: Record<string, string> = {},
): Promise<LoadFigures> {
  const base = { url, connections: CONNECTIONS, headers };
  assertClean(url, await autocannon({ ...base, amount: WARMUP_REQUESTS }));
  const result = await autocannon({ ...base, duration: durationSeconds });
  assertClean(url, result);
  const { timeouts: _timeouts, ...figures } = summarise(result);
  return { url, ...figures };
}

/** The few figures the bench reports of a run. */
function summarise(result: AutocannonResult): Omit<LoadFigures, "url"> & { timeouts: number } {
  return {
    rps: result.requests.mean,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function assertClean(url: string, result: AutocannonResult) {
  // autocannon counts timeouts among errors; named separately because they read differently.
  if (result.non2xx > 0 || result.errors > 0) {
    throw new BenchError(
      `${url}: ${result.non2xx} non-2xx response(s), ${result.errors} error(s) (${result.timeouts} timeout(s))`,
    );
  }
}

/** One kind of request in a mixed load: a path and the headers that make its viewer. */
export interface LoadRequest {
  name: string;
  path: string;
  headers?: Record<string, string>;
}

export interface MixFigures extends Omit<LoadFigures, "url"> {
  timeouts: number;
}

/**
 * A mix of requests over several servers at once: each of `connections` connections is given
 * one of `baseUrls` in turn and sends the `mix` in turn, for `durationSeconds`. Unlike
 * `measure`, failures are counted and returned, not thrown: the caller prints them beside the
 * goal (none) before it decides.
 */
export async function measureMix(
  baseUrls: string[],
  mix: LoadRequest[],
  { connections, durationSeconds }: { connections: number; durationSeconds: number },
): Promise<MixFigures> {
  const result = await autocannon({
    url: baseUrls,
    connections,
    duration: durationSeconds,
    requests: mix.map(({ path, headers }) => ({ path, headers })),
  });
  return summarise(result);
}
