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
  const known = new Map<string, { live: boolean; until: number }>();
  return {
    async isLive(sid) {
      const hit = known.get(sid);
      if (hit && hit.until > now()) return hit.live;
      const live = await sessionIsLive(db, sid);
      known.delete(sid);
      // Oldest first: a Map keeps insertion order.
      if (known.size >= MAX_CACHED) known.delete(known.keys().next().value!);
      known.set(sid, { live, until: now() + cacheMs });
      return live;
    },
    forget(sids) {
      for (const sid of sids) known.delete(sid);
    },
  };
}
