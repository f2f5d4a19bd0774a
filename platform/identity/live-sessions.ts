import { createCache } from "../../contract/lru-cache.ts";
import type { InvalidationBus } from "../store/invalidation-bus.ts";
import type { Db } from "../store/store.ts";
import { sessionIsLive } from "./sessions.ts";

/**
 * How long a server trusts its answer about a session. Ending a session takes effect at once
 * on every server sharing the store (the invalidation bus tells them); this is the bound when a
 * message is lost, and the cost of a check on an unchanged session.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;

/** Whether the sessions access tokens name (`sid`) are still on, asked of the store briefly cached. */
export interface LiveSessions {
  isLive(sid: string): Promise<boolean>;
  /** Drops what every server knew about sessions that were just ended. */
  forget(sids: Iterable<string>): Promise<void>;
}

export function liveSessions(
  db: Db,
  {
    cacheMs = SESSION_CACHE_MS,
    now = Date.now,
    invalidation,
  }: { cacheMs?: number; now?: () => number; invalidation: InvalidationBus },
): LiveSessions {
  const known = createCache<string, boolean>({ max: MAX_CACHED, ttlMs: cacheMs, now });
  invalidation.subscribe((message) => {
    if (message.kind === "everything") known.clear();
    if (message.kind === "sessions") for (const sid of message.sids) known.delete(sid);
  });
  return {
    async isLive(sid) {
      const hit = known.get(sid);
      if (hit !== undefined) return hit;
      const live = await sessionIsLive(db, sid);
      known.set(sid, live);
      return live;
    },
    async forget(sids) {
      const ended = [...sids];
      if (ended.length === 0) return;
      // This server forgets at once; should the others not hear of it (the transport is down),
      // they stop trusting the session within cacheMs anyway.
      await invalidation.publish({ kind: "sessions", sids: ended }).catch(() => {});
    },
  };
}
