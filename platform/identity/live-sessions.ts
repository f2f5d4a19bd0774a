import { createCache } from "../../contract/lru-cache.ts";
import type { Db } from "../store/store.ts";
import { sessionIsLive } from "./sessions.ts";

/**
 * How long a server trusts its answer about a session. Ending a session takes effect at once
 * on the server that ended it, and within this long on the others.
 */
export const SESSION_CACHE_MS = 5_000;
const MAX_CACHED = 10_000;

/** Whether the sessions access tokens name (`sid`) are still on, asked of the store briefly cached. */
export interface LiveSessions {
  isLive(sid: string): Promise<boolean>;
  /** Drops what this server knew about sessions that were just ended. */
  forget(sids: Iterable<string>): void;
}

export function liveSessions(
  db: Db,
  { cacheMs = SESSION_CACHE_MS, now = Date.now }: { cacheMs?: number; now?: () => number } = {},
): LiveSessions {
  const known = createCache<string, boolean>({ max: MAX_CACHED, ttlMs: cacheMs, now });
  return {
    async isLive(sid) {
      const hit = known.get(sid);
      if (hit !== undefined) return hit;
      const live = await sessionIsLive(db, sid);
      known.set(sid, live);
      return live;
    },
    forget(sids) {
      for (const sid of sids) known.delete(sid);
    },
  };
}
