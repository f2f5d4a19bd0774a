/**
 * The one in-process cache of both sides: least recently used entries make room beyond `max`,
 * and entries older than `ttlMs` are gone. `now` is injectable, so tests move time instead of
 * waiting for it.
 */
export interface CacheOptions {
  /** Entries kept at most; the least recently used one makes room for a new one. */
  max: number;
  /** How long an entry counts, in ms (default: until it is crowded out). */
  ttlMs?: number;
  now?: () => number;
}

export interface Cache<K, V> {
  get(key: K): V | undefined;
  has(key: K): boolean;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
  /**
   * The cached value of `key`, else what `load` gives, kept. For promises: parallel callers
   * share one load, and a rejected load is forgotten so the next call tries again.
   */
  getOrLoad(key: K, load: () => V): V;
}

export function createCache<K, V>({ max, ttlMs = Infinity, now = Date.now }: CacheOptions) {
  if (!(max >= 1)) throw new RangeError(`a cache holds at least one entry (max: ${max})`);
  // A Map iterates in insertion order; re-inserting on use keeps the least recent first.
  const entries = new Map<K, { value: V; expires: number }>();

  const live = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now()) {
      entries.delete(key);
      return undefined;
    }
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  };

  const cache: Cache<K, V> = {
    get: (key) => live(key)?.value,
    has: (key) => live(key) !== undefined,
    set(key, value) {
      entries.delete(key);
      while (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expires: now() + ttlMs });
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
    getOrLoad(key, load) {
      const hit = live(key);
      if (hit) return hit.value;
      const value = load();
      cache.set(key, value);
      if (value instanceof Promise) {
        value.catch(() => {
          if (entries.get(key)?.value === value) entries.delete(key);
        });
      }
      return value;
    },
  };
  return cache;
}
