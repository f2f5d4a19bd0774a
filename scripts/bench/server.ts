/**
 * The production server as a child process of the bench: built, started on a free port with a
 * throw-away data directory, and always stopped again.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
/** Enough of the server's output to explain a failed start without holding on to all of it. */
const OUTPUT_TAIL_CHARS = 4_000;

export class BenchError extends Error {
  override name = "BenchError";
}

export interface RunningServer {
  baseUrl: string;
  /** The server process (for its memory). */
  pid: number;
  /** How it ended, with the tail of its output, if it is no longer running. */
  ended: () => string | undefined;
  /** Stops the process and removes its data directory; safe to call more than once. */
  stop: () => Promise<void>;
}

/** Every child started, including one still starting up, for the last-resort kill. */
const started = new Set<() => void>();

/**
 * For the process "exit" handler, where nothing can be awaited: SIGKILL whatever is still
 * running and remove its data directory. Covers an interrupt during start-up too.
 */
export function killServersSync(): void {
  for (const kill of started) kill();
}

/** `npm run build` with the terminal attached, so build errors read as usual. */
export function buildApp(): void {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) {
    throw new BenchError(`the build failed (exit ${result.status ?? result.signal})`);
  }
}

/** Asks the OS for an unused port; there is a small race until the server binds it, accepted. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts `node server/start.js` (the built server, as `npm start` runs it) and resolves once /healthz answers 200. `prepare`
 * may fill the empty data directory first; the server seeds the demo realms only into an empty
 * store. `env` adds to the server's environment: a DATABASE_URL there benches that PostgreSQL.
 */
export async function startServer(
  prepare?: (dataDir: string) => Promise<void>,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  // A fresh store each run: figures never depend on what an earlier run left in ./data.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  try {
    await prepare?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const child = spawn(process.execPath, ["server/start.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // An embedded store only: a DATABASE_URL from the shell would bench (and seed) that one.
      DATABASE_URL: "",
      LOG_REQUESTS: "false",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = captureOutput(child);
  const server = stoppable(child, dataDir);
  started.add(server.stopSync);
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHealth(baseUrl, child, output);
    const ended = () =>
      child.exitCode === null && child.signalCode === null
        ? undefined
        : `exit ${child.exitCode ?? child.signalCode}:\n${output()}`;
    return { baseUrl, pid: child.pid!, ended, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Keeps the tail of stdout+stderr (pipes must be drained anyway, or the child would block). */
function captureOutput(child: ChildProcess): () => string {
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString("utf8")).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => tail.trim();
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new BenchError(`server exited during start-up:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet (the first start seeds the demo realms): try again shortly.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new BenchError(
    `server not healthy after ${HEALTH_TIMEOUT_MS / 1000} s; its output:\n${output()}`,
  );
}

/** SIGTERM (the server drains and closes its store), SIGKILL if it hangs, then drop the data. */
function stoppable(child: ChildProcess, dataDir: string) {
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const removeData = () => rmSync(dataDir, { recursive: true, force: true });
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
      removeData();
    })();
    return stopping;
  };
  const stopSync = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    removeData();
  };
  return { stop, stopSync };
}
