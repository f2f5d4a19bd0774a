import { spawn, type ChildProcess } from "node:child_process";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { TEST_SESSION_SECRET, TEST_TOKEN_SECRET } from "../fixtures/secrets.ts";

export const repoRoot = path.resolve(import.meta.dirname, "../..");

/** The demo realms seeded once per run (global-setup.ts), which `seededDataDir` copies. */
export const STORE_TEMPLATE = path.join(repoRoot, "test-results", "e2e-store-template");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** An empty data folder: a server started on it migrates and seeds the demo realms itself. */
export async function freshDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), "streaming-e2e-"));
}

/**
 * A data folder holding the demo realms as seeded at the start of the run (global-setup.ts),
 * for a server whose test is not about migrating or seeding: it starts several seconds sooner.
 */
export async function seededDataDir(): Promise<string> {
  const dir = await freshDataDir();
  await cp(STORE_TEMPLATE, dir, { recursive: true });
  return dir;
}

/** The built production server as a child process, on its own port and data folder. */
export class ServerProcess {
  readonly url: string;
  readonly output: string[] = [];
  private child?: ChildProcess;
  exitCode: number | null = null;

  constructor(
    readonly port: number,
    readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async start(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
    const server = new ServerProcess(await freePort(), env);
    server.spawn();
    await server.waitHealthy(timeoutMs);
    return server;
  }

  spawn() {
    const child = spawn(process.execPath, ["server/start.js"], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: "",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        // Known secrets, so tests can sign what a signed-in viewer's browser would hold.
        TOKEN_SECRET: TEST_TOKEN_SECRET,
        SESSION_SECRET: TEST_SESSION_SECRET,
        ...this.env,
        PORT: String(this.port),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d: Buffer) => this.output.push(d.toString()));
    child.stderr!.on("data", (d: Buffer) => this.output.push(d.toString()));
    child.on("exit", (code) => (this.exitCode = code));
    this.child = child;
  }

  async waitHealthy(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitCode !== null)
        throw new Error(`server exited with ${this.exitCode}:\n${this.output.join("")}`);
      try {
        if ((await fetch(`${this.url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server did not become healthy:\n${this.output.join("")}`);
  }

  /** Resolves with the exit code once the process has ended. */
  exited(): Promise<number | null> {
    if (this.exitCode !== null || !this.child) return Promise.resolve(this.exitCode);
    return new Promise((resolve) => this.child!.once("exit", (code) => resolve(code)));
  }

  /** Sends a signal without waiting for the process to end. */
  signal(signal: NodeJS.Signals) {
    if (this.exitCode === null) this.child?.kill(signal);
  }

  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<number | null> {
    if (this.exitCode === null) this.child?.kill(signal);
    return this.exited();
  }
}

export async function removeDir(dir: string) {
  await rm(dir, { recursive: true, force: true });
}
