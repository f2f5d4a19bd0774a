import type { ClientErrorReport } from "../../contract/generated/client-errors.ts";
import { CLIENT_ERROR_BATCH_BYTES, ERROR_TRACING } from "../../contract/error-tracing.ts";

export type ErrorKind = ClientErrorReport["kind"];

/** The most reports one upload carries (the contract's limit). */
const MAX_REPORTS_PER_BATCH = 20;
/** The most reports one page view keeps waiting: a loop throwing forever must not fill memory. */
const MAX_QUEUED = 100;
const MAX_KEYS = 50;
const LIMITS = { name: 200, message: 2000, stack: 20_000, path: 2000 };

/**
 * `value` cut to `depth` levels (spec section 9: report depth 3): deeper objects and arrays
 * become "[…]", functions and symbols their description, and cycles end.
 */
export function withinDepth(value: unknown, depth: number = ERROR_TRACING.depth): unknown {
  const seen = new WeakSet<object>();
  const walk = (item: unknown, level: number): unknown => {
    if (item === null || typeof item === "boolean" || typeof item === "number") return item;
    if (typeof item === "string") return item.slice(0, LIMITS.message);
    if (typeof item === "bigint" || typeof item === "symbol" || typeof item === "function") {
      return String(item);
    }
    if (typeof item !== "object") return null;
    if (level >= depth || seen.has(item)) return "[…]";
    seen.add(item);
    if (item instanceof Error) return { name: item.name, message: item.message };
    if (Array.isArray(item)) return item.slice(0, MAX_KEYS).map((entry) => walk(entry, level + 1));
    return Object.fromEntries(
      Object.entries(item)
        .slice(0, MAX_KEYS)
        .map(([key, entry]) => [key, walk(entry, level + 1)]),
    );
  };
  return walk(value, 0);
}

/** What was thrown, as a name, a message and (for errors) a stack. */
export function describeThrown(thrown: unknown): { name: string; message: string; stack?: string } {
  if (thrown instanceof Error) {
    return { name: thrown.name || "Error", message: thrown.message, stack: thrown.stack };
  }
  if (typeof thrown === "string") return { name: "Error", message: thrown };
  let message: string;
  try {
    message = JSON.stringify(withinDepth(thrown)) ?? String(thrown);
  } catch {
    message = String(thrown);
  }
  return { name: "NonError", message };
}

/** One report, every field within the contract's limits. */
export function errorReport(
  thrown: unknown,
  kind: ErrorKind,
  where: { release: string; path: string; now: Date; context?: Record<string, unknown> },
): ClientErrorReport {
  const { name, message, stack } = describeThrown(thrown);
  return {
    kind,
    name: name.slice(0, LIMITS.name),
    message: message.slice(0, LIMITS.message),
    ...(stack ? { stack: stack.slice(0, LIMITS.stack) } : {}),
    release: where.release.slice(0, 100) || "unknown",
    path: where.path.slice(0, LIMITS.path),
    occurredAt: where.now.toISOString(),
    ...(where.context ? { context: withinDepth(where.context) as Record<string, unknown> } : {}),
  };
}

const bytesOf = (text: string) => new TextEncoder().encode(text).byteLength;

/**
 * The queued reports as upload bodies, each at most 20 reports and CLIENT_ERROR_BATCH_BYTES
 * (spec: size limit 102,400 bytes). A report too large alone loses its context, then its stack.
 */
export function batchBodies(reports: ClientErrorReport[]): string[] {
  const bodies: string[] = [];
  let current: ClientErrorReport[] = [];
  const bodyOf = (batch: ClientErrorReport[]) => JSON.stringify({ reports: batch });
  for (const original of reports) {
    let report = original;
    if (bytesOf(bodyOf([report])) > CLIENT_ERROR_BATCH_BYTES) {
      const { context: _context, ...lighter } = report;
      report = lighter;
    }
    if (bytesOf(bodyOf([report])) > CLIENT_ERROR_BATCH_BYTES) {
      const { stack: _stack, ...lightest } = report;
      report = lightest;
    }
    const next = [...current, report];
    if (next.length > MAX_REPORTS_PER_BATCH || bytesOf(bodyOf(next)) > CLIENT_ERROR_BATCH_BYTES) {
      if (current.length > 0) bodies.push(bodyOf(current));
      current = [report];
    } else {
      current = next;
    }
  }
  if (current.length > 0) bodies.push(bodyOf(current));
  return bodies;
}

export interface ErrorTracerOptions {
  release: string;
  /** Share of page views reporting (0 to 1), decided once per tracer. */
  sampleRate: number;
  /** Sends one body; false when it could not be sent. */
  send: (body: string) => Promise<boolean>;
  /** Sends one body as the page goes away (navigator.sendBeacon). */
  beacon: (body: string) => boolean;
  path: () => string;
  random?: () => number;
  now?: () => Date;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * Collects a page view's errors and sends them once the page has been quiet for the idle
 * timeout (a burst goes as one batch), or by beacon when the page is hidden. Never throws:
 * tracing must not become the error.
 */
export function createErrorTracer(options: ErrorTracerOptions) {
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as number));
  const sampled = random() < options.sampleRate;
  let queue: ClientErrorReport[] = [];
  let timer: unknown;

  const take = () => {
    const taken = queue;
    queue = [];
    return taken;
  };

  async function flush(): Promise<void> {
    timer = undefined;
    for (const body of batchBodies(take())) {
      try {
        await options.send(body);
      } catch {
        // The report is lost; the page carries on.
      }
    }
  }

  return {
    sampled,
    capture(thrown: unknown, kind: ErrorKind, context?: Record<string, unknown>): void {
      if (!sampled || queue.length >= MAX_QUEUED) return;
      try {
        queue.push(
          errorReport(thrown, kind, {
            release: options.release,
            path: options.path(),
            now: now(),
            context,
          }),
        );
      } catch {
        return;
      }
      if (timer !== undefined) clearTimer(timer);
      timer = setTimer(() => void flush(), ERROR_TRACING.idleTimeoutMs);
    },
    /** The page is going away: what is queued goes now, by beacon. */
    flushOnHide(): void {
      if (queue.length === 0) return;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      for (const body of batchBodies(take())) options.beacon(body);
    },
    flush,
  };
}

export type ErrorTracer = ReturnType<typeof createErrorTracer>;
