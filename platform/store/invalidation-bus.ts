/**
 * The invalidation bus: how every web server on one store learns, within milliseconds, that a
 * cached answer it holds is out of date (docs/decisions/016-cache-invalidation.md).
 *
 * - `in-process`: the embedded store (PGlite) serves one process; messages go to its own
 *   listeners and nowhere else. Nothing external is needed.
 * - `postgres`: PostgreSQL `LISTEN`/`NOTIFY` on a connection of the bus's own (not the pool's).
 * - `redis`: Redis pub/sub, when `REDIS_URL` is set.
 *
 * A message is delivered to this process's listeners at once, whatever the transport, and to
 * the other processes through it; each process ignores its own messages coming back. While the
 * transport is down, messages from others may be lost: when it is back, listeners get
 * `everything`, so no cache holds on to what it missed for longer than the outage.
 */
import pg from "pg";
import { createClient } from "redis";
import { parseInvalidation, type CacheInvalidation } from "../../contract/cache-invalidation.ts";

export type { CacheInvalidation } from "../../contract/cache-invalidation.ts";

export type BusTransport = "in-process" | "postgres" | "redis";

export interface InvalidationBus {
  readonly transport: BusTransport;
  /** Tells every server, this one at once; resolves once the transport has taken the message. */
  publish(message: CacheInvalidation): Promise<void>;
  /** Calls `listener` for each message, this process's own included; returns the unsubscribe. */
  subscribe(listener: (message: CacheInvalidation) => void): () => void;
  close(): Promise<void>;
}

export interface BusOptions {
  /** `redis://…`: Redis pub/sub (wins over PostgreSQL). */
  redisUrl?: string;
  /** `postgres://…`: PostgreSQL LISTEN/NOTIFY. */
  databaseUrl?: string;
  /** Connection problems, for the log; the bus keeps trying either way. */
  onError?: (error: unknown) => void;
  /** How the bus's connections name themselves (PostgreSQL application_name, Redis client name). */
  name?: string;
}

/** One channel name for both transports (a PostgreSQL identifier and a Redis channel). */
export const INVALIDATION_CHANNEL = "cache_invalidation";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; longer session lists are split. */
const MAX_PAYLOAD_BYTES = 7_000;
const RECONNECT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;
/**
 * How long a publish waits for the transport. A write that changed the store must not hang on
 * a transport that is down (a Redis client queues commands until it is back): past this, the
 * others learn of the change when their caches run out, as before the bus.
 */
const PUBLISH_TIMEOUT_MS = 2_000;

/** Raised when the bus cannot reach its transport at start-up; one line for operators. */
export class BusUnavailableError extends Error {
  override name = "BusUnavailableError";
}

/** The bus the options name: Redis, else PostgreSQL, else this process alone. */
export async function openInvalidationBus(options: BusOptions = {}): Promise<InvalidationBus> {
  const name = options.name ?? INVALIDATION_CHANNEL;
  if (options.redisUrl) return redisBus(options.redisUrl, name, options.onError);
  if (options.databaseUrl) return postgresBus(options.databaseUrl, name, options.onError);
  return inProcessBus();
}

/** Listeners of one process, with the envelope that tells its own messages apart. */
function localListeners() {
  const origin = crypto.randomUUID();
  const listeners = new Set<(message: CacheInvalidation) => void>();
  const deliver = (message: CacheInvalidation) => {
    for (const listener of listeners) {
      try {
        listener(message);
      } catch {
        // One cache failing to drop an entry must not keep the others from dropping theirs.
      }
    }
  };
  return {
    subscribe(listener: (message: CacheInvalidation) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    deliver,
    /** The wire form of a message, split where PostgreSQL's payload limit requires it. */
    encode(message: CacheInvalidation): string[] {
      if (message.kind !== "sessions") return [JSON.stringify({ origin, ...message })];
      const parts: string[] = [];
      let sids: string[] = [];
      for (const sid of message.sids) {
        sids.push(sid);
        if (JSON.stringify(sids).length > MAX_PAYLOAD_BYTES - 200) {
          parts.push(JSON.stringify({ origin, kind: "sessions", sids }));
          sids = [];
        }
      }
      if (sids.length > 0) parts.push(JSON.stringify({ origin, kind: "sessions", sids }));
      return parts;
    },
    /** A message from the wire, delivered unless it is this process's own or not ours. */
    receive(text: string) {
      if (text.includes(`"origin":"${origin}"`)) return;
      const message = parseInvalidation(text);
      if (message) deliver(message);
    },
  };
}

export function inProcessBus(): InvalidationBus {
  const local = localListeners();
  return {
    transport: "in-process",
    publish: async (message) => local.deliver(message),
    subscribe: local.subscribe,
    close: async () => {},
  };
}

async function postgresBus(
  databaseUrl: string,
  name: string,
  onError: BusOptions["onError"] = () => {},
): Promise<InvalidationBus> {
  const local = localListeners();
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: name,
    });
    next.on("notification", (n) => {
      if (n.channel === INVALIDATION_CHANNEL && n.payload) local.receive(n.payload);
    });
    next.on("error", (error) => {
      onError(error);
      lost(next);
    });
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${INVALIDATION_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };
  const lost = (which: pg.Client) => {
    if (client !== which || closed) return;
    client = undefined;
    which.end().catch(() => {});
    reconnect();
  };
  const reconnect = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        // Whatever others published meanwhile never reached this process.
        () => local.deliver({ kind: "everything" }),
        (error: unknown) => {
          onError(error);
          reconnect();
        },
      );
    }, RECONNECT_MS);
    retry.unref();
  };
  try {
    await connect();
  } catch (error) {
    throw new BusUnavailableError(
      `PostgreSQL at ${redact(databaseUrl)} cannot be listened to: ${describe(error)}`,
    );
  }

  return {
    transport: "postgres",
    async publish(message) {
      local.deliver(message);
      const notify = async (payload: string) => {
        if (client) {
          await client.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, payload]);
          return;
        }
        // The listening connection is being re-opened: tell the others over a short-lived one.
        const once = new pg.Client({
          connectionString: databaseUrl,
          connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
        });
        once.on("error", () => {});
        try {
          await once.connect();
          await once.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, payload]);
        } finally {
          await once.end().catch(() => {});
        }
      };
      for (const payload of local.encode(message)) {
        await withDeadline(notify(payload), PUBLISH_TIMEOUT_MS, "PostgreSQL took no notification");
      }
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

async function redisBus(
  redisUrl: string,
  name: string,
  onError: BusOptions["onError"] = () => {},
): Promise<InvalidationBus> {
  const local = localListeners();
  const reconnectStrategy = () => RECONNECT_MS;
  const publisher = createClient({ url: redisUrl, name, socket: { reconnectStrategy } });
  const subscriber = publisher.duplicate();
  for (const client of [publisher, subscriber]) client.on("error", onError);
  let subscribedOnce = false;
  subscriber.on("ready", () => {
    // The client subscribes again by itself after a reconnect; what was sent meanwhile is lost.
    if (subscribedOnce) local.deliver({ kind: "everything" });
  });
  try {
    await withDeadline(
      Promise.all([publisher.connect(), subscriber.connect()]),
      CONNECT_TIMEOUT_MS,
      `Redis at ${redact(redisUrl)} did not answer within ${CONNECT_TIMEOUT_MS / 1000} s`,
    );
  } catch (error) {
    publisher.destroy();
    subscriber.destroy();
    throw error;
  }
  await subscriber.subscribe(INVALIDATION_CHANNEL, (payload) => local.receive(payload));
  subscribedOnce = true;

  return {
    transport: "redis",
    async publish(message) {
      local.deliver(message);
      for (const payload of local.encode(message)) {
        await withDeadline(
          publisher.publish(INVALIDATION_CHANNEL, payload),
          PUBLISH_TIMEOUT_MS,
          "Redis took no message",
        );
      }
    },
    subscribe: local.subscribe,
    async close() {
      await Promise.all([
        subscriber.close().catch(() => subscriber.destroy()),
        publisher.close().catch(() => publisher.destroy()),
      ]);
    },
  };
}

function withDeadline<T>(promise: Promise<T>, ms: number, reason: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BusUnavailableError(reason)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A URL without its password, for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@]*@/, "//$1:***@");
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
