/**
 * Two web servers on one PostgreSQL, behind a small proxy of the test's own: what is published
 * or changed through one shows on the other within a second (docs/decisions/016-cache-
 * invalidation.md), with PostgreSQL LISTEN/NOTIFY and, when Redis answers, with Redis pub/sub.
 */
import { spawn } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { test, expect } from "@playwright/test";
import { demoRealmsDir } from "../../platform/seed/config.ts";
import { createPostgresDatabase, postgresAnswers } from "../fixtures/postgres-database.ts";
import { redisAnswers, TEST_REDIS_URL as REDIS } from "../fixtures/redis.ts";
import { DEMO_KEYS } from "../fixtures/secrets.ts";
import { DEMO_PASSWORD, tokenFor } from "./signed-in.ts";
import { freePort, repoRoot, ServerProcess } from "./server-process.ts";

const POSTGRES = process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
/** The proxy sends a request to the server this header names, else to each in turn. */
const UPSTREAM = "x-test-upstream";
const ARENA = { Realm: "arena", "X-Api-Key": DEMO_KEYS.arena, App: "e2e" };
const LIGA = { Realm: "liga", "X-Api-Key": DEMO_KEYS.liga, App: "e2e" };
/** What "consistent across servers" means here. */
const WITHIN_MS = 1_000;

/** A reverse proxy over `upstreams`: by the UPSTREAM header's index, else round-robin. */
async function startProxy(upstreams: string[]) {
  let next = 0;
  const served: number[] = upstreams.map(() => 0);
  const server = http.createServer((req, res) => {
    const named = Number(req.headers[UPSTREAM]);
    const index = Number.isInteger(named) && upstreams[named] ? named : next++ % upstreams.length;
    served[index]! += 1;
    const target = new URL(req.url ?? "/", upstreams[index]);
    // A connection per request: a kept-alive one the server has just closed would fail it.
    const { connection: _hop, ...headers } = req.headers;
    const forward = http.request(
      target,
      { method: req.method, headers: { ...headers, host: target.host }, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on("error", () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(forward);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Polls `read` on the second server until `expected` shows, and answers how long that took
 * after the change was made; fails when it does not show within WITHIN_MS.
 */
async function showsWithin(read: () => Promise<string>, expected: string): Promise<number> {
  const since = performance.now();
  for (;;) {
    const text = await read();
    const elapsed = performance.now() - since;
    if (text.includes(expected)) return elapsed;
    if (elapsed > WITHIN_MS) {
      throw new Error(`'${expected}' did not show on the other server within ${WITHIN_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Runs `npm run db:seed -- --dir <dir>` with the servers' environment, as an operator would. */
function seedFrom(dir: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--dir", dir], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`db:seed exited ${code}:\n${output}`)),
    );
  });
}

const transports = [
  { name: "PostgreSQL LISTEN/NOTIFY", env: {}, expected: "postgres" },
  { name: "Redis pub/sub", env: { REDIS_URL: REDIS }, expected: "redis" },
] as const;

test.describe("two web servers on one PostgreSQL", () => {
  test.describe.configure({ mode: "serial", timeout: 300_000 });

  for (const transport of transports) {
    test(`agree within a second, told over ${transport.name}`, async () => {
      test.skip(!(await postgresAnswers(POSTGRES)), `PostgreSQL is not reachable at ${POSTGRES}`);
      if (transport.expected === "redis") {
        test.skip(!(await redisAnswers()), `Redis is not reachable at ${REDIS}`);
      }
      const database = await createPostgresDatabase(POSTGRES);
      const servers: ServerProcess[] = [];
      let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
      const seedDir = await mkdtemp(path.join(os.tmpdir(), "two-servers-realms-"));
      try {
        const env = { DATABASE_URL: database.url, LOG_REQUESTS: "false", ...transport.env };
        // One after the other: the first seeds the empty database, the second finds it seeded.
        // Generous start-up limits: migrating and seeding PostgreSQL on a busy machine is slow.
        servers.push(await ServerProcess.start(env, 180_000));
        servers.push(await ServerProcess.start(env, 180_000));
        for (const server of servers) {
          expect(server.output.join("")).toContain(`"invalidation":"${transport.expected}"`);
        }
        proxy = await startProxy(servers.map((s) => s.url));
        const token = await tokenFor("arena", "ADMIN");

        const on = (server: 0 | 1) => ({ [UPSTREAM]: String(server) });
        const api = async (server: 0 | 1, method: string, apiPath: string, body?: unknown) => {
          const res = await fetch(`${proxy!.url}/api/v2${apiPath}`, {
            method,
            headers: {
              ...ARENA,
              ...on(server),
              Authorization: `Bearer ${token}`,
              ...(body ? { "Content-Type": "application/json" } : {}),
            },
            body: body ? JSON.stringify(body) : undefined,
          });
          expect(res.status, `${method} ${apiPath}`).toBeLessThan(300);
          return res.json() as Promise<Record<string, unknown>>;
        };
        /** Publishes the current document of `target` as `change` makes it, through server 0. */
        const republish = async (target: string, change: (document: never) => void) => {
          const { published } = await api(0, "GET", `/admin/drafts/${target}`);
          const document = structuredClone((published as { document: never }).document);
          change(document);
          await api(0, "PUT", `/admin/drafts/${target}`, document);
          await api(0, "POST", `/admin/publish/${target}`, { note: "Two servers" });
        };
        // A guest's page from the second server, shared by every guest (its page cache).
        const guestHome = async () => {
          const res = await fetch(`${proxy!.url}/realm/arena`, { headers: on(1) });
          expect(res.status).toBe(200);
          return res.text();
        };
        // Settle the second server's caches: the next read is answered from them.
        await guestHome();
        const cached = await fetch(`${proxy.url}/realm/arena`, { headers: on(1) });
        await cached.text();
        expect(`${cached.status} ${cached.headers.get("X-Page-Cache")}`).toBe("200 hit");

        // A published page.
        const railTitle = `Coming up ${Date.now().toString(36)}`;
        await republish("page/home", (page: { zones: { main: { id: string }[] } }) => {
          const rail = page.zones.main.find((block) => block.id === "coming-up")!;
          (rail as { title?: string }).title = railTitle;
        });
        const pageShown = await showsWithin(guestHome, railTitle);

        // A published menu.
        const menuTitle = `Fight Nights ${Date.now().toString(36)}`;
        await republish("navbar/WEB", (menu: { items: { title: string }[] }) => {
          menu.items.find((item) => item.title === "Fight Nights")!.title = menuTitle;
        });
        const menuShown = await showsWithin(guestHome, menuTitle);

        // Realm settings, changed by an operator re-seeding the realm from its folder.
        const fullName = `Arena Fight Pass ${Date.now().toString(36)}`;
        await cp(path.join(demoRealmsDir, "arena"), path.join(seedDir, "arena"), {
          recursive: true,
        });
        const realmFile = path.join(seedDir, "arena", "realm.json");
        const realm = JSON.parse(await readFile(realmFile, "utf8"));
        realm.settings.realmFullName = fullName;
        await writeFile(realmFile, JSON.stringify(realm));
        await seedFrom(seedDir, env);
        const realmShown = await showsWithin(guestHome, fullName);

        // A session ended on the first server is refused by the second.
        const signIn = await fetch(`${proxy.url}/api/v2/login`, {
          method: "POST",
          headers: { ...LIGA, ...on(0), "Content-Type": "application/json" },
          body: JSON.stringify({ id: "viewer@liga.test", secret: DEMO_PASSWORD }),
        });
        const { authorisationToken, refreshToken } = await signIn.json();
        const profiles = async () => {
          const res = await fetch(`${proxy!.url}/api/v2/user/profiles`, {
            headers: { ...LIGA, ...on(1), Authorization: `Bearer ${authorisationToken}` },
          });
          return `status ${res.status}`;
        };
        expect(await profiles()).toBe("status 200");
        const logout = await fetch(`${proxy.url}/api/v2/logout`, {
          method: "POST",
          headers: { ...LIGA, ...on(0), "Content-Type": "application/json" },
          body: JSON.stringify({ refreshToken }),
        });
        expect(logout.status).toBe(204);
        const sessionEnded = await showsWithin(profiles, "status 401");

        // Without the header, the proxy shares requests between both servers, which agree (the
        // seed wrote the folder's menu and pages back, with the new realm name).
        for (let i = 0; i < 2; i++) {
          const shared = await (await fetch(`${proxy.url}/realm/arena`)).text();
          expect(shared.includes(fullName), `request ${i} shows the new realm name`).toBe(true);
        }
        expect(proxy.served.every((n) => n > 0)).toBe(true);

        test.info().annotations.push({
          type: "shown on the other server after (ms)",
          description: `page ${pageShown.toFixed(0)}, menu ${menuShown.toFixed(0)}, realm ${realmShown.toFixed(0)}, sign-out ${sessionEnded.toFixed(0)}`,
        });
      } finally {
        await proxy?.close();
        await Promise.all(servers.map((server) => server.stop()));
        await database.drop();
        await rm(seedDir, { recursive: true, force: true });
      }
    });
  }
});
