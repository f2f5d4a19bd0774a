import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { forgetRealms, REALM_CACHE_MS } from "../../platform/api/realms.ts";
import { seed } from "../../platform/seed/seed.ts";
import * as t from "../../platform/store/schema.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

const realmName = async () => {
  const res = await platform.api.call("liga", "/api/v2/realm");
  expect(res.status).toBe(200);
  return ((await res.json()) as { fullName: string }).fullName;
};

const rename = (fullName: string) =>
  platform.store.db.update(t.realms).set({ fullName }).where(eq(t.realms.name, "liga"));

describe("the platform's realm rows, read for every call", () => {
  afterEach(() => vi.useRealTimers());

  it("are reused for a second, then read again: a change by another process shows within it", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = await realmName();
    // Written behind this process's back, as a second server or `npm run db:seed` would.
    await rename("Liga Renamed");
    expect(await realmName()).toBe(before);
    vi.setSystemTime(Date.now() + REALM_CACHE_MS + 1);
    expect(await realmName()).toBe("Liga Renamed");
    await rename(before);
    forgetRealms(platform.store.db);
    expect(await realmName()).toBe(before);
  });

  it("are read again at once after this process seeds", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const before = await realmName();
    await rename("Liga Stale");
    // Seeding writes the realm again from its config, and forgets what was cached.
    await seed(platform.store.db);
    expect(await realmName()).toBe(before);
  });

  it("check the API key from the same read: a wrong key is refused, a right one taken", async () => {
    const wrong = await platform.api.call("liga", "/api/v2/realm", {
      headers: { "X-Api-Key": "not-a-key" },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_API_KEY");
    expect((await platform.api.call("liga", "/api/v2/realm")).status).toBe(200);
    const other = await platform.api.call("liga", "/api/v2/realm", {
      headers: { Realm: "arena" },
    });
    expect(other.status).toBe(401);
  });
});
