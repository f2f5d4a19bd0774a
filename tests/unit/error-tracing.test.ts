import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_BATCH_BYTES } from "../../contract/error-tracing.ts";
import { validateBody } from "../../contract/validator.ts";
import {
  ChunkLoadError,
  CHUNK_LOADING,
  importWithRetry,
  retryUrl,
} from "../../app/errors/chunk-retry.ts";
import {
  batchBodies,
  createErrorTracer,
  errorReport,
  withinDepth,
} from "../../app/errors/error-tracing.ts";

const WHERE = { release: "1.0.0+abc", path: "/realm/liga/home", now: new Date(0) };

describe("error reports", () => {
  it("keeps context to three levels and survives cycles", () => {
    const cyclic: Record<string, unknown> = { a: { b: { c: { d: 1 } } } };
    cyclic.self = cyclic;
    expect(withinDepth(cyclic)).toEqual({
      a: { b: { c: "[…]" } },
      self: "[…]",
    });
    expect(withinDepth({ fn: () => 1, n: 1n, list: [1, [2, [3]]] })).toEqual({
      fn: "() => 1",
      n: "1",
      list: [1, [2, "[…]"]],
    });
  });

  it("describes errors, strings and anything else thrown, within the contract", () => {
    const fromError = errorReport(new TypeError("x is undefined"), "error", WHERE);
    expect(fromError).toMatchObject({ name: "TypeError", message: "x is undefined" });
    expect(fromError.stack).toContain("x is undefined");
    expect(errorReport("plain", "unhandledrejection", WHERE)).toMatchObject({
      name: "Error",
      message: "plain",
    });
    expect(errorReport({ code: 7 }, "unhandledrejection", WHERE)).toMatchObject({
      name: "NonError",
      message: '{"code":7}',
    });
    const long = errorReport(new Error("m".repeat(5000)), "boundary", {
      ...WHERE,
      context: { deep: { deeper: { deepest: { gone: true } } } },
    });
    expect(long.message).toHaveLength(2000);
    expect(validateBody("clientErrorBatch", { reports: [long] }).issues).toEqual([]);
  });

  it("cuts batches at 20 reports and 102,400 bytes, dropping what makes one report too big", () => {
    const reports = Array.from({ length: 45 }, (_, i) =>
      errorReport(new Error(`e${i}`), "error", WHERE),
    );
    expect(batchBodies(reports).map((body) => JSON.parse(body).reports.length)).toEqual([
      20, 20, 5,
    ]);
    const huge = {
      ...errorReport(new Error("big"), "error", WHERE),
      stack: "s".repeat(20_000),
      context: Object.fromEntries(
        Array.from({ length: 50 }, (_, i) => [`k${i}`, "v".repeat(2000)]),
      ),
    };
    const bodies = batchBodies(Array.from({ length: 6 }, () => huge));
    for (const body of bodies) {
      expect(new TextEncoder().encode(body).byteLength).toBeLessThanOrEqual(
        CLIENT_ERROR_BATCH_BYTES,
      );
      expect(validateBody("clientErrorBatch", JSON.parse(body)).issues).toEqual([]);
    }
    expect(bodies.flatMap((body) => JSON.parse(body).reports)).toHaveLength(6);
  });
});

/** A tracer whose clock and timers the test drives. */
function tracerWith(sampleRate: number, random: number) {
  const sent: string[] = [];
  const beacons: string[] = [];
  const timers: { run: () => void; ms: number; cleared: boolean }[] = [];
  const tracer = createErrorTracer({
    release: "1.0.0+abc",
    sampleRate,
    random: () => random,
    path: () => "/realm/liga/home",
    send: async (body) => {
      sent.push(body);
      return true;
    },
    beacon: (body) => {
      beacons.push(body);
      return true;
    },
    setTimer: (run, ms) => {
      const timer = { run, ms, cleared: false };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => {
      (timer as { cleared: boolean }).cleared = true;
    },
  });
  return { tracer, sent, beacons, timers };
}

describe("the error tracer", () => {
  it("samples once per page view: an unsampled view sends nothing", async () => {
    const { tracer, timers } = tracerWith(0.1, 0.5);
    expect(tracer.sampled).toBe(false);
    tracer.capture(new Error("x"), "error");
    expect(timers).toEqual([]);
    expect(tracerWith(0.1, 0.05).tracer.sampled).toBe(true);
  });

  it("sends a burst as one batch after 3 s of quiet", async () => {
    const { tracer, sent, timers } = tracerWith(1, 0);
    tracer.capture(new Error("one"), "error");
    tracer.capture(new Error("two"), "unhandledrejection");
    expect(timers.map((timer) => [timer.ms, timer.cleared])).toEqual([
      [3000, true],
      [3000, false],
    ]);
    timers[1]!.run();
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!).reports.map((r: { message: string }) => r.message)).toEqual([
      "one",
      "two",
    ]);
  });

  it("sends what waits by beacon when the page is hidden", () => {
    const { tracer, sent, beacons } = tracerWith(1, 0);
    tracer.capture(new Error("leaving"), "error");
    tracer.flushOnHide();
    tracer.flushOnHide();
    expect(sent).toEqual([]);
    expect(beacons).toHaveLength(1);
    expect(JSON.parse(beacons[0]!).reports[0].release).toBe("1.0.0+abc");
  });
});

describe("chunk loading", () => {
  it("busts the cache on each retry", () => {
    expect(retryUrl("/build/routes/news-AB12.js", 1)).toBe("/build/routes/news-AB12.js?retry=1");
    expect(retryUrl("/x.js?v=2#h", 3)).toBe("/x.js?v=2&retry=3#h");
  });

  it("retries 3 times 2 s apart, then fails with the spec's message", async () => {
    const asked: string[] = [];
    const slept: number[] = [];
    const failing = importWithRetry("/c.js", {
      importer: async (url) => {
        asked.push(url);
        throw new TypeError("Failed to fetch dynamically imported module");
      },
      sleep: async (ms) => {
        slept.push(ms);
      },
    });
    await expect(failing).rejects.toThrow(
      new ChunkLoadError("Loading chunk failed after 3 retries"),
    );
    await expect(failing).rejects.toHaveProperty("name", "ChunkLoadError");
    expect(asked).toEqual(["/c.js", "/c.js?retry=1", "/c.js?retry=2", "/c.js?retry=3"]);
    expect(slept).toEqual([CHUNK_LOADING.delayMs, CHUNK_LOADING.delayMs, CHUNK_LOADING.delayMs]);
  });

  it("answers the module as soon as an attempt loads it", async () => {
    let calls = 0;
    const module = await importWithRetry("/c.js", {
      importer: async () => {
        calls += 1;
        if (calls < 3) throw new Error("offline");
        return { default: "route" };
      },
      sleep: async () => {},
    });
    expect(module).toEqual({ default: "route" });
    expect(calls).toBe(3);
  });

  it("gives up at the timeout even while an attempt hangs", async () => {
    const hanging = importWithRetry("/c.js", {
      importer: () => new Promise(() => {}),
      timeoutMs: 20,
    });
    await expect(hanging).rejects.toHaveProperty("name", "ChunkLoadError");
  });
});
