import { describe, expect, it } from "vitest";
import { cacheControl, PageCache, type PageCacheOptions } from "../../server/page-cache.ts";

const SHARED = "public, max-age=0, s-maxage=30, stale-while-revalidate=60";

/**
 * An origin at the HTTP boundary: answers each request with a numbered body and the headers
 * given, and records what it was asked. `answer` may be changed between requests.
 */
function origin(
  answer: (request: Request) => { status?: number; headers?: Record<string, string> } = () => ({
    headers: { "Cache-Control": SHARED, Vary: "Accept-Language, Cookie" },
  }),
) {
  const calls: { request: Request; background: boolean }[] = [];
  const state = { answer };
  const handler = async (request: Request, info: { background: boolean }) => {
    calls.push({ request, background: info.background });
    const { status = 200, headers = {} } = state.answer(request);
    const body = `render ${calls.length} of ${new URL(request.url).pathname}`;
    return { response: new Response(body, { status, headers }), meta: `meta ${calls.length}` };
  };
  return { calls, state, handler };
}

function cacheWithClock(options: PageCacheOptions = {}) {
  const clock = { now: 0 };
  const cache = new PageCache<string>({ now: () => clock.now, ...options });
  return { cache, clock };
}

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  new Request(`http://arena.test${path}`, { method, headers });

/** Lets a stored miss finish reading its copy of the body. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function fetchText(cache: PageCache<string>, request: Request, o: ReturnType<typeof origin>) {
  const answer = await cache.handle(request, o.handler);
  const text = await answer.response.text();
  await settle();
  return { ...answer, text, headers: answer.response.headers };
}

describe("page cache", () => {
  it("stores a public response with s-maxage and answers the next request from memory", async () => {
    const { cache, clock } = cacheWithClock();
    const o = origin();
    const first = await fetchText(cache, get("/realm/arena"), o);
    expect([first.outcome, first.text, first.headers.get("X-Page-Cache")]).toEqual([
      "miss",
      "render 1 of /realm/arena",
      "miss",
    ]);
    clock.now = 1_500;
    const second = await fetchText(cache, get("/realm/arena"), o);
    expect([second.outcome, second.text, second.meta]).toEqual([
      "hit",
      "render 1 of /realm/arena",
      "meta 1",
    ]);
    expect(second.headers.get("Age")).toBe("1");
    expect(second.headers.get("Cache-Control")).toBe(SHARED);
    expect(o.calls).toHaveLength(1);
  });

  it("never looks up or stores requests with cookies or credentials, or asking for a fresh answer", async () => {
    const { cache } = cacheWithClock();
    const o = origin();
    await fetchText(cache, get("/realm/arena"), o);
    const fresh: Record<string, string>[] = [
      { Cookie: "session=abc" },
      { Authorization: "Bearer t" },
      { "Cache-Control": "no-cache" },
      { "Cache-Control": "max-age=0, no-store" },
      { Pragma: "no-cache" },
    ];
    for (const headers of fresh) {
      const answer = await fetchText(cache, get("/realm/arena", headers), o);
      expect(answer.outcome, JSON.stringify(headers)).toBe("bypass");
      expect(answer.headers.get("X-Page-Cache")).toBe("bypass");
    }
    expect(o.calls).toHaveLength(6);
    // A cookie request's answer was not stored: a later anonymous request still gets render 1.
    expect((await fetchText(cache, get("/realm/arena"), o)).text).toBe("render 1 of /realm/arena");
    const withCookieFirst = await fetchText(cache, get("/realm/liga", { Cookie: "s=1" }), o);
    expect(withCookieFirst.outcome).toBe("bypass");
    expect((await fetchText(cache, get("/realm/liga"), o)).outcome).toBe("miss");
  });

  it("passes other methods through", async () => {
    const { cache } = cacheWithClock();
    const o = origin();
    await fetchText(cache, get("/realm/arena"), o);
    const post = await fetchText(cache, get("/realm/arena", {}, "POST"), o);
    expect([post.outcome, post.text]).toEqual(["bypass", "render 2 of /realm/arena"]);
  });

  it("never stores errors, private or unlimited answers, or answers that set cookies", async () => {
    const { cache } = cacheWithClock();
    const cases: { status?: number; headers: Record<string, string> }[] = [
      { status: 404, headers: { "Cache-Control": SHARED } },
      { status: 500, headers: { "Cache-Control": SHARED } },
      { status: 503, headers: { "Cache-Control": SHARED } },
      { status: 301, headers: { "Cache-Control": SHARED, Location: "/x" } },
      { headers: { "Cache-Control": "private, no-cache" } },
      { headers: { "Cache-Control": "public, max-age=60" } },
      { headers: { "Cache-Control": "s-maxage=30" } },
      { headers: { "Cache-Control": "public, s-maxage=0" } },
      { headers: { "Cache-Control": "public, s-maxage=30, no-store" } },
      { headers: { "Cache-Control": "public, s-maxage=30, private" } },
      { headers: { "Cache-Control": "public, s-maxage=30, no-cache" } },
      { headers: { "Cache-Control": SHARED, "Set-Cookie": "a=1" } },
      { headers: { "Cache-Control": SHARED, Vary: "*" } },
      { headers: {} },
    ];
    for (const [index, answer] of cases.entries()) {
      const o = origin(() => answer);
      const path = `/case/${index}`;
      await fetchText(cache, get(path), o);
      const again = await fetchText(cache, get(path), o);
      expect(again.outcome, JSON.stringify(answer)).toBe("miss");
      expect(o.calls, JSON.stringify(answer)).toHaveLength(2);
    }
    expect(cache.size.entries).toBe(0);
  });

  it("keys by host, path and query, language and the headers the response varies on", async () => {
    const { cache } = cacheWithClock({
      normalize: { "user-agent": (ua) => (/Mobile/.test(ua) ? "mobile" : "desktop") },
    });
    const o = origin(() => ({
      headers: { "Cache-Control": SHARED, Vary: "Accept-Language, Cookie, User-Agent" },
    }));
    const desktop = "Mozilla/5.0 (X11; Linux x86_64) Chrome/120";
    const first = await fetchText(cache, get("/p?x=1", { "User-Agent": desktop }), o);
    expect(first.outcome).toBe("miss");
    const same = [
      get("/p?x=1", { "User-Agent": "Mozilla/5.0 (Windows NT 10.0) Firefox/121" }),
      get("/p?x=1", { "User-Agent": desktop, "Accept-Language": "" }),
    ];
    for (const request of same) expect((await fetchText(cache, request, o)).outcome).toBe("hit");
    const different = [
      get("/p?x=2", { "User-Agent": desktop }),
      get("/q?x=1", { "User-Agent": desktop }),
      get("/p?x=1", { "User-Agent": "Mozilla/5.0 (iPhone) Mobile/15E148" }),
      get("/p?x=1", { "User-Agent": desktop, "Accept-Language": "pt-BR,pt;q=0.9" }),
      new Request("http://liga.test/p?x=1", { headers: { "User-Agent": desktop } }),
    ];
    for (const request of different) {
      expect((await fetchText(cache, request, o)).outcome, request.url).toBe("miss");
    }
    // Spacing and case of Accept-Language do not change the language a page is negotiated in.
    const pt = await fetchText(
      cache,
      get("/p?x=1", { "User-Agent": desktop, "Accept-Language": "PT-br, pt;q=0.9" }),
      o,
    );
    expect(pt.outcome).toBe("hit");
    expect(pt.text).toBe("render 5 of /p");
  });

  it("keys by Accept-Language even when the response does not vary on it", async () => {
    const { cache } = cacheWithClock();
    const o = origin(() => ({ headers: { "Cache-Control": SHARED } }));
    await fetchText(cache, get("/p", { "Accept-Language": "en" }), o);
    expect((await fetchText(cache, get("/p", { "Accept-Language": "es" }), o)).outcome).toBe(
      "miss",
    );
    expect((await fetchText(cache, get("/p", { "Accept-Language": "en" }), o)).outcome).toBe("hit");
  });

  it("serves a stale entry while one background refresh runs, then the refreshed one", async () => {
    const { cache, clock } = cacheWithClock({ maxFreshSeconds: 3, maxStaleSeconds: 2 });
    const o = origin();
    await fetchText(cache, get("/realm/arena"), o);
    clock.now = 3_000;
    const stale = await Promise.all(
      [1, 2, 3].map(() => cache.handle(get("/realm/arena"), o.handler)),
    );
    expect(stale.map((a) => a.outcome)).toEqual(["stale", "stale", "stale"]);
    expect(await stale[0]!.response.text()).toBe("render 1 of /realm/arena");
    await settle();
    expect(o.calls.map((c) => c.background)).toEqual([false, true]);
    const refreshed = await fetchText(cache, get("/realm/arena"), o);
    expect([refreshed.outcome, refreshed.text]).toEqual(["hit", "render 2 of /realm/arena"]);
  });

  it("caps freshness and the stale window however long the response allows", async () => {
    const { cache, clock } = cacheWithClock({ maxFreshSeconds: 3, maxStaleSeconds: 2 });
    const o = origin(() => ({
      headers: { "Cache-Control": "public, s-maxage=3600, stale-while-revalidate=86400" },
    }));
    await fetchText(cache, get("/a"), o);
    clock.now = 2_999;
    expect((await fetchText(cache, get("/a"), o)).outcome).toBe("hit");
    clock.now = 10_000;
    // Past fresh + stale: a miss, answered by the origin in the foreground.
    const late = await fetchText(cache, get("/a"), o);
    expect([late.outcome, late.text]).toEqual(["miss", "render 2 of /a"]);
  });

  it("uses the response's own lifetimes when shorter than the caps", async () => {
    const { cache, clock } = cacheWithClock({ maxFreshSeconds: 3, maxStaleSeconds: 2 });
    const o = origin(() => ({ headers: { "Cache-Control": "public, s-maxage=1" } }));
    await fetchText(cache, get("/a"), o);
    clock.now = 999;
    expect((await fetchText(cache, get("/a"), o)).outcome).toBe("hit");
    clock.now = 1_000;
    expect((await fetchText(cache, get("/a"), o)).outcome).toBe("miss");
  });

  it("drops an entry the origin no longer shares, and keeps it through a server error", async () => {
    const { cache, clock } = cacheWithClock({ maxFreshSeconds: 1, maxStaleSeconds: 10 });
    const o = origin();
    await fetchText(cache, get("/gone"), o);
    await fetchText(cache, get("/flaky"), o);
    o.state.answer = (request) =>
      new URL(request.url).pathname === "/gone"
        ? { status: 404, headers: { "Cache-Control": "no-store" } }
        : { status: 503, headers: { "Cache-Control": "no-store" } };
    clock.now = 1_000;
    expect((await fetchText(cache, get("/gone"), o)).outcome).toBe("stale");
    expect((await fetchText(cache, get("/flaky"), o)).outcome).toBe("stale");
    await settle();
    const gone = await fetchText(cache, get("/gone"), o);
    expect([gone.outcome, gone.response.status]).toEqual(["miss", 404]);
    const flaky = await fetchText(cache, get("/flaky"), o);
    expect([flaky.outcome, flaky.text]).toEqual(["stale", "render 2 of /flaky"]);
  });

  it("answers HEAD from a stored GET without a body, and never stores a HEAD miss", async () => {
    const { cache } = cacheWithClock();
    const o = origin();
    const headMiss = await fetchText(cache, get("/h", {}, "HEAD"), o);
    expect(headMiss.outcome).toBe("miss");
    expect(cache.size.entries).toBe(0);
    await fetchText(cache, get("/h"), o);
    const head = await cache.handle(get("/h", {}, "HEAD"), o.handler);
    expect(head.outcome).toBe("hit");
    expect(head.response.body).toBeNull();
    expect(head.response.headers.get("Cache-Control")).toBe(SHARED);
  });

  it("stays within its entry, byte and per-entry bounds, dropping the least recently used", async () => {
    const { cache } = cacheWithClock({ maxEntries: 2, maxEntryBytes: 200 });
    const o = origin();
    await fetchText(cache, get("/a"), o);
    await fetchText(cache, get("/b"), o);
    expect((await fetchText(cache, get("/a"), o)).outcome).toBe("hit");
    await fetchText(cache, get("/c"), o);
    expect(cache.size.entries).toBe(2);
    expect((await fetchText(cache, get("/b"), o)).outcome).toBe("miss");
    expect((await fetchText(cache, get("/a"), o)).outcome).toBe("miss");

    const big = origin(() => ({ headers: { "Cache-Control": SHARED } }));
    const bigCache = new PageCache<string>({ maxEntryBytes: 10 });
    const answer = await bigCache.handle(get("/big"), big.handler);
    // Too large to keep, yet the visitor gets all of it.
    expect(await answer.response.text()).toBe("render 1 of /big");
    await settle();
    expect(bigCache.size.entries).toBe(0);

    const small = new PageCache<string>({ maxBytes: 300 });
    for (const path of ["/1", "/2", "/3", "/4"]) await fetchText(small, get(path), origin());
    expect(small.size.bytes).toBeLessThanOrEqual(300);
    expect(small.size.entries).toBeLessThan(4);
  });

  it("never replays per-request headers", async () => {
    const { cache } = cacheWithClock();
    const o = origin(() => ({
      headers: { "Cache-Control": SHARED, "X-Request-Id": "r-1", "Server-Timing": "total;dur=3" },
    }));
    await fetchText(cache, get("/a"), o);
    const hit = await fetchText(cache, get("/a"), o);
    expect(hit.headers.get("X-Request-Id")).toBeNull();
    expect(hit.headers.get("Server-Timing")).toBeNull();
  });

  it("never replays a page's nonce: each answer carries the nonce of the request it answers", async () => {
    const { cache, clock } = cacheWithClock({ maxFreshSeconds: 3, maxStaleSeconds: 2 });
    // As the host renders: a visitor's page with the visitor's nonce, a refresh with its own.
    let visitorNonce = "";
    const renders: string[] = [];
    const render = async (request: Request, { background }: { background: boolean }) => {
      const nonce = background ? `refresh-nonce-${renders.length}` : visitorNonce;
      renders.push(nonce);
      const body = `<script nonce="${nonce}">go()</script><p>${nonce} nonce=${nonce}</p><script nonce="${nonce}" type="module"></script>`;
      const headers = { "Cache-Control": SHARED, "Content-Type": "text/html" };
      return { response: new Response(body, { headers }), nonce };
    };
    const page = async (nonce: string) => {
      visitorNonce = nonce;
      const answer = await cache.handle(get("/realm/arena"), render, { nonce });
      const text = await answer.response.text();
      await settle();
      return { outcome: answer.outcome, text };
    };
    const html = (attribute: string, stored: string) =>
      `<script nonce="${attribute}">go()</script><p>${stored} nonce=${stored}</p><script nonce="${attribute}" type="module"></script>`;

    expect(await page("n-first")).toEqual({ outcome: "miss", text: html("n-first", "n-first") });
    clock.now = 1_000;
    // Only the attributes change; the same characters elsewhere in the page stay.
    expect(await page("n-second")).toEqual({ outcome: "hit", text: html("n-second", "n-first") });
    expect(await page("a-much-longer-third-nonce")).toEqual({
      outcome: "hit",
      text: html("a-much-longer-third-nonce", "n-first"),
    });
    clock.now = 3_500;
    expect(await page("n-4")).toEqual({ outcome: "stale", text: html("n-4", "n-first") });
    const refreshed = renders.at(-1)!;
    expect(refreshed).toBe("refresh-nonce-1");
    expect(await page("n-5")).toEqual({ outcome: "hit", text: html("n-5", refreshed) });
    expect(renders).toEqual(["n-first", "refresh-nonce-1"]);
  });

  it("after a clear, serves nothing it held and stores nothing rendered before it", async () => {
    const { cache } = cacheWithClock();
    const o = origin();
    await fetchText(cache, get("/realm/arena"), o);
    expect((await fetchText(cache, get("/realm/arena"), o)).outcome).toBe("hit");
    cache.clear();
    expect(cache.size.entries).toBe(0);

    // A render that began before the store changed (and the cache was cleared) is sent, not kept.
    let release!: () => void;
    const slow = async (request: Request, info: { background: boolean }) => {
      await new Promise<void>((resolve) => (release = resolve));
      return o.handler(request, info);
    };
    const answering = cache.handle(get("/realm/arena"), slow);
    await settle();
    cache.clear();
    release();
    const late = await answering;
    expect([late.outcome, await late.response.text()]).toEqual([
      "miss",
      "render 2 of /realm/arena",
    ]);
    await settle();
    expect(cache.size.entries).toBe(0);
    const next = await fetchText(cache, get("/realm/arena"), o);
    expect([next.outcome, next.text]).toEqual(["miss", "render 3 of /realm/arena"]);
  });

  describe("viewers the caller vouches for as one class (decision 019)", () => {
    const guest = (cookie: string, sharedAs: string) => ({
      request: get("/realm/liga/home", { Cookie: cookie }),
      sharedAs,
    });
    async function ask(
      cache: PageCache<string>,
      o: ReturnType<typeof origin>,
      { request, sharedAs }: { request: Request; sharedAs?: string },
    ) {
      const answer = await cache.handle(request, o.handler, { sharedAs });
      const text = await answer.response.text();
      await settle();
      return { outcome: answer.outcome, text };
    }

    it("answers every viewer of the class from one render, whatever their session cookie", async () => {
      const { cache, clock } = cacheWithClock();
      const o = origin();
      const first = await ask(cache, o, guest("__session=one", "guest:liga"));
      clock.now = 1_000;
      const second = await ask(cache, o, guest("__session=two", "guest:liga"));
      expect([first.outcome, second.outcome, second.text]).toEqual([
        "miss",
        "hit",
        "render 1 of /realm/liga/home",
      ]);
      expect(o.calls).toHaveLength(1);
    });

    it("keeps a class apart from visitors without cookies and from other classes", async () => {
      const { cache } = cacheWithClock();
      const o = origin();
      await ask(cache, o, guest("__session=one", "guest:liga"));
      const visitor = await ask(cache, o, { request: get("/realm/liga/home") });
      const other = await ask(
        cache,
        o,
        guest("__session=two; consent=all", "guest:liga; consent=all"),
      );
      expect([visitor.outcome, other.outcome]).toEqual(["miss", "miss"]);
      // The visitor's entry does not answer the class either.
      const again = await ask(cache, o, guest("__session=three", "guest:liga"));
      expect([again.outcome, again.text]).toEqual(["hit", "render 1 of /realm/liga/home"]);
      expect(o.calls).toHaveLength(3);
    });

    it("still passes requests with cookies the caller did not vouch for", async () => {
      const { cache } = cacheWithClock();
      const o = origin();
      await ask(cache, o, guest("__session=one", "guest:liga"));
      const unvouched = await ask(cache, o, {
        request: get("/realm/liga/home", { Cookie: "__session=one" }),
      });
      expect(unvouched.outcome).toBe("bypass");
    });

    it("never serves a class's entry stale: past its freshness it is rendered again in the foreground", async () => {
      const { cache, clock } = cacheWithClock();
      const o = origin();
      await ask(cache, o, guest("__session=one", "guest:liga"));
      clock.now = 3_500; // past the 3 s freshness cap, inside what stale-while-revalidate allows
      const later = await ask(cache, o, guest("__session=two", "guest:liga"));
      expect([later.outcome, later.text]).toEqual(["miss", "render 2 of /realm/liga/home"]);
      expect(o.calls.map((c) => c.background)).toEqual([false, false]);
    });
  });

  it("keeps the headers the origin sent, whatever happens to the answer on its way out", async () => {
    const { cache } = cacheWithClock();
    const o = origin();
    // @hono/node-server's Response keeps the Headers object it was made with, so the answer
    // sent on may share its headers with the origin's: a change on the way out reaches both.
    let sent: Response | undefined;
    const sharing = async (request: Request, info: { background: boolean }) => {
      const answer = await o.handler(request, info);
      sent = answer.response;
      return answer;
    };
    const first = await cache.handle(get("/realm/arena"), sharing);
    sent!.headers.set("Cache-Control", "private, no-store");
    await first.response.text();
    await settle();
    const second = await fetchText(cache, get("/realm/arena"), o);
    expect([second.outcome, second.headers.get("Cache-Control")]).toEqual(["hit", SHARED]);
  });
});

describe("Cache-Control parsing", () => {
  it("reads the directives a shared cache acts on, case-insensitively", () => {
    expect(cacheControl('Public, S-MaxAge=30, stale-while-revalidate="60"')).toEqual({
      public: true,
      private: false,
      noStore: false,
      noCache: false,
      sMaxAge: 30,
      staleWhileRevalidate: 60,
    });
    expect(cacheControl('private="Set-Cookie", s-maxage=-1')).toMatchObject({
      private: true,
      sMaxAge: undefined,
    });
    expect(cacheControl(null)).toEqual({
      public: false,
      private: false,
      noStore: false,
      noCache: false,
    });
  });
});
