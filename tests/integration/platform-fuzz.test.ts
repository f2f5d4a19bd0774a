import { Agent } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlatformApi } from "../../platform/api/app.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import { listen } from "../fixtures/http-server.ts";
import {
  hostileRequests,
  seededRandom,
  sendRaw,
  type Endpoint,
} from "../fixtures/hostile-input.ts";
import { DEMO_KEYS, TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  server = await listen(platform.api.app);
});
afterAll(() => server.close());

/** Every route the platform API and the host around it declare, as their routers list them. */
function platformEndpoints(): Endpoint[] {
  const api = createPlatformApi({
    store: platform.store,
    tokens: createTokenIssuer(TEST_TOKEN_SECRET),
    mediaSecret: async () => "unused",
  });
  const routes = [...api.routes, ...platform.api.app.routes].filter((r) => r.method !== "ALL");
  const unique = new Map(routes.map((r) => [`${r.method} ${r.path}`, r]));
  return [...unique.values()].map((r) => ({ method: r.method, pattern: r.path }));
}

describe("hostile input to the platform", () => {
  it("refuses a NUL or a broken %-escape in a path or query with 400 before any route", async () => {
    const { token } = await viewerToken(platform.store, "arena", "CUSTOMER");
    for (const [method, path] of [
      ["POST", "/api/v2/pendingactivationuser/a%00b/activate"],
      ["DELETE", "/api/v2/playback/session/%00"],
      ["GET", "/api/v2/vods?q=%00"],
      ["GET", "/api/v2/section/%C0%AF"],
      ["GET", "/api/v2/page/%"],
    ] as const) {
      const res = await platform.api.call("arena", path, {
        method,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(res.status, path).toBe(400);
      expect((await res.json()).code, path).toBe("INVALID_ADDRESS");
    }
  });

  it("refuses a version past the store's integer range and a NUL in a JSON text with 400", async () => {
    const { token } = await viewerToken(platform.store, "arena", "ADMIN");
    const version = await platform.api.call("arena", "/api/v2/admin/version/page/2147483648/home", {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(version.status).toBe(400);
    expect((await version.json()).code).toBe("INVALID_ID");
    const login = await platform.api.call("arena", "/api/v2/login", {
      method: "POST",
      body: JSON.stringify({ id: "fan\u0000@arena.test", secret: "demo-pass-1" }),
    });
    expect(login.status).toBe(400);
    expect((await login.json()).code).toBe("INVALID_BODY");
  });

  it("answers thousands of generated requests to every endpoint without a 5xx", async () => {
    const endpoints = platformEndpoints();
    expect(endpoints.length).toBeGreaterThan(80);
    const customer = await viewerToken(platform.store, "arena", "CUSTOMER");
    const admin = await viewerToken(platform.store, "arena", "ADMIN");
    const client = { App: "fuzz", Realm: "arena", "X-Api-Key": DEMO_KEYS.arena };
    // Anonymous, as a realm's client, as its customer and as its admin: each gets further in.
    const callers: Record<string, string>[] = [
      {},
      client,
      { ...client, Authorization: `Bearer ${customer.token}` },
      { ...client, Authorization: `Bearer ${admin.token}` },
      { ...client, Authorization: "Bearer %00", Realm: "ARENA", "X-App-Version": "1e309" },
    ];
    const requests = hostileRequests(endpoints, { count: 2400, seed: 20261122 });
    const agent = new Agent({ keepAlive: true });
    const caller = seededRandom(7);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const started = Date.now();
    for (const request of requests) {
      const answer = await sendRaw(server.origin, request, {
        agent,
        headers: { Accept: "application/json", ...callers[Math.floor(caller() * callers.length)]! },
      });
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status >= 500) {
        failures.push(
          `${answer.status} ${request.method} ${request.path.slice(0, 200)} ${request.headers["Content-Type"] ?? ""} ${(request.body ?? "").slice(0, 120)} -> ${answer.body.slice(0, 200)}`,
        );
      }
    }
    agent.destroy();
    console.log(
      `platform fuzz: ${requests.length} requests, ${failures.length} 5xx, ${Date.now() - started} ms`,
      JSON.stringify(statuses),
    );
    expect(failures).toEqual([]);
  }, 150_000);
});
