import { describe, expect, it } from "vitest";
import type { AnalyticsEvent } from "../../../contract/analytics-events.ts";
import {
  AnalyticsBatcher,
  FIRST_BACKOFF_MS,
  MAX_BACKOFF_MS,
  MIN_UPLOAD_INTERVAL_MS,
  type Batch,
} from "../../../app/analytics/batcher.ts";

/** A batcher on a hand-moved clock; timers run when `advance` passes them. */
function harness(statuses: number[]) {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  const sent: { at: number; batch: Batch }[] = [];
  const beacons: Batch[] = [];
  const batcher = new AnalyticsBatcher({
    now: () => now,
    setTimer: (run, ms) => timers.push({ at: now + ms, run }),
    send: (batch) => {
      sent.push({ at: now, batch });
      return Promise.resolve(statuses.shift() ?? 202);
    },
    beacon: (batch) => {
      beacons.push(batch);
      return true;
    },
    context: () => ({ userId: "u1" }),
  });
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      now = next.at;
      next.run();
      // Let the upload's promise settle before the next timer.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    }
    now = until;
  }
  return { batcher, sent, beacons, advance };
}

const event = (n: number): AnalyticsEvent => ({
  name: "navigation",
  type: "NAVIGATION",
  route: "HOME",
  at: n,
  attributes: { n: String(n) },
});

describe("analytics batching", () => {
  it("uploads at least 500 ms apart, queued events together, with the context", async () => {
    const { batcher, sent, advance } = harness([]);
    batcher.add(event(1));
    await advance(0);
    batcher.add(event(2));
    batcher.add(event(3));
    await advance(100);
    expect(sent).toHaveLength(1);
    await advance(MIN_UPLOAD_INTERVAL_MS);
    expect(sent.map((s) => [s.at, s.batch.events.length, s.batch.userId])).toEqual([
      [0, 1, "u1"],
      [MIN_UPLOAD_INTERVAL_MS, 2, "u1"],
    ]);
    expect(batcher.pending).toBe(0);
  });

  it.each([503, 500, 429, 0])(
    "keeps the batch on %i and retries with doubling backoff",
    async (status) => {
      const { batcher, sent, advance } = harness([status, status, status]);
      batcher.add(event(1));
      await advance(0);
      expect(batcher.currentBackoff).toBe(FIRST_BACKOFF_MS);
      await advance(FIRST_BACKOFF_MS);
      expect(batcher.currentBackoff).toBe(2 * FIRST_BACKOFF_MS);
      await advance(2 * FIRST_BACKOFF_MS);
      await advance(4 * FIRST_BACKOFF_MS);
      expect(sent.map((s) => s.at)).toEqual([
        0,
        FIRST_BACKOFF_MS,
        3 * FIRST_BACKOFF_MS,
        7 * FIRST_BACKOFF_MS,
      ]);
      // The fourth went through: the same event, once, and the backoff is over.
      expect(sent.every((s) => s.batch.events[0]!.at === 1)).toBe(true);
      expect(batcher.pending).toBe(0);
      expect(batcher.currentBackoff).toBe(0);
    },
  );

  it("never waits longer than the maximum backoff", async () => {
    const { batcher, advance } = harness(Array(20).fill(503));
    batcher.add(event(1));
    for (let i = 0; i < 12; i++) await advance(MAX_BACKOFF_MS);
    expect(batcher.currentBackoff).toBe(MAX_BACKOFF_MS);
  });

  it.each([400, 413, 401, 404])(
    "drops the batch on %i and goes on with the next",
    async (status) => {
      const { batcher, sent, advance } = harness([status]);
      batcher.add(event(1));
      await advance(0);
      expect(batcher.pending).toBe(0);
      batcher.add(event(2));
      await advance(MIN_UPLOAD_INTERVAL_MS);
      expect(sent.map((s) => s.batch.events.map((e) => e.at))).toEqual([[1], [2]]);
    },
  );

  it("hands what waits to a beacon when the page hides, 50 events a beacon", async () => {
    const { batcher, beacons, sent } = harness([]);
    for (let i = 0; i < 120; i++) batcher.add(event(i));
    batcher.flushByBeacon();
    expect(sent).toHaveLength(0);
    expect(beacons.map((b) => b.events.length)).toEqual([50, 50, 20]);
    expect(beacons[0]!.userId).toBe("u1");
    expect(batcher.pending).toBe(0);
  });
});
