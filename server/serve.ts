/**
 * The one server process, started by server/main.ts once NODE_ENV is settled.
 * Opens the store (migrating it), seeds the demo realms into an empty store, then serves.
 */
import { access, readFile } from "node:fs/promises";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import { loadEnv, EnvError, type Env } from "./env.ts";
import { resolveSecret } from "../platform/auth/secrets.ts";
import { gracefulStop } from "./graceful-stop.ts";
import { createServerApp } from "./http.ts";
import { createOutboxSender, type OutboxSender } from "../platform/identity/smtp.ts";
import { ConfigValidationError } from "../platform/realm-config/load-realms.ts";
import { lazyChunkUrl } from "./client-chunks.ts";
import { developmentReactFiles, loadedModuleFiles } from "./react-build.ts";
import { seed, storeIsEmpty } from "../platform/seed/seed.ts";
import { startRenewals } from "../platform/commerce/renewals.ts";
import { startAnalyticsRetention } from "../platform/analytics/retention.ts";
import { openStore, StoreUnavailableError, type Store } from "../platform/store/store.ts";
import {
  BusUnavailableError,
  openInvalidationBus,
  type InvalidationBus,
} from "../platform/store/invalidation-bus.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = loadEnv();
  // With API_BASE_URL this process is a stateless web tier in front of that platform: no store.
  const store = env.API_BASE_URL ? undefined : await openPlatformStore(env);
  // Several servers on one PostgreSQL (or a web tier in front of it) keep each other's caches
  // current; on the embedded store this process is the only one.
  const invalidation = await openInvalidationBus({
    redisUrl: env.REDIS_URL,
    databaseUrl: env.DATABASE_URL,
    onError: (error) =>
      logLine({
        level: "warn",
        msg: "cache invalidation transport",
        error: error instanceof Error ? error.message : String(error),
      }),
  });
  const { build, file: buildFile } = await loadBuild();
  if (env.NODE_ENV === "production") refuseDevelopmentReact();
  const hlsChunkUrl = await lazyChunkUrl(
    build,
    path.join(path.dirname(buildFile), "metafile.js.json"),
    "hls.js",
  );
  const app = createServerApp({
    store,
    tokenSecret: store ? await resolveSecret(store.db, "token", env.TOKEN_SECRET) : undefined,
    sessionSecret: env.SESSION_SECRET ?? (await resolveSecret(store!.db, "session", undefined)),
    build,
    hlsChunkUrl,
    errorTracing: {
      release: `${await appVersion()}+${build.assets.version}`,
      sampleRate: env.ERROR_TRACING_SAMPLE_RATE,
    },
    mode: env.NODE_ENV,
    apiBaseUrl: env.API_BASE_URL,
    vpnHeader: env.VPN_HEADER,
    trustProxy: env.TRUST_PROXY,
    territoryHeader: env.TERRITORY_HEADER,
    mediaSigningSecret: env.MEDIA_SIGNING_SECRET,
    publicUrl: env.PUBLIC_URL,
    invalidation,
    log: env.LOG_REQUESTS ? undefined : () => {},
  });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const platform = env.API_BASE_URL ?? "embedded";
    console.log(
      JSON.stringify({
        level: "info",
        msg: "listening",
        url: `http://localhost:${info.port}`,
        store: store?.kind ?? null,
        platform,
        invalidation: invalidation.transport,
        mode: process.env.NODE_ENV,
      }),
    );
  });
  server.on("error", (error: NodeJS.ErrnoException) => {
    console.error(
      `server: cannot listen on ${env.HOST}:${env.PORT}: ${error.code ?? error.message}`,
    );
    process.exit(1);
  });
  const mailer =
    store && env.SMTP_URL
      ? createOutboxSender(store, { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: logLine })
      : undefined;
  // Subscriptions due are renewed by every server on an interval, each exactly once.
  const renewals = store
    ? startRenewals(store.db, {
        secret: () => resolveSecret(store.db, "media-signing", env.MEDIA_SIGNING_SECRET),
        log: logLine,
      })
    : undefined;
  // Analytics events past their retention go; on PostgreSQL the coming days' partitions are made.
  const retention = store ? startAnalyticsRetention(store, { log: logLine }) : undefined;
  installShutdown(server, store, mailer, invalidation, {
    stop: async () => {
      await Promise.all([renewals?.stop(), retention?.stop()]);
    },
  });
}

const logLine = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

async function openPlatformStore(env: Env): Promise<Store> {
  const store = await openStore({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    timeouts: {
      connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      idleMs: env.DATABASE_IDLE_TIMEOUT_MS,
      idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  });
  if (env.SEED_DEMO && (await storeIsEmpty(store.db))) {
    const summary = await seed(store.db, { publicUrl: env.PUBLIC_URL });
    for (const r of summary.realms)
      console.log(JSON.stringify({ level: "info", msg: "seeded", ...r }));
  }
  return store;
}

async function loadBuild(): Promise<{ build: ServerBuild; file: string }> {
  const file = path.resolve("build/index.js");
  try {
    await access(file);
  } catch {
    throw new StartupError(
      "build/index.js is missing: run `npm run build` (npm start does it for you)",
    );
  }
  return { build: (await import(pathToFileURL(file).href)) as ServerBuild, file };
}

/** Production mode with React's development build would serve pages several times slower. */
function refuseDevelopmentReact() {
  const files = developmentReactFiles(loadedModuleFiles());
  if (files.length > 0) {
    throw new StartupError(
      `NODE_ENV is production but React's development build is loaded (${path.basename(files[0]!)}): ` +
        "set NODE_ENV before anything imports React (server/main.ts does)",
    );
  }
}

/**
 * On SIGTERM/SIGINT: stop accepting, answer every request already received (read or not), then
 * close the store.
 */
function installShutdown(
  server: ReturnType<typeof serve>,
  store: Store | undefined,
  mailer: OutboxSender | undefined,
  invalidation: InvalidationBus,
  /** Timed work (renewals, analytics retention) to let finish. */
  background: { stop: () => Promise<void> },
) {
  const drain = gracefulStop(server as Server);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ level: "info", msg: "shutting down", signal }));
    const force = setTimeout(() => {
      console.error("server: in-flight requests did not finish in time; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // Half the grace for connections the kernel queued before the signal, half for answers.
    await drain(SHUTDOWN_GRACE_MS / 2);
    await mailer?.stop().catch(() => {});
    await background.stop().catch(() => {});
    await invalidation.close().catch(() => {});
    await store?.close().catch(() => {});
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

class StartupError extends Error {}

main().catch((error: unknown) => {
  if (
    error instanceof EnvError ||
    error instanceof StoreUnavailableError ||
    error instanceof BusUnavailableError ||
    error instanceof ConfigValidationError ||
    error instanceof StartupError
  ) {
    console.error(`server: ${error.message}`);
  } else {
    console.error("server: failed to start:", error);
  }
  process.exit(1);
});

/** The app's version, as package.json gives it. */
async function appVersion(): Promise<string> {
  const file = path.join(import.meta.dirname, "..", "package.json");
  return (JSON.parse(await readFile(file, "utf8")) as { version: string }).version;
}
