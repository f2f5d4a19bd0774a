import { and, desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageLoader } from "../../app/composer/load-page.server.ts";
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

/** A page loader of its own, on a clock the test moves. */
function pages() {
  let time = 0;
  const loader = createPageLoader({ now: () => time });
  return { ...loader, advance: (ms: number) => void (time += ms) };
}

describe("live pages in the web app", () => {
  it("asks the platform which version is live at most every few seconds, and validates each version once", async () => {
    await publish("probe-once", 1, await homeDocument());
    const { api, pageLookups } = client();
    const { livePage, advance } = pages();
    const target = { kind: "page" as const, key: "probe-once", realm: "arena" };
    const first = await livePage(api, target);
    advance(1_999);
    const again = await Promise.all([1, 2, 3, 4].map(() => livePage(api, target)));
    expect(first.version).toBe(1);
    expect(pageLookups).toEqual(["/api/v2/page/probe-once"]);
    // The validated document of a version is kept, not rebuilt per request.
    for (const page of again) expect(page.page).toBe(first.page);
    advance(1);
    expect((await livePage(api, target)).page).toBe(first.page);
    expect(pageLookups).toHaveLength(2);
  });

  it("shows a newly published version within seconds, validated on its own", async () => {
    const document = await homeDocument();
    await publish("probe-new", 1, document);
    const { api } = client();
    const { livePage, advance } = pages();
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
    // The version seen is kept 2 s, then the new one shows.
    advance(1_999);
    expect((await livePage(api, target)).version).toBe(1);
    advance(1);
    const after = await livePage(api, target);
    expect(after.version).toBe(2);
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
    const { loadPage, advance } = pages();
    const load = () =>
      loadPage(api, {
        kind: "page",
        key: "probe-blocks",
        realm: "arena",
        heroes: [],
        locale: "en",
        defaultLocale: "en",
      });
    const before = await load();
    expect(before.zones.main?.map((b) => b.config.id)).toEqual(
      document.zones.main.map((b) => (b as { id: string }).id),
    );
    const [firstBlock] = document.zones.main;
    await publish("probe-blocks", 2, { ...document, zones: { main: [firstBlock] } });
    advance(2_000);
    const after = await load();
    expect(after.version).toBe(2);
    expect(after.zones.main?.map((b) => b.config.id)).toEqual([(firstBlock as { id: string }).id]);
  });

  it("leaves a page that does not exist to the platform's 404 every time", async () => {
    const { api, pageLookups } = client();
    const { livePage } = pages();
    const target = { kind: "page" as const, key: "probe-missing", realm: "arena" };
    for (let i = 0; i < 2; i++) {
      await expect(livePage(api, target)).rejects.toMatchObject({ status: 404 });
    }
    expect(pageLookups).toHaveLength(2);
  });
});
