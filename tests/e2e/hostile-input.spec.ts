import { readFileSync } from "node:fs";
import { Agent } from "node:http";
import path from "node:path";
import { test, expect } from "@playwright/test";
import routeTable from "../../app/realm/route-table.json" with { type: "json" };
import { sessionStorage } from "../../app/session/session.server.ts";
import { TEST_SESSION_SECRET } from "../fixtures/secrets.ts";
import {
  hostileRequests,
  seededRandom,
  sendRaw,
  type Endpoint,
} from "../fixtures/hostile-input.ts";
import { MiB, MOST_WRITTEN_OF_REFUSED, upload } from "../fixtures/uploads.ts";
import { seededDataDir, removeDir, repoRoot, ServerProcess } from "./server-process.ts";
import { tokenFor } from "./signed-in.ts";

/** A session cookie as sign-in sets it, for a viewer of `realm` with `role`. */
async function sessionCookie(realm: string, role: "CUSTOMER" | "ADMIN", sub: string) {
  const storage = sessionStorage({ secret: TEST_SESSION_SECRET, secure: true });
  const session = await storage.getSession();
  session.set("accessToken", await tokenFor(realm, role, sub));
  return (await storage.commitSession(session)).split(";")[0]!;
}

/** Whether a route's module takes posts (exports an action). */
function takesPosts(module: string): boolean {
  const source = readFileSync(path.join(repoRoot, "app", module), "utf8");
  return /export (const|async function|function) action\b/.test(source);
}

// Its own server: thousands of sign-in attempts would use up the shared server's guess limits.
let server: ServerProcess;
let dataDir: string;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = await seededDataDir();
  server = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) await removeDir(dataDir);
});

const form = { "Content-Type": "application/x-www-form-urlencoded" };

test.describe("hostile input to the web app", () => {
  test("refuses an oversized sign-in form post without Origin with 413, declared or chunked", async () => {
    for (const declareLength of [true, false]) {
      const answer = await upload(server.url, "/realm/arena/login", {
        total: 100 * MiB,
        declareLength,
        headers: { ...form, "Accept-Language": "es" },
      });
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("Se puede enviar como máximo 64 KB de una vez");
      // The server stopped taking the body long before its end, and is still there.
      expect(answer.written).toBeLessThan(MOST_WRITTEN_OF_REFUSED);
    }
    expect(server.exitCode).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  test("answers a form route posted with JSON, text, broken multipart or no body with 400", async () => {
    for (const [type, body] of [
      ["application/json", '{"email":"fan@arena.test"}'],
      ["text/plain", "email=fan@arena.test"],
      ["multipart/form-data", "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--"],
      ["", undefined],
    ]) {
      const res = await sendRaw(server.url, {
        method: "POST",
        path: "/realm/arena/login",
        headers: type ? { "Content-Type": type } : {},
        body,
      });
      expect(res.status, type).toBe(400);
      expect(res.body, type).toContain("This request cannot be read");
    }
  });

  test("refuses a heartbeat whose position is no finite number, and a NUL in an address, with 400", async () => {
    const cookie = await sessionCookie("arena", "CUSTOMER", "3");
    for (const position of ["NaN", "Infinity", "-1", "1e999"]) {
      const res = await fetch(`${server.url}/realm/arena/playback/heartbeat`, {
        method: "POST",
        headers: { ...form, Cookie: cookie },
        body: `sessionId=abc&position=${position}`,
      });
      expect(res.status, position).toBe(400);
      expect(await res.json()).toEqual({ error: "video", code: "INVALID_BODY" });
    }
    // An unknown session is the sender's mistake too: the platform's 404, not a 502.
    const unknown = await fetch(`${server.url}/realm/arena/playback/heartbeat`, {
      method: "POST",
      headers: { ...form, Cookie: cookie },
      body: "sessionId=abc&position=10",
    });
    expect(unknown.status).toBe(404);
    for (const address of ["/realm/arena/vod/%00", "/realm/arena/home?q=a%00b", "/%5C"]) {
      const res = await sendRaw(server.url, { method: "GET", path: address, headers: {} });
      expect(res.status, address).toBe(400);
    }
  });

  test("answers thousands of generated requests to every route of the route table without a 5xx", async () => {
    test.setTimeout(150_000);
    // Every route read, and the routes that take posts posted to twice as often.
    const endpoints: Endpoint[] = routeTable.routes.flatMap((route) => {
      const pattern = `/${route.path}`;
      const get = { method: "GET", pattern };
      const post = { method: "POST", pattern };
      return takesPosts(route.module) ? [get, post, post] : [get];
    });
    const requests = hostileRequests(endpoints, {
      count: 1500,
      seed: 20261122,
      // Under /realm/{name} of the shared host, and ("") on the realm's own domain.
      prefixes: ["/realm/arena", "/realm/liga", "/realm/nope", ""],
    });
    const port = new URL(server.url).port;
    const callers: Record<string, string>[] = [
      {},
      { Cookie: await sessionCookie("arena", "CUSTOMER", "3") },
      { Cookie: await sessionCookie("arena", "ADMIN", "1") },
      { Cookie: "__session=%00; language=%FF" },
    ];
    const caller = seededRandom(7);
    const sent = requests.map((request) => {
      const host: Record<string, string> = request.path.startsWith("/realm/")
        ? {}
        : { Host: `arena.localhost:${port}` };
      return { request, headers: { ...host, ...callers[Math.floor(caller() * callers.length)]! } };
    });
    const agent = new Agent({ keepAlive: true });
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    const started = Date.now();
    // A few at a time, as a scanner would send them.
    const queue = sent.values();
    const sender = async () => {
      for (const { request, headers } of queue) {
        const answer = await sendRaw(server.url, request, { agent, headers });
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        if (answer.status >= 500) {
          failures.push(
            `${answer.status} ${request.method} ${request.path.slice(0, 200)} ${request.headers["Content-Type"] ?? ""} ${(request.body ?? "").slice(0, 120)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, sender));
    agent.destroy();
    console.log(
      `web fuzz: ${requests.length} requests, ${failures.length} 5xx, ${Date.now() - started} ms`,
      JSON.stringify(statuses),
    );
    expect(failures).toEqual([]);
  });
});
