import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

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
  /** Skip migrations (only for a dump that is known to be migrated). */
  skipMigrations?: boolean;
}

/** Raised when the store cannot be opened or reached; its message is one line for operators. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

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
      client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    } else {
      const dataDir = path.resolve(options.dataDir ?? "./data");
      await mkdir(dataDir, { recursive: true });
      client = new PGlite(dataDir);
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
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server emits here; without a listener the process would crash.
  // The pool replaces it on the next checkout, which is how the app recovers after an outage.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    try {
      if (!options.skipMigrations) {
        // Several web servers may start at once; only one may migrate at a time.
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        try {
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
        }
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StoreUnavailableError(
      `PostgreSQL at ${redact(options.databaseUrl ?? "")} is not usable: ${describe(error)}`,
    );
  }
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
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "PGlite is closed",
  "Cannot use a pool after calling end",
];
