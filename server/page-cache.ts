/**
 * An in-process shared cache in front of the web app's pages, behaving like a CDN that honours
 * each response's own Cache-Control (RFC 9111 for a shared cache, RFC 5861 for
 * stale-while-revalidate). See docs/decisions/004-guest-page-cache.md.
 *
 * - Only GET and HEAD requests without Cookie or Authorization are looked up or stored; a
 *   request asking for a fresh answer (`Cache-Control: no-cache` or `no-store`, `Pragma:
 *   no-cache`) goes to the origin untouched. The caller may vouch that a request's cookies
 *   stand for a class of viewers who all get the same page (`sharedAs`, a checked-in guest of
 *   a realm with the rest of the cookies: docs/decisions/019-pages-shared-by-guests.md); such
 *   a request is looked up and stored under that class instead of its cookies, and its entry
 *   is never served stale, since a refresh in the background would render with one viewer's
 *   session and could not hand them a cookie it changed.
 * - Only 200 responses whose Cache-Control has `public` and `s-maxage` (and none of
 *   `private`, `no-store`, `no-cache`), without Set-Cookie and without `Vary: *`, are stored.
 *   Errors never are.
 * - The key is host, path and query, then the request's value of every header the response
 *   varies on, and always Accept-Language (the language a page is negotiated in depends on it).
 *   Header values can be normalised (the device class of a User-Agent, say) so that requests
 *   the origin would answer alike share an entry.
 * - An entry is fresh for s-maxage, then served stale for stale-while-revalidate while one
 *   refresh runs in the background; both are capped (by default 3 s and 2 s), so what the
 *   origin decides, a newly published page say, shows within seconds.
 * - Bounded by entry count, total bytes and bytes per entry; least recently used goes first.
 * - A page's nonce (the `nonce="…"` attributes of its inline scripts) is never replayed: each
 *   answer from an entry carries the nonce of the request it answers instead
 *   (docs/decisions/012-csp-nonces.md).
 */
import { readUpTo } from "../platform/api/bounded-read.ts";

export type CacheOutcome = "hit" | "stale" | "miss" | "bypass";

/** Response header naming how the cache answered: hit, stale, miss or bypass. */
export const CACHE_STATUS_HEADER = "X-Page-Cache";

export interface PageCacheOptions {
  maxEntries?: number;
  maxBytes?: number;
  maxEntryBytes?: number;
  /** Upper bound on how long an entry is fresh, whatever its s-maxage says. */
  maxFreshSeconds?: number;
  /** Upper bound on how long a stale entry is served while it is refreshed. */
  maxStaleSeconds?: number;
  /** Per lower-case header name: the part of a request header value that matters for the key. */
  normalize?: Record<string, (value: string) => string>;
  now?: () => number;
  /** A background refresh that threw; the stale entry is kept until its window ends. */
  onRefreshError?: (error: unknown) => void;
}

/** What the origin answered, with anything the caller wants back on later hits (e.g. realm). */
export interface OriginAnswer<M> {
  response: Response;
  meta?: M;
  /** The nonce this answer's inline scripts carry, which a replay replaces with its own. */
  nonce?: string;
}

export type Origin<M> = (
  request: Request,
  info: { background: boolean },
) => Promise<OriginAnswer<M>>;

export interface CacheAnswer<M> {
  response: Response;
  outcome: CacheOutcome;
  meta: M | undefined;
}

interface Entry<M> {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  bytes: number;
  storedAt: number;
  freshUntil: number;
  staleUntil: number;
  meta: M | undefined;
  /** The stored body's nonce and the byte offsets of its `nonce="…"` values. */
  nonce?: { value: Uint8Array; at: number[] };
}

const DEFAULTS = {
  maxEntries: 500,
  maxBytes: 64 * 1024 * 1024,
  maxEntryBytes: 2 * 1024 * 1024,
  maxFreshSeconds: 3,
  maxStaleSeconds: 2,
};

/** Always part of the key: pages are negotiated by language. */
const ALWAYS_VARY = ["accept-language"];

const DEFAULT_NORMALIZE: Record<string, (value: string) => string> = {
  // Case and spacing never change the negotiated language; order and weights can.
  "accept-language": (value) => value.toLowerCase().replace(/\s+/g, ""),
};

export class PageCache<M = undefined> {
  private readonly entries = new Map<string, Entry<M>>();
  /** Header names each path's responses vary on, learned when one is stored. */
  private readonly varies = new Map<string, string[]>();
  private readonly refreshing = new Set<string>();
  private readonly limits: typeof DEFAULTS;
  private readonly normalize: Record<string, (value: string) => string>;
  private readonly now: () => number;
  private bytes = 0;
  /** Moves on with each clear: an answer rendered before a clear is not stored after it. */
  private generation = 0;

  constructor(private readonly options: PageCacheOptions = {}) {
    this.limits = {
      maxEntries: options.maxEntries ?? DEFAULTS.maxEntries,
      maxBytes: options.maxBytes ?? DEFAULTS.maxBytes,
      maxEntryBytes: options.maxEntryBytes ?? DEFAULTS.maxEntryBytes,
      maxFreshSeconds: options.maxFreshSeconds ?? DEFAULTS.maxFreshSeconds,
      maxStaleSeconds: options.maxStaleSeconds ?? DEFAULTS.maxStaleSeconds,
    };
    this.normalize = { ...DEFAULT_NORMALIZE, ...options.normalize };
    this.now = options.now ?? Date.now;
  }

  /** Number of stored entries and their bytes. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Drops every entry, and any answer still being rendered for one (the store changed). */
  clear(): void {
    this.entries.clear();
    this.varies.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  /**
   * `nonce`: the nonce this request's answer must carry, whether rendered or replayed.
   * `sharedAs`: the class of viewers the request's cookies stand for, vouched for by the caller.
   */
  async handle(
    request: Request,
    origin: Origin<M>,
    { nonce, sharedAs }: { nonce?: string; sharedAs?: string } = {},
  ): Promise<CacheAnswer<M>> {
    if (!isCacheableRequest(request, sharedAs)) {
      const { response, meta } = await origin(request, { background: false });
      return { response: labelled(response, "bypass"), outcome: "bypass", meta };
    }
    const primary = primaryKey(request);
    const key = this.keyFor(primary, this.varies.get(primary) ?? ALWAYS_VARY, request, sharedAs);
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now < (sharedAs === undefined ? entry.staleUntil : entry.freshUntil)) {
      // Least recently used goes first: a hit moves the entry to the end.
      this.entries.delete(key);
      this.entries.set(key, entry);
      const outcome = now < entry.freshUntil ? "hit" : "stale";
      if (outcome === "stale") this.refresh(key, request, origin);
      return {
        response: this.respond(entry, request.method, outcome, now, nonce),
        outcome,
        meta: entry.meta,
      };
    }
    if (entry) this.remove(key);
    const generation = this.generation;
    const { response, meta, nonce: bodyNonce } = await origin(request, { background: false });
    if (request.method === "HEAD" || !isStorable(response)) {
      return { response: labelled(response, "miss"), outcome: "miss", meta };
    }
    // The client reads one branch as it arrives; the other is kept once it is complete.
    const [toClient, toCache] = response.body ? response.body.tee() : [null, null];
    // The headers as the origin sent them: the answer's own may change on its way out (and a
    // Response made from them may share the one object), while the body is still being kept.
    const stored = new Response(null, {
      status: response.status,
      headers: new Headers([...response.headers]),
    });
    void this.store(primary, request, stored, toCache, meta, bodyNonce, generation, sharedAs).catch(
      () => {},
    );
    const forwarded = new Response(toClient, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    return { response: labelled(forwarded, "miss"), outcome: "miss", meta };
  }

  /** One refresh per key at a time; the stale entry keeps being served meanwhile. */
  private refresh(key: string, request: Request, origin: Origin<M>) {
    if (this.refreshing.has(key)) return;
    this.refreshing.add(key);
    // A request of its own: the visitor's may be aborted once its answer is sent.
    const fresh = new Request(request.url, { method: "GET", headers: request.headers });
    const generation = this.generation;
    void (async () => {
      try {
        const { response, meta, nonce } = await origin(fresh, { background: true });
        if (isStorable(response)) {
          await this.store(
            primaryKey(fresh),
            fresh,
            response,
            response.body,
            meta,
            nonce,
            generation,
          );
        } else {
          await response.body?.cancel().catch(() => {});
          // The origin no longer lets this be shared (or it is gone): stop serving it. A server
          // error is a passing state: the stale entry stands until its window ends.
          if (response.status < 500) this.remove(key);
        }
      } catch (error) {
        this.options.onRefreshError?.(error);
      } finally {
        this.refreshing.delete(key);
      }
    })();
  }

  private async store(
    primary: string,
    request: Request,
    response: Response,
    body: ReadableStream<Uint8Array> | null,
    meta: M | undefined,
    nonce: string | undefined,
    generation: number,
    sharedAs?: string,
  ): Promise<void> {
    const bytes = body ? await readAll(body, this.limits.maxEntryBytes) : new Uint8Array(0);
    // Rendered from what the store held before a clear: it may show what is no longer so.
    if (!bytes || generation !== this.generation) return;
    const directives = cacheControl(response.headers.get("Cache-Control"));
    const names = varyNames(response.headers.get("Vary"));
    this.remember(primary, names);
    const key = this.keyFor(primary, names, request, sharedAs);
    const headers = [...response.headers].filter(([name]) => !UNSTORED.has(name.toLowerCase()));
    const storedAt = this.now();
    const fresh = Math.min(directives.sMaxAge!, this.limits.maxFreshSeconds);
    const stale = Math.min(directives.staleWhileRevalidate ?? 0, this.limits.maxStaleSeconds);
    const entry: Entry<M> = {
      status: response.status,
      headers,
      body: bytes,
      bytes: bytes.byteLength + headers.reduce((n, [k, v]) => n + k.length + v.length, 0),
      storedAt,
      freshUntil: storedAt + fresh * 1000,
      staleUntil: storedAt + (fresh + stale) * 1000,
      meta,
      nonce: nonce ? nonceIn(bytes, nonce) : undefined,
    };
    if (entry.bytes > this.limits.maxEntryBytes) return;
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    while (this.entries.size > this.limits.maxEntries || this.bytes > this.limits.maxBytes) {
      this.remove(this.entries.keys().next().value!);
    }
  }

  private remember(primary: string, names: string[]) {
    this.varies.delete(primary);
    this.varies.set(primary, names);
    // Bounded too: a forgotten list only means the default one until the next store.
    if (this.varies.size > this.limits.maxEntries * 2) {
      this.varies.delete(this.varies.keys().next().value!);
    }
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private keyFor(
    primary: string,
    names: string[],
    request: Request,
    sharedAs: string | undefined,
  ): string {
    const parts = names.map((name) => {
      // A class of viewers stands in for their cookies, whether the answer varies on them or not.
      if (name === "cookie" && sharedAs !== undefined) return "";
      const value = request.headers.get(name) ?? "";
      const normalize = this.normalize[name];
      return `${name}=${normalize ? normalize(value) : value.trim()}`;
    });
    return `${primary}\n${parts.join("\n")}\nviewers=${sharedAs ?? ""}`;
  }

  private respond(
    entry: Entry<M>,
    method: string,
    outcome: CacheOutcome,
    now: number,
    nonce: string | undefined,
  ): Response {
    const headers = new Headers(entry.headers);
    headers.set("Age", String(Math.max(0, Math.floor((now - entry.storedAt) / 1000))));
    headers.set(CACHE_STATUS_HEADER, outcome);
    if (method === "HEAD") return new Response(null, { status: entry.status, headers });
    const body = entry.nonce && nonce ? withNonce(entry.body, entry.nonce, nonce) : entry.body;
    return new Response(body, { status: entry.status, headers });
  }
}

/** Hop-by-hop and per-message headers: never replayed from a stored response. */
const UNSTORED = new Set([
  "age",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "date",
  "x-request-id",
  "server-timing",
  CACHE_STATUS_HEADER.toLowerCase(),
]);

function isCacheableRequest(request: Request, sharedAs: string | undefined): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const { headers } = request;
  if (headers.has("Authorization")) return false;
  if ((headers.get("Cookie") ?? "").trim() !== "" && sharedAs === undefined) return false;
  const directives = cacheControl(headers.get("Cache-Control"));
  if (directives.noCache || directives.noStore) return false;
  return !/(^|,)\s*no-cache\s*(,|$)/i.test(headers.get("Pragma") ?? "");
}

function isStorable(response: Response): boolean {
  if (response.status !== 200 || response.headers.has("Set-Cookie")) return false;
  if (varyNames(response.headers.get("Vary")).includes("*")) return false;
  const d = cacheControl(response.headers.get("Cache-Control"));
  return d.public && (d.sMaxAge ?? 0) > 0 && !d.private && !d.noStore && !d.noCache;
}

interface Directives {
  public: boolean;
  private: boolean;
  noStore: boolean;
  noCache: boolean;
  sMaxAge?: number;
  staleWhileRevalidate?: number;
}

/** The Cache-Control directives this cache acts on; unknown ones are ignored, as RFC 9111 asks. */
export function cacheControl(value: string | null): Directives {
  const directives: Directives = { public: false, private: false, noStore: false, noCache: false };
  for (const part of (value ?? "").split(",")) {
    const [rawName = "", rawValue] = part.split("=", 2);
    const name = rawName.trim().toLowerCase();
    const seconds = rawValue === undefined ? NaN : Number(rawValue.trim().replace(/^"|"$/g, ""));
    const delta = Number.isInteger(seconds) && seconds >= 0 ? seconds : undefined;
    if (name === "public") directives.public = true;
    else if (name === "private") directives.private = true;
    else if (name === "no-store") directives.noStore = true;
    else if (name === "no-cache") directives.noCache = true;
    else if (name === "s-maxage") directives.sMaxAge = delta;
    else if (name === "stale-while-revalidate") directives.staleWhileRevalidate = delta;
  }
  return directives;
}

function varyNames(vary: string | null): string[] {
  const names = new Set(ALWAYS_VARY);
  for (const name of (vary ?? "").split(",")) {
    const trimmed = name.trim().toLowerCase();
    if (trimmed) names.add(trimmed);
  }
  return [...names].sort();
}

function primaryKey(request: Request): string {
  const url = new URL(request.url);
  return `${url.host}${url.pathname}${url.search}`;
}

/** Marks how the cache answered, on a response whose headers may be immutable. */
function labelled(response: Response, outcome: CacheOutcome): Response {
  try {
    response.headers.set(CACHE_STATUS_HEADER, outcome);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(CACHE_STATUS_HEADER, outcome);
    return copy;
  }
}

const encoder = new TextEncoder();

/** Where a body's `nonce="…"` attributes hold `nonce`: the offsets of the value. */
function nonceIn(body: Uint8Array, nonce: string): Entry<unknown>["nonce"] {
  const value = encoder.encode(nonce);
  const attribute = Buffer.from(`nonce="${nonce}"`);
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const at: number[] = [];
  for (let i = bytes.indexOf(attribute); i !== -1; i = bytes.indexOf(attribute, i + 1)) {
    at.push(i + 'nonce="'.length);
  }
  return at.length > 0 ? { value, at } : undefined;
}

/** A copy of the body with another nonce at each of the stored one's places. */
function withNonce(
  body: Uint8Array<ArrayBuffer>,
  stored: NonNullable<Entry<unknown>["nonce"]>,
  nonce: string,
): Uint8Array<ArrayBuffer> {
  const value = encoder.encode(nonce);
  const out = new Uint8Array(
    body.byteLength + stored.at.length * (value.length - stored.value.length),
  );
  let from = 0;
  let to = 0;
  for (const at of stored.at) {
    out.set(body.subarray(from, at), to);
    to += at - from;
    out.set(value, to);
    to += value.length;
    from = at + stored.value.length;
  }
  out.set(body.subarray(from), to);
  return out;
}

/** The whole body, or null when it is larger than `limit` bytes or fails part-way. */
async function readAll(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  try {
    const bytes = await readUpTo(reader, limit);
    if (!bytes) await reader.cancel().catch(() => {});
    return bytes;
  } catch {
    return null;
  }
}
