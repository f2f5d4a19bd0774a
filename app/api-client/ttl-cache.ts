/**
 * A small in-process cache with expiry and shared in-flight loads: parallel loaders of one
 * request (root and route) and concurrent requests ask the platform once. Failures are not kept.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { expires: number; value: Promise<V> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, load: () => Promise<V>, now = Date.now()): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.entries.size >= this.maxEntries) {
      // Oldest first: Map keeps insertion order.
      this.entries.delete(this.entries.keys().next().value!);
    }
    const value = load();
    this.entries.set(key, { expires: now + this.ttlMs, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear() {
    this.entries.clear();
  }
}
