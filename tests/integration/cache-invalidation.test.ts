import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it, vi } from "vitest";
import type { CacheInvalidation } from "../../contract/cache-invalidation.ts";
import { REFRESH_GRACE_SECONDS } from "../../platform/identity/sessions.ts";
import { DEMO_PASSWORD } from "../../platform/seed/demo-accounts.ts";
import {
  inProcessBus,
  openInvalidationBus,
  type BusOptions,
  type InvalidationBus,
} from "../../platform/store/invalidation-bus.ts";
import { forgetRealms } from "../../platform/api/realms.ts";
import * as t from "../../platform/store/schema.ts";
import { platformApp, useSeededPlatform } from "../fixtures/platform.ts";
import { redisAnswers, TEST_REDIS_URL as REDIS_URL } from "../fixtures/redis.ts";
import { updateRealm } from "../fixtures/realm-settings.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const DATABASE_URL = process.env.DATABASE_URL;

const opened: InvalidationBus[] = [];
afterAll(async () => {
  await Promise.all(opened.map((bus) => bus.close()));
});
async function bus(options: BusOptions): Promise<InvalidationBus> {
  const opening = await openInvalidationBus(options);
  opened.push(opening);
  return opening;
}

/** Every message a bus delivers to this process, in order. */
function heard(on: InvalidationBus) {
  const messages: CacheInvalidation[] = [];
  on.subscribe((message) => messages.push(message));
  return messages;
}

/** Resolves once `check` holds, failing after `ms`: messages cross processes asynchronously. */
async function within(ms: number, check: () => void | Promise<void>) {
  const deadline = performance.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}

const transports = [
  {
    name: "PostgreSQL LISTEN/NOTIFY",
    options: { databaseUrl: DATABASE_URL },
    skip: DATABASE_URL ? false : "DATABASE_URL is not set",
  },
  {
    name: "Redis pub/sub",
    options: { redisUrl: REDIS_URL },
    skip: (await redisAnswers()) ? false : `no Redis answers at ${REDIS_URL}`,
  },
] as const;

for (const transport of transports) {
  describe.skipIf(transport.skip)(`the invalidation bus over ${transport.name}`, () => {
    it("tells another server within a second, and this one at once and only once", async () => {
      const [here, there] = [await bus(transport.options), await bus(transport.options)];
      const [ownHeard, otherHeard] = [heard(here), heard(there)];
      await here.publish({ kind: "published", realm: "arena" });
      expect(ownHeard).toEqual([{ kind: "published", realm: "arena" }]);
      await within(1_000, () =>
        expect(otherHeard).toEqual([{ kind: "published", realm: "arena" }]),
      );
      // This server's own message coming back over the transport is not delivered twice.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(ownHeard).toHaveLength(1);
    });

    it("carries a long list of ended sessions whole, over PostgreSQL's payload limit", async () => {
      const [here, there] = [await bus(transport.options), await bus(transport.options)];
      const otherHeard = heard(there);
      const sids = Array.from({ length: 600 }, () => crypto.randomUUID());
      await here.publish({ kind: "sessions", sids });
      await within(1_000, () =>
        expect(otherHeard.flatMap((m) => (m.kind === "sessions" ? m.sids : []))).toEqual(sids),
      );
    });
  });
}

describe.skipIf(!DATABASE_URL)("the invalidation bus after a lost connection", () => {
  it("listens again, and has every cache dropped for what it may have missed", async () => {
    const name = `bus-test-${crypto.randomUUID().slice(0, 8)}`;
    const [here, there] = [
      await bus({ databaseUrl: DATABASE_URL, name }),
      await bus({ databaseUrl: DATABASE_URL }),
    ];
    const messages = heard(here);
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
        [name],
      );
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await within(5_000, () => expect(messages).toContainEqual({ kind: "everything" }));
    await there.publish({ kind: "realm", realm: "liga" });
    await within(1_000, () => expect(messages).toContainEqual({ kind: "realm", realm: "liga" }));
  });
});

describe("servers sharing a store and a bus", () => {
  const platform = useSeededPlatform();
  // Two buses on PostgreSQL when there is one, so the message really leaves the process.
  const pair = async (): Promise<[InvalidationBus, InvalidationBus]> => {
    if (!DATABASE_URL) {
      const shared = inProcessBus();
      return [shared, shared];
    }
    return [await bus({ databaseUrl: DATABASE_URL }), await bus({ databaseUrl: DATABASE_URL })];
  };

  it("end a signed-out session on the other server at once, though it had just found it on", async () => {
    const [here, there] = await pair();
    // The other server would trust its answer for a minute; the test never moves its clock.
    const one = platformApp(platform.store, { invalidation: here });
    const other = platformApp(platform.store, { invalidation: there, sessionCacheMs: 60_000 });
    const signIn = await one.call("liga", "/api/v2/login", {
      method: "POST",
      body: JSON.stringify({ id: "viewer@liga.test", secret: DEMO_PASSWORD }),
    });
    const { authorisationToken, refreshToken } = await signIn.json();
    const profiles = async (server: typeof one) =>
      (
        await server.call("liga", "/api/v2/user/profiles", {
          headers: { Authorization: `Bearer ${authorisationToken}` },
        })
      ).status;
    expect(await profiles(other)).toBe(200);
    const logout = await one.call("liga", "/api/v2/logout", {
      method: "POST",
      body: JSON.stringify({ refreshToken }),
    });
    expect(logout.status).toBe(204);
    expect(await profiles(one)).toBe(401);
    await within(1_000, async () => expect(await profiles(other)).toBe(401));
  });

  it("end a session whose refresh token was reused on the other server at once", async () => {
    const [here, there] = await pair();
    const one = platformApp(platform.store, { invalidation: here });
    const other = platformApp(platform.store, { invalidation: there, sessionCacheMs: 60_000 });
    const post = (path: string, body: unknown) =>
      one.call("liga", path, { method: "POST", body: JSON.stringify(body) });
    const signIn = await post("/api/v2/login", { id: "fan@liga.test", secret: DEMO_PASSWORD });
    const { authorisationToken, refreshToken } = await signIn.json();
    const profiles = async () =>
      (
        await other.call("liga", "/api/v2/user/profiles", {
          headers: { Authorization: `Bearer ${authorisationToken}` },
        })
      ).status;
    expect(await profiles()).toBe(200);
    expect((await post("/api/v2/token/refresh", { refreshToken })).status).toBe(200);
    // The used token again, past the grace for parallel refreshes: someone else holds it.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + (REFRESH_GRACE_SECONDS + 1) * 1000);
      const reused = await post("/api/v2/token/refresh", { refreshToken });
      expect((await reused.json()).code).toBe("REVOKED");
    } finally {
      vi.useRealTimers();
    }
    await within(1_000, async () => expect(await profiles()).toBe(401));
  });

  it("read a realm again at once when another process says it re-seeded it", async () => {
    const [here, there] = await pair();
    const one = platformApp(platform.store, { invalidation: here });
    const realmName = async () => {
      const res = await one.call("liga", "/api/v2/realm");
      return ((await res.json()) as { fullName: string }).fullName;
    };
    // Read afresh now, so the platform's own second of reuse outlasts what follows: only the
    // message can make the new name show this soon.
    forgetRealms(platform.store.db);
    const before = await realmName();
    // Written behind this server's back, as `npm run db:seed` in another process does...
    await platform.store.db
      .update(t.realms)
      .set({ fullName: "Liga Reseeded" })
      .where(eq(t.realms.name, "liga"));
    expect(await realmName()).toBe(before);
    // ...which then tells every server.
    await there.publish({ kind: "realm", realm: "liga" });
    await within(300, async () => expect(await realmName()).toBe("Liga Reseeded"));
    await updateRealm(platform.store, "liga", { fullName: before });
  });

  it("announce a publish and a restore of the realm to every server", async () => {
    const [here, there] = await pair();
    const one = platformApp(platform.store, { invalidation: here });
    const otherHeard = heard(there);
    const { token } = await viewerToken(platform.store, "arena", "ADMIN");
    const as = { Authorization: `Bearer ${token}` };
    const page = {
      key: "bus-probe",
      title: "Bus probe",
      layout: "default",
      zones: {
        main: [{ id: "latest", type: "rail", title: "Latest", source: { kind: "videos" } }],
      },
    };
    const draft = await one.call("arena", "/api/v2/admin/drafts/page/bus-probe", {
      method: "PUT",
      headers: as,
      body: JSON.stringify(page),
    });
    expect(draft.status).toBe(200);
    const published = await one.call("arena", "/api/v2/admin/publish/page/bus-probe", {
      method: "POST",
      headers: { ...as, "Content-Type": "application/json" },
      body: JSON.stringify({ note: "Probe the bus" }),
    });
    expect(published.status).toBe(201);
    await within(1_000, () =>
      expect(otherHeard).toContainEqual({ kind: "published", realm: "arena" }),
    );
    const { version } = (await published.json()) as { version: number };
    otherHeard.length = 0;
    const restored = await one.call("arena", `/api/v2/admin/restore/page/${version}/bus-probe`, {
      method: "POST",
      headers: as,
    });
    expect(restored.status).toBe(201);
    await within(1_000, () =>
      expect(otherHeard).toContainEqual({ kind: "published", realm: "arena" }),
    );
  });
});
