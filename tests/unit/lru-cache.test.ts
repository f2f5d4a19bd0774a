import { describe, expect, it } from "vitest";
import { createCache } from "../../contract/lru-cache.ts";

/** A clock the test moves by hand. */
function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => void (time += ms) };
}

describe("createCache", () => {
  it("shares one load between concurrent callers and keeps it until it expires", async () => {
    const time = clock();
    const cache = createCache<string, Promise<number>>({ max: 10, ttlMs: 1_000, now: time.now });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.getOrLoad("k", load), cache.getOrLoad("k", load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    time.advance(999);
    expect(await cache.getOrLoad("k", load)).toBe(1);
    time.advance(1);
    expect(await cache.getOrLoad("k", load)).toBe(2);
  });

  it("forgets failures so the next call tries again", async () => {
    const cache = createCache<string, Promise<string>>({ max: 10 });
    await expect(cache.getOrLoad("k", () => Promise.reject(new Error("down")))).rejects.toThrow(
      "down",
    );
    expect(await cache.getOrLoad("k", async () => "up")).toBe("up");
  });

  it("drops the least recently used entry beyond its size", () => {
    const cache = createCache<string, number>({ max: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect([cache.get("a"), cache.has("b"), cache.get("c"), cache.size]).toEqual([1, false, 3, 2]);
  });

  it("keeps entries without a time to live until they are crowded out", () => {
    const time = clock();
    const cache = createCache<string, number>({ max: 1, now: time.now });
    cache.set("a", 1);
    time.advance(365 * 24 * 3600 * 1000);
    expect(cache.get("a")).toBe(1);
    cache.delete("a");
    expect(cache.size).toBe(0);
  });

  it("refuses a size below one", () => {
    expect(() => createCache({ max: 0 })).toThrow(RangeError);
  });
});
