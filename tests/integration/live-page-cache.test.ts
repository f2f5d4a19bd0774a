import { and, desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { livePage, loadPage } from "../../app/composer/load-page.server.ts";
import { createPlatformClient } from "../../app/api-client/client.ts";
import * as t from "../../platform/store/schema.ts";
import { DEMO_KEYS, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

afterEach(() => vi.restoreAllMocks());

/** The web app's client of the in-process platform, counting the page lookups it sends. */
function client() {
  const pageLookups: string[] = [];
  const api = createPlatformClient({
    baseUrl: "http://platform.internal",
    appId: "integration-tests",
    realm: "arena",
    apiKey: DEMO_KEYS.arena,
    fetch: async (request) => {
      const { pathname } = new URL(request.url);
      if (/^\/api\/v2\/(page|section)\//.test(pathname)) pageLookups.push(pathname);
      return platform.api.app.fetch(request);
    },
  });
  return { api, pageLookups };
}

async function homeDocument() {
  const [home] = await platform.store.db
    .select()
    .from(t.composedPages)
    .where(and(eq(t.composedPages.realm, "arena"), eq(t.composedPages.pageKey, "home")))
    .orderBy(desc(t.composedPages.version))
    .limit(1);
  return structuredClone(home!.document) as { title: string; zones: { main: unknown[] } };
}

/** Publishes a version of a page the way the seed does: a new row, the newest one is live. */
async function publish(pageKey: string, version: number, document: Record<string, unknown>) {
  await platform.store.db
    .insert(t.composedPages)
    .values({ realm: "arena", pageKey, version, document: { ...document, key: pageKey } });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return { value, elapsedMs: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`not done after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("live pages in the web app", () => {
  it("asks the platform which version is live at most every few seconds, and validates each version once", async () => {
    await publish("probe-once", 1, await homeDocument());
    const { api, pageLookups } = client();
    // Warm up first: the check counts calls within the 2 s a lookup is kept, so the first one
    // must not spend that time loading modules and filling the store's caches.
    await livePage(api, { kind: "page", key: "home", realm: "arena" });
    pageLookups.length = 0;
    const target = { kind: "page" as const, key: "probe-once", realm: "arena" };
    const first = await livePage(api, target);
    const again = await Promise.all([1, 2, 3, 4].map(() => livePage(api, target)));
    expect(first.version).toBe(1);
    expect(pageLookups).toEqual(["/api/v2/page/probe-once"]);
    // The validated document of a version is kept, not rebuilt per request.
    for (const page of again) expect(page.page).toBe(first.page);
  });

  it("shows a newly published version within seconds, validated on its own", async () => {
    const document = await homeDocument();
    await publish("probe-new", 1, document);
    const { api } = client();
    const target = { kind: "page" as const, key: "probe-new", realm: "arena" };
    const before = await livePage(api, target);
    expect(before.page.title).toBe(document.title);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = { id: "broken", type: "rail", title: "Broken", source: { kind: "nowhere" } };
    await publish("probe-new", 2, {
      ...document,
      title: "Fight week",
      zones: { main: [broken, ...document.zones.main] },
    });
    const { value: after, elapsedMs } = await until(
      () => livePage(api, target),
      (page) => page.version === 2,
      8_000,
    );
    // Kept at most 2 s, plus the time of one lookup on a busy machine.
    expect(elapsedMs).toBeLessThan(4_500);
    expect(after.page.title).toBe("Fight week");
    expect(after.page).not.toBe(before.page);
    // The new version's broken block is left out and reported once, however often it is read.
    const blockIds = (after.page.zones.main ?? []).map((block) => block.id);
    expect(blockIds).not.toContain("broken");
    expect(blockIds).toHaveLength(document.zones.main.length);
    await Promise.all([1, 2, 3].map(() => livePage(api, target)));
    const reports = warn.mock.calls.filter(([line]) => String(line).includes("probe-new@2"));
    expect(reports).toHaveLength(1);
  });

  it("resolves a page's blocks per version: a new version's blocks show without waiting for old data to expire", async () => {
    const document = await homeDocument();
    await publish("probe-blocks", 1, document);
    const { api } = client();
    const load = () =>
      loadPage(api, {
        kind: "page",
        key: "probe-blocks",
        realm: "arena",
        heroes: [],
        locale: "en",
      });
    const before = await load();
    expect(before.zones.main?.map((b) => b.config.id)).toEqual(
      document.zones.main.map((b) => (b as { id: string }).id),
    );
    const [firstBlock] = document.zones.main;
    await publish("probe-blocks", 2, { ...document, zones: { main: [firstBlock] } });
    const { value: after } = await until(load, (page) => page.version === 2, 8_000);
    expect(after.zones.main?.map((b) => b.config.id)).toEqual([(firstBlock as { id: string }).id]);
  });

  it("leaves a page that does not exist to the platform's 404 every time", async () => {
    const { api, pageLookups } = client();
    const target = { kind: "page" as const, key: "probe-missing", realm: "arena" };
    for (let i = 0; i < 2; i++) {
      await expect(livePage(api, target)).rejects.toMatchObject({ status: 404 });
    }
    expect(pageLookups).toHaveLength(2);
  });
});
