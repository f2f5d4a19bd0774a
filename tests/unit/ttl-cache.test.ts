import { describe, expect, it } from "vitest";
import { TtlCache } from "../../app/api-client/ttl-cache.ts";

describe("TtlCache", () => {
  it("shares one load between concurrent callers and keeps it until it expires", async () => {
    const cache = new TtlCache<number>(1_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get("k", load, 0), cache.get("k", load, 10)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get("k", load, 999)).toBe(1);
    expect(await cache.get("k", load, 1_000)).toBe(2);
  });

  it("forgets failures so the next call tries again", async () => {
    const cache = new TtlCache<string>(60_000);
    await expect(cache.get("k", () => Promise.reject(new Error("down")), 0)).rejects.toThrow(
      "down",
    );
    expect(await cache.get("k", async () => "up", 1)).toBe("up");
  });

  it("drops the oldest entry beyond its size", async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await cache.get("a", async () => "a1", 0);
    await cache.get("b", async () => "b1", 0);
    await cache.get("c", async () => "c1", 0);
    expect(await cache.get("a", async () => "a2", 1)).toBe("a2");
    expect(await cache.get("c", async () => "c2", 1)).toBe("c1");
  });
});
