import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";
import { DEFAULT_TIMEOUTS, type StoreTimeouts } from "./timeouts.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Store {
  db: Db;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** `postgres://…`: use PostgreSQL instead of the embedded store. */
  databaseUrl?: string;
  /** Folder of the embedded store; created when missing. Ignored with `databaseUrl`. */
  dataDir?: string;
  /** A PGlite dump (`dumpDataDir`) to start from: tests restore a prepared store this way. */
  loadDataDir?: Blob;
  /** PostgreSQL connections in the pool (default 10). */
  poolSize?: number;
  /** How long PostgreSQL may take before a call gives up (defaults: `DEFAULT_TIMEOUTS`). */
  timeouts?: Partial<StoreTimeouts>;
  /** Skip migrations (only for a dump that is known to be migrated). */
  skipMigrations?: boolean;
}

/** How much longer than the statement timeout the client waits, so a slow query is cancelled cleanly. */
const READ_TIMEOUT_MARGIN_MS = 1_000;
/** Idle connections are probed this long after their last traffic (TCP keep-alive). */
const KEEPALIVE_DELAY_MS = 10_000;

/** Raised when the store cannot be opened or reached; its message is one line for operators. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

/** PostgreSQL extensions the embedded store loads (search: migration 0010 creates them). */
export const PGLITE_EXTENSIONS = { pg_trgm, unaccent };

/**
 * PGlite's own start parameters, with a smaller buffer cache than PostgreSQL's 128 MB default:
 * the embedded store's data files sit in the operating system's page cache anyway, and the
 * default's pages, once touched, stay in the process's memory for good.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

// Any id works as long as every process that migrates this schema uses the same one.
const MIGRATION_LOCK_ID = 727_001;

export async function openStore(options: StoreOptions): Promise<Store> {
  return options.databaseUrl ? openPostgres(options) : openPglite(options);
}

async function openPglite(options: StoreOptions): Promise<Store> {
  let client: PGlite;
  try {
    if (options.loadDataDir) {
      // PGlite ignores the options object when its first argument is undefined.
      client = new PGlite({
        dataDir: options.dataDir,
        loadDataDir: options.loadDataDir,
        extensions: PGLITE_EXTENSIONS,
        startParams: PGLITE_START_PARAMS,
      });
    } else {
      const dataDir = path.resolve(options.dataDir ?? "./data");
      await mkdir(dataDir, { recursive: true });
      client = new PGlite(dataDir, {
        extensions: PGLITE_EXTENSIONS,
        startParams: PGLITE_START_PARAMS,
      });
    }
    await client.waitReady;
  } catch (error) {
    throw new StoreUnavailableError(`embedded store could not be opened: ${describe(error)}`);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (!options.skipMigrations) {
    await migratePglite(drizzlePglite(client), { migrationsFolder });
  }
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

async function openPostgres(options: StoreOptions): Promise<Store> {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const connection = {
    connectionString: options.databaseUrl,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
  try {
    await checkAndMigrate(connection, !options.skipMigrations);
  } catch (error) {
    throw new StoreUnavailableError(
      `PostgreSQL at ${redact(options.databaseUrl ?? "")} is not usable: ${describe(error)}`,
    );
  }
  const pool = new pg.Pool({
    ...connection,
    Client: PooledClient,
    max: options.poolSize ?? 10,
    idleTimeoutMillis: timeouts.idleMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + READ_TIMEOUT_MARGIN_MS,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // An idle client losing its server emits here; without a listener the process would crash.
  // The pool has already dropped it and opens a fresh one on the next checkout.
  pool.on("error", () => {});
  dropIdleOnSilence(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

/**
 * Proves PostgreSQL answers, and migrates, on a connection of its own: a migration may rightly
 * take longer than any statement of a request, and waits for another server's migration.
 */
async function checkAndMigrate(connection: pg.ClientConfig, migrate: boolean) {
  const client = new pg.Client(connection);
  client.on("error", () => {});
  await client.connect();
  try {
    if (!migrate) return;
    // Several web servers may start at once; only one may migrate at a time.
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

/** pg's error for a query whose answer did not come within `query_timeout`. */
const NO_ANSWER = "Query read timeout";

/**
 * A pooled connection that gives itself up when a query goes unanswered. After a silent network
 * cut its socket still looks open: anything queued behind the lost query would wait too, and a
 * transaction's rollback would. Destroying the socket fails those at once and makes the pool
 * discard the connection.
 */
class PooledClient extends pg.Client {
  /** Called after this connection has given itself up. */
  onUnanswered?: () => void;

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // Also while checked out: a failing socket fails its queries, and the pool drops it on release.
    this.on("error", () => {});
    const query = this.query.bind(this) as (...args: unknown[]) => unknown;
    const watch = (error: unknown) => {
      if (error instanceof Error && error.message === NO_ANSWER) {
        this.connection.stream.destroy();
        this.onUnanswered?.();
      }
    };
    this.query = ((...args: unknown[]) => {
      const callback = args.at(-1);
      if (typeof callback === "function") {
        args[args.length - 1] = (error: unknown, result: unknown) => {
          watch(error);
          callback(error, result);
        };
      }
      const result = query(...args);
      if (result instanceof Promise) result.catch(watch);
      return result;
    }) as pg.Client["query"];
  }
}

/**
 * When one query goes unanswered, the idle connections opened over the same network are most
 * likely dead too: drop them now, so that after a failover the first requests get fresh ones
 * instead of each waiting out the read timeout on a stale one.
 */
function dropIdleOnSilence(pool: pg.Pool) {
  const idle = new Set<pg.Client>();
  pool.on("release", (_error: unknown, client: pg.Client) => idle.add(client));
  pool.on("acquire", (client: pg.Client) => idle.delete(client));
  pool.on("remove", (client: pg.Client) => idle.delete(client));
  pool.on("connect", (client: PooledClient) => {
    client.onUnanswered = () => {
      for (const other of idle) other.connection.stream.destroy();
      idle.clear();
    };
  });
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  if (error instanceof Error) return error.message.split("\n")[0] || error.name;
  return String(error);
}

/** Never print a password from a connection string. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparseable DATABASE_URL)";
  }
}

/**
 * Whether an error means the database could not be reached (as opposed to a bad query),
 * so the API answers 503 and the web app shows "Connection Failed".
 */
export function isStoreUnreachable(error: unknown): boolean {
  if (error instanceof StoreUnavailableError) return true;
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === "object" && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "57014", // query_canceled: the statement timeout ran out
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08003",
  "08006",
  "08001",
  "08004",
]);
const UNREACHABLE_MESSAGES = [
  "Connection terminated",
  NO_ANSWER,
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "PGlite is closed",
  "Cannot use a pool after calling end",
];

/** The rows of a raw `db.execute` answer (node-postgres and PGlite both put them in `rows`). */
export function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}
