import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startPolling, type Visibility } from "../../../app/live-now/refresh.ts";

/** A page whose visibility the test switches. */
function page() {
  let hidden = false;
  const listeners = new Set<() => void>();
  const visibility: Visibility = {
    hidden: () => hidden,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
  return {
    visibility,
    listeners,
    setHidden(value: boolean) {
      hidden = value;
      for (const listener of listeners) listener();
    },
  };
}

describe("polling while the page is open", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("asks every interval, starting one interval after it starts", async () => {
    const { visibility } = page();
    const tick = vi.fn(() => Promise.resolve());
    const stop = startPolling({ intervalMs: 30_000, tick, visibility });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(tick).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tick).toHaveBeenCalledTimes(3);
    stop();
  });

  it("never asks twice at once: the next waits for a slow answer", async () => {
    const { visibility } = page();
    let settle = () => {};
    const tick = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const stop = startPolling({ intervalMs: 1_000, tick, visibility });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).toHaveBeenCalledTimes(1);
    settle();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(tick).toHaveBeenCalledTimes(2);
    stop();
  });

  it("goes on after a failed answer", async () => {
    const { visibility } = page();
    const tick = vi.fn(() => Promise.reject(new Error("offline")));
    const stop = startPolling({ intervalMs: 1_000, tick, visibility });
    await vi.advanceTimersByTimeAsync(3_000);
    expect(tick).toHaveBeenCalledTimes(3);
    stop();
  });

  it("pauses while the page is hidden and catches up at once when it shows again", async () => {
    const tab = page();
    const tick = vi.fn(() => Promise.resolve());
    const stop = startPolling({ intervalMs: 30_000, tick, visibility: tab.visibility });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tick).toHaveBeenCalledTimes(1);
    tab.setHidden(true);
    await vi.advanceTimersByTimeAsync(300_000);
    expect(tick).toHaveBeenCalledTimes(1);
    tab.setHidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(tick).toHaveBeenCalledTimes(2);
    stop();
  });

  it("shown again before an interval has passed, waits only for the rest of it", async () => {
    const tab = page();
    const tick = vi.fn(() => Promise.resolve());
    const stop = startPolling({ intervalMs: 30_000, tick, visibility: tab.visibility });
    await vi.advanceTimersByTimeAsync(10_000);
    tab.setHidden(true);
    await vi.advanceTimersByTimeAsync(5_000);
    tab.setHidden(false);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(tick).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(tick).toHaveBeenCalledTimes(1);
    stop();
  });

  it("stops asking and listening once stopped", async () => {
    const tab = page();
    const tick = vi.fn(() => Promise.resolve());
    const stop = startPolling({ intervalMs: 1_000, tick, visibility: tab.visibility });
    stop();
    expect(tab.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tick).not.toHaveBeenCalled();
  });
});
