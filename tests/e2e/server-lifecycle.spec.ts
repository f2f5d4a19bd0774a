import http from "node:http";
import { createServer, connect, type Server, type Socket } from "node:net";
import { test, expect } from "@playwright/test";
import * as t from "../../platform/store/schema.ts";
import { openStore } from "../../platform/store/store.ts";
import { createPostgresDatabase, postgresAnswers } from "../fixtures/postgres-database.ts";
import {
  freePort,
  freshDataDir,
  removeDir,
  seededDataDir,
  ServerProcess,
} from "./server-process.ts";
import { freshAccount, platformCall } from "./watching.ts";

const KEY = {
  Realm: "arena",
  "X-Api-Key": "arena-web-5b1f0c9e2d7a4e61",
  App: "e2e",
  "Content-Type": "application/json",
};

/**
 * How long a platform or store outage may take to show as Connection Failed: the page cache
 * serves a page for at most 5 s, the web app's live-version check is 2 s old at most.
 */
const OUTAGE_SHOWN = { timeout: 15_000, intervals: [500] };

async function postReferral(url: string, id: string): Promise<number | null> {
  const res = await fetch(`${url}/api/v1/session`, {
    method: "POST",
    headers: KEY,
    body: JSON.stringify({ referralExid: id }),
  });
  return res.status === 201 ? ((await res.json()) as { id: number }).id : null;
}

/** A GET whose `sent` resolves once the request is written out, `answered` with its status. */
function sentThenAnswered(url: string): { sent: Promise<void>; answered: Promise<number> } {
  let sent!: () => void;
  const written = new Promise<void>((resolve) => (sent = resolve));
  const answered = new Promise<number>((resolve, reject) => {
    const request = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    // Written out means both: the socket is connected and the request handed to it.
    const connected = new Promise<void>((resolve) =>
      request.once("socket", (socket) =>
        socket.connecting ? socket.once("connect", () => resolve()) : resolve(),
      ),
    );
    const finished = new Promise<void>((resolve) => request.once("finish", () => resolve()));
    void Promise.all([connected, finished]).then(sent);
    request.on("error", reject);
  });
  return { sent: written, answered };
}

test.describe("the server process", () => {
  test.describe.configure({ timeout: 240_000 });

  test("keeps written data across a graceful restart and a SIGKILL mid-write", async () => {
    const dataDir = await freshDataDir();
    try {
      const first = await ServerProcess.start({ DATA_DIR: dataDir });
      const savedId = await postReferral(first.url, "before-restart");
      expect(savedId).not.toBeNull();
      expect(await first.stop("SIGTERM")).toBe(0);
      expect(first.output.join("")).toContain('"msg":"shutting down"');

      const second = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
      const acknowledged: number[] = [];
      let n = 0;
      const writers = Array.from({ length: 4 }, async () => {
        for (;;) {
          const id = await postReferral(second.url, `burst-${n++}`).catch(() => null);
          if (id === null) return;
          acknowledged.push(id);
        }
      });
      await expect.poll(() => acknowledged.length, { timeout: 30_000 }).toBeGreaterThan(40);
      await second.stop("SIGKILL");
      await Promise.all(writers);

      const third = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
      expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
      expect(await third.stop("SIGTERM")).toBe(0);

      const store = await openStore({ dataDir });
      try {
        const rows = await store.db
          .select({ id: t.referrals.id, referralId: t.referrals.referralId })
          .from(t.referrals);
        const ids = new Set(rows.map((r) => r.id));
        expect(rows.find((r) => r.id === savedId)?.referralId).toBe("before-restart");
        expect(acknowledged.filter((id) => !ids.has(id))).toEqual([]);
      } finally {
        await store.close();
      }
    } finally {
      await removeDir(dataDir);
    }
  });

  test("lets in-flight requests finish on SIGTERM, then refuses new ones", async () => {
    const dataDir = await freshDataDir();
    try {
      const server = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
      // Uncached renders at several widths keep requests in flight while the signal arrives; few
      // enough that a busy machine still finishes them within the server's 10 s grace.
      const finishedAt: number[] = [];
      const requests = [150, 410, 960, 1920].flatMap((w) =>
        ["arena/hero/afc-24-7", "arena/hero/afc-24-7/portrait"].map((id) =>
          sentThenAnswered(`${server.url}/images/${id}.webp?w=${w}`),
        ),
      );
      // Every request has been written to its socket (a busy machine can take a while to get
      // that far): each one reached the server before the signal, so each deserves an answer.
      await Promise.all(requests.map((r) => r.sent));
      const signalledAt = Date.now();
      const exit = server.stop("SIGTERM");
      const statuses = await Promise.all(
        requests.map(async (r) => {
          const status = await r.answered;
          finishedAt.push(Date.now());
          return status;
        }),
      );
      expect(statuses).toEqual(statuses.map(() => 200));
      expect(
        finishedAt.filter((t) => t > signalledAt).length,
        "some requests were still in flight",
      ).toBeGreaterThan(0);
      expect(await exit).toBe(0);
      await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    } finally {
      await removeDir(dataDir);
    }
  });

  test("ends open event streams on SIGTERM, so a watch-together room does not hold the stop", async () => {
    const dataDir = await seededDataDir();
    try {
      const server = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
      const viewer = await freshAccount(server.url, "liga");
      const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
        platformCall(server.url, "liga", path, { ...init, token: viewer.authorisationToken });
      const videos = (await (await call("/v2/vods?rpp=20")).json()) as {
        hits: { id: number }[];
      };
      let room: { id: string } | undefined;
      for (const { id } of videos.hits) {
        const created = await call("/v2/watch-together/rooms", {
          method: "POST",
          body: { kind: "vod", id },
        });
        if (created.status === 201) {
          room = (await created.json()) as { id: string };
          break;
        }
      }
      expect(room, "a room for one of liga's videos").toBeDefined();
      const stream = await platformCall(
        server.url,
        "liga",
        `/v2/watch-together/rooms/${room!.id}/events`,
        {
          token: viewer.authorisationToken,
          headers: { Accept: "text/event-stream" },
        },
      );
      expect(stream.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
      const ended = stream.text().then(
        () => "ended",
        () => "ended",
      );
      const signalledAt = Date.now();
      expect(await server.stop("SIGTERM")).toBe(0);
      // Well inside the 10 s grace after which the process would give up on its requests.
      expect(Date.now() - signalledAt).toBeLessThan(8_000);
      expect(await ended).toBe("ended");
    } finally {
      await removeDir(dataDir);
    }
  });

  test("answers every accepted connection on SIGTERM under load, then exits 0", async () => {
    const dataDir = await freshDataDir();
    const server = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
    try {
      // A paused server is one whose event loop is busy: the kernel completes each handshake and
      // buffers each request, and the signal arrives before any of them has been read.
      server.signal("SIGSTOP");
      const burst = openConnections(Number(new URL(server.url).port), 200);
      await burst.handshakes;
      await new Promise((r) => setTimeout(r, 300));
      server.signal("SIGTERM");
      server.signal("SIGCONT");
      const outcomes = await burst.outcomes;
      const accepted = outcomes.filter((o) => o.accepted);
      const reset = accepted.filter((o) => o.status === undefined);
      console.log(
        `SIGTERM under 200 connections: ${reset.length} of ${accepted.length} accepted connections reset`,
      );
      expect(accepted).toHaveLength(200);
      expect(reset.map((o) => o.error)).toEqual([]);
      expect(accepted.map((o) => o.status)).toEqual(accepted.map(() => 200));
      expect(await server.exited()).toBe(0);
    } finally {
      server.signal("SIGCONT");
      await server.stop("SIGKILL");
      await removeDir(dataDir);
    }
  });

  test("exits with one clear line when the store cannot be reached at start", async () => {
    const server = new ServerProcess(await freePort(), {
      DATABASE_URL: "postgres://postgres:secret@127.0.0.1:1/none",
    });
    server.spawn();
    expect(await server.exited()).toBe(1);
    const output = server.output.join("").trim();
    expect(output.split("\n")).toHaveLength(1);
    expect(output).toMatch(
      /^server: PostgreSQL at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/none is not usable: .*ECONNREFUSED/,
    );
  });

  test("runs in production mode when NODE_ENV is unset, and sends pages and JSON compressed", async () => {
    const dataDir = await freshDataDir();
    const server = await ServerProcess.start({
      DATA_DIR: dataDir,
      NODE_ENV: "",
      LOG_REQUESTS: "false",
    });
    try {
      expect(server.output.join("")).toContain('"mode":"production"');
      const raw = (path: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
        new Promise<{ encoding?: string; vary?: string; bytes: number }>((resolve, reject) => {
          http
            .get(
              `${server.url}${path}`,
              { headers: { ...headers, "Accept-Encoding": acceptEncoding } },
              (res) => {
                let bytes = 0;
                res.on("data", (chunk: Buffer) => (bytes += chunk.length));
                res.on("end", () =>
                  resolve({
                    encoding: res.headers["content-encoding"],
                    vary: res.headers.vary,
                    bytes,
                  }),
                );
              },
            )
            .on("error", reject);
        });
      const plain = await raw("/realm/arena", "identity");
      const brotli = await raw("/realm/arena", "gzip, deflate, br");
      expect(plain.encoding).toBeUndefined();
      expect(brotli.encoding).toBe("br");
      expect(brotli.vary).toContain("Accept-Encoding");
      expect(brotli.bytes).toBeLessThan(plain.bytes / 3);
      const api = await raw("/api/v2/events?rpp=50", "gzip", {
        Realm: KEY.Realm,
        "X-Api-Key": KEY["X-Api-Key"],
        App: KEY.App,
      });
      expect(api.encoding).toBe("gzip");
    } finally {
      await server.stop();
      await removeDir(dataDir);
    }
  });

  test("a web server with API_BASE_URL keeps no store and serves through that platform", async ({
    page,
  }) => {
    const dataDir = await freshDataDir();
    const platform = await ServerProcess.start({ DATA_DIR: dataDir, LOG_REQUESTS: "false" });
    const web = await ServerProcess.start({
      API_BASE_URL: platform.url,
      SESSION_SECRET: "web-tier-session-secret-0123456789abcdef",
      DATA_DIR: "/nonexistent/never-created",
    });
    try {
      expect(await (await fetch(`${web.url}/healthz`)).json()).toMatchObject({
        status: "ok",
        store: "remote",
      });
      const response = await page.goto(`${web.url}/realm/arena`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Arena Fight Pass");
      const logo = page.getByRole("img", { name: "Arena Fight Pass home" });
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      const api = await fetch(`${web.url}/api/v1/realm-lookup?name=liga`);
      expect((await api.json()).realm).toBe("liga");
      expect(web.output.join("")).toContain('"store":null');

      await platform.stop();
      expect((await fetch(`${web.url}/healthz`)).status).toBe(503);
      // A guest may get the page rendered a moment ago for a few seconds more (decision 004).
      await expect
        .poll(async () => (await page.goto(`${web.url}/realm/arena`))?.status(), OUTAGE_SHOWN)
        .toBe(503);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connection Failed");
    } finally {
      await web.stop();
      await platform.stop();
      await removeDir(dataDir);
    }
  });

  test("shows Connection Failed with 503 while PostgreSQL is away, and recovers without restart", async ({
    page,
  }) => {
    await skipWithoutPostgres();
    const { server, proxy, stop } = await serverBehindProxy();
    try {
      expect((await page.goto(`${server.url}/realm/arena`))?.status()).toBe(200);

      await proxy.stop();
      // A guest may get the page rendered a moment ago for a few seconds more (decision 004).
      await expect
        .poll(async () => (await page.goto(`${server.url}/realm/arena`))?.status(), OUTAGE_SHOWN)
        .toBe(503);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connection Failed");
      await expect(page.getByText("Please refresh the page")).toBeVisible();
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);

      await proxy.restart();
      await expect
        .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 20_000 })
        .toBe(200);
      expect((await page.goto(`${server.url}/realm/arena`))?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Arena Fight Pass");
    } finally {
      await stop();
    }
  });

  test("answers 503 within seconds while PostgreSQL is silently cut off, and recovers after a failover without restart", async () => {
    await skipWithoutPostgres();
    // Default timeouts: the bounds below are what an operator gets without configuring any.
    const { server, proxy, stop } = await serverBehindProxy();
    try {
      // Several connections in the pool, all of which the cut leaves dangling.
      const warm = await Promise.all(
        Array.from({ length: 6 }, (_, i) => timedReferral(server.url, `warm-${i}`)),
      );
      expect(warm.map((r) => r.status)).toEqual(warm.map(() => 201));

      proxy.cutSilently();
      const during = await Promise.all(
        Array.from({ length: 4 }, (_, i) => timedReferral(server.url, `cut-${i}`)),
      );
      console.log(`during the cut: ${during.map((r) => `${r.status} in ${r.ms} ms`).join(", ")}`);
      expect(during.map((r) => r.status)).toEqual(during.map(() => 503));
      expect(Math.max(...during.map((r) => r.ms))).toBeLessThan(10_000);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);

      // The old path stays silent for good, as after a failover; new connections get through.
      proxy.failover();
      const failedOverAt = Date.now();
      await expect
        .poll(async () => (await timedReferral(server.url, "after-failover")).status, {
          timeout: 20_000,
          intervals: [250],
        })
        .toBe(201);
      const recoveryMs = Date.now() - failedOverAt;
      console.log(`recovered ${recoveryMs} ms after a silent cut and failover`);
      // Shorter than one read timeout: no request after the failover waited on a dead connection.
      expect(recoveryMs).toBeLessThan(5_000);
      // Every later request is served: no dead connection is left in the pool.
      const after = await Promise.all(
        Array.from({ length: 8 }, (_, i) => timedReferral(server.url, `after-${i}`)),
      );
      expect(after.map((r) => r.status)).toEqual(after.map(() => 201));
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    } finally {
      await stop();
    }
  });
});

async function skipWithoutPostgres() {
  const url = process.env.DATABASE_URL;
  test.skip(
    !url || !(await postgresAnswers(url)),
    `needs a PostgreSQL server answering at DATABASE_URL (${url ?? "unset"})`,
  );
}

/** A server whose store is a throwaway PostgreSQL database it reaches only through a proxy. */
async function serverBehindProxy() {
  const database = await createPostgresDatabase(process.env.DATABASE_URL!);
  const target = new URL(database.url);
  const proxy = await TcpProxy.start(target.hostname, Number(target.port || 5432));
  const viaProxy = new URL(database.url);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(proxy.port);
  const server = await ServerProcess.start({
    DATABASE_URL: viaProxy.toString(),
    LOG_REQUESTS: "false",
  });
  const stop = async () => {
    await server.stop();
    await proxy.stop();
    await database.drop();
  };
  return { server, proxy, stop };
}

/**
 * A TCP forwarder we can cut, to take PostgreSQL away from the server and bring it back: by
 * closing every connection (a reset), or silently, as a network that drops packets does.
 */
class TcpProxy {
  private server?: Server;
  private sockets = new Set<Socket>();
  /** Forwarding pairs; a silent cut stops them for good without closing anything. */
  private pairs = new Set<{ client: Socket; upstream: Socket }>();
  private silent = false;
  private constructor(
    readonly port: number,
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  static async start(host: string, targetPort: number) {
    const proxy = new TcpProxy(await freePort(), host, targetPort);
    await proxy.restart();
    return proxy;
  }

  restart(): Promise<void> {
    this.server = createServer((client) => {
      this.track(client);
      if (this.silent) {
        // Accepted, never answered.
        client.pause();
        return;
      }
      const upstream = connect(this.targetPort, this.host);
      this.track(upstream);
      for (const s of [client, upstream]) {
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
      this.pairs.add({ client, upstream });
    });
    return new Promise((resolve) => this.server!.listen(this.port, "127.0.0.1", resolve));
  }

  /** Nothing passes any more, in either direction, and no connection is closed. */
  cutSilently() {
    this.silent = true;
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
    this.pairs.clear();
  }

  /** New connections reach PostgreSQL again; those cut stay silent. */
  failover() {
    this.silent = false;
  }

  stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.pairs.clear();
    return new Promise((resolve) =>
      this.server?.listening ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private track(socket: Socket) {
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  }
}

/** A referral write (one statement in the store) with its status and how long it took. */
async function timedReferral(url: string, id: string): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  const res = await fetch(`${url}/api/v1/session`, {
    method: "POST",
    headers: KEY,
    body: JSON.stringify({ referralExid: id }),
    // Without a bound of its own, a request to a server that hangs would hang the test.
    signal: AbortSignal.timeout(30_000),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: Date.now() - started };
}

interface ConnectionOutcome {
  /** The TCP handshake completed: the server's kernel took the connection. */
  accepted: boolean;
  /** Status of a complete response, if one arrived in full. */
  status?: number;
  error?: string;
}

/**
 * Opens `count` connections at once, each sending one request as soon as it is connected.
 * `handshakes` resolves once every connection is established or refused.
 */
function openConnections(port: number, count: number) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const handshakes: Promise<void>[] = [];
  const outcomes = Array.from({ length: count }, (_, i) => {
    let handshake!: () => void;
    handshakes.push(new Promise<void>((resolve) => (handshake = resolve)));
    return new Promise<ConnectionOutcome>((resolve) => {
      const outcome: ConnectionOutcome = { accepted: false };
      // A quarter ask the store; the rest are static files, so the 200 answers fit the grace.
      const path = i % 4 ? "/favicon.svg" : "/healthz";
      const req = http.get({ host: "127.0.0.1", port, path, agent }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ ...outcome, status: res.complete ? res.statusCode : undefined }),
        );
        res.on("error", (error) => resolve({ ...outcome, error: error.message }));
      });
      req.on("socket", (socket) =>
        socket.once("connect", () => {
          outcome.accepted = true;
          handshake();
        }),
      );
      req.on("error", (error: NodeJS.ErrnoException) => {
        handshake();
        resolve({ ...outcome, error: `${error.code ?? ""} ${error.message}` });
      });
    });
  });
  return {
    handshakes: Promise.all(handshakes),
    outcomes: Promise.all(outcomes).finally(() => agent.destroy()),
  };
}
