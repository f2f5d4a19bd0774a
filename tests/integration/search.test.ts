import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import {
  parseQuery,
  SEARCH_KINDS,
  searchByKind,
  searchPage,
  searchStatement,
  type SearchScope,
  termWords,
  termWordsStatement,
} from "../../platform/search/search.ts";
import * as t from "../../platform/store/schema.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";
import { updateRealm } from "../fixtures/realm-settings.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();

/** Arena in English, every kind, licensed content included: the scope of direct calls. */
function arenaScope(overrides: Partial<SearchScope> = {}): SearchScope {
  return {
    realm: "arena",
    realmLocale: "en",
    viewerLocale: "en",
    kinds: SEARCH_KINDS,
    openOnly: false,
    now: new Date(),
    ...overrides,
  };
}

type Realm = "arena" | "liga";
type Hit = {
  id: number;
  type: string;
  title: string;
  live?: boolean;
  startDate?: string;
  endDate?: string;
  vodCount?: number;
};
type ResultSet = { hits: Hit[]; page: number; totalPages: number; totalHits: number };

async function call(realm: Realm, path: string, headers: Record<string, string> = {}) {
  return platform.api.call(realm, path, { headers });
}

async function search(
  realm: Realm,
  q: string,
  {
    lang = "en",
    extra = "",
    headers = {},
  }: { lang?: string; extra?: string; headers?: Record<string, string> } = {},
): Promise<ResultSet> {
  const res = await call(realm, `/api/v2/search?q=${encodeURIComponent(q)}${extra}`, {
    "Accept-Language": lang,
    ...headers,
  });
  expect(res.status, q).toBe(200);
  const body = (await res.json()) as ResultSet;
  expect(validateBody("resultSet", body).issues, q).toEqual([]);
  return body;
}

/** Merges `patch` into the realm's search settings for one test (restored afterwards). */
async function withSearchSettings(realm: Realm, patch: Record<string, unknown>) {
  const [row] = await platform.store.db
    .select({ settings: t.realms.settings })
    .from(t.realms)
    .where(eq(t.realms.name, realm));
  const original = row!.settings;
  const settings = original as { searchSettings?: Record<string, unknown> };
  await updateRealm(platform.store, realm, {
    settings: { ...original, searchSettings: { ...settings.searchSettings, ...patch } },
  });
  restore.push(() =>
    updateRealm(platform.store, realm, { settings: original }).then(() => undefined),
  );
}
const restore: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (restore.length > 0) await restore.pop()!();
});

const COPA_SEMIFINALS = [
  "Copa Nacional: Porto Real FC x Independente do Cerrado",
  "Copa Nacional: Estrela do Norte x Atlético Serrano",
  "Copa Nacional: Independente do Cerrado x Porto Real FC",
  "Copa Nacional: Atlético Serrano x Estrela do Norte",
];

interface Row {
  realm: Realm;
  lang: "en" | "pt" | "es";
  q: string;
  /** Extra query string (content filters). */
  extra?: string;
  /** The first hit's title: exact, one of a list, or a pattern. */
  first?: string | string[] | RegExp;
  firstType?: string;
  /** Titles that must be among the hits (first page of 50). */
  some?: string[];
  /** No hit's title may match. */
  none?: RegExp;
  /** Every hit is one of these types. */
  types?: string[];
  empty?: true;
  why: string;
}

const RELEVANCE: Row[] = [
  // arena (en): typos, prefixes, fighters' names and nicknames
  { realm: "arena", lang: "en", q: "okafr", first: /Okafor/, why: "typo in a fighter's name" },
  {
    realm: "arena",
    lang: "en",
    q: "okaf",
    first: "Okafor vs. Lindqvist: The First Face-Off",
    why: "search as you type: a title prefix comes first",
  },
  {
    realm: "arena",
    lang: "en",
    q: "iron gate",
    first: /Okafor vs\. Lindqvist/,
    firstType: "LIVE_EVENT",
    some: ["AFC 212: Okafor vs. Lindqvist", "AFC 212 Countdown: Okafor vs. Lindqvist"],
    why: "Chidi Okafor's nickname finds his fights",
  },
  {
    realm: "arena",
    lang: "es",
    q: "iron ga",
    first: /Okafor vs\. Lindqvist/,
    firstType: "LIVE_EVENT",
    why: "a nickname typed halfway",
  },
  {
    realm: "arena",
    lang: "en",
    q: "frostbite",
    first: /Okafor vs\. Lindqvist/,
    firstType: "LIVE_EVENT",
    why: "the other fighter's nickname",
  },
  {
    realm: "arena",
    lang: "pt",
    q: "el martillo",
    first: "AFC 211: Cortez vs. Drummond",
    why: "a Spanish nickname, Portuguese viewer",
  },
  {
    realm: "arena",
    lang: "en",
    q: "furacao",
    first: "AFC 208: Bittencourt vs. Whelan",
    why: "a nickname without its accents (Furacão)",
  },
  {
    realm: "arena",
    lang: "es",
    q: "pampa",
    some: ["AFC Fight Night 90: Tamaev vs. Ferreyra", "AFC Fight Night 85: Ferreyra vs. Oduya"],
    firstType: "LIVE_EVENT",
    why: "a nickname finds every fight of the fighter",
  },
  {
    realm: "arena",
    lang: "pt",
    q: "yildirim",
    first: "AFC Fight Night 89: Yıldırım vs. Marchetti",
    why: "dotless ı typed as i",
  },
  {
    realm: "arena",
    lang: "en",
    q: "bitencourt",
    first: /Bittencourt/,
    some: ["AFC 208: Bittencourt vs. Whelan"],
    why: "a missing double letter",
  },
  {
    realm: "arena",
    lang: "en",
    q: "afc fight night 89",
    first: "AFC Fight Night 89: Yıldırım vs. Marchetti",
    why: "equal prefix matches: the live event before the past one",
  },
  {
    realm: "arena",
    lang: "en",
    q: "best knockouts",
    first: "Best Knockouts of the Year",
    firstType: "VOD_PLAYLIST",
    why: "a playlist by its title",
  },
  {
    realm: "arena",
    lang: "en",
    q: "Fight Camp",
    first: "Fight Camp",
    firstType: "VOD_SERIES",
    why: "an exact title first",
  },
  { realm: "arena", lang: "es", q: "cornered", first: "Cornered", why: "exact title, any case" },
  {
    realm: "arena",
    lang: "en",
    q: "road to afc 212",
    extra: "&contentFilters=VOD_SERIES",
    first: "Fight Camp",
    types: ["VOD_SERIES"],
    why: "a season's title finds its series",
  },
  {
    realm: "arena",
    lang: "en",
    q: "okafor",
    extra: "&contentFilters=LIVE_EVENT",
    first: /Okafor/,
    types: ["LIVE_EVENT"],
    why: "one content filter",
  },
  {
    realm: "arena",
    lang: "en",
    q: "okafor",
    extra: "&contentFilters=VOD_VIDEO,VOD_PLAYLIST",
    types: ["VOD_VIDEO", "VOD_PLAYLIST"],
    some: ["Road to AFC 212: Okafor vs. Lindqvist", "Breakdown: Okafor vs. Lindqvist"],
    why: "two filters, comma-separated",
  },
  {
    realm: "arena",
    lang: "en",
    q: "okafor",
    extra: "&contentFilters=VOD_PLAYLIST&contentFilters=VOD_SERIES",
    types: ["VOD_PLAYLIST", "VOD_SERIES"],
    first: "Road to AFC 212: Okafor vs. Lindqvist",
    why: "two filters, repeated",
  },
  { realm: "arena", lang: "en", q: "serrano", empty: true, why: "liga's club is not in arena" },
  // liga (pt by default; es and en viewers): stemming, accents, typos
  {
    realm: "liga",
    lang: "pt",
    q: "semifinal",
    first: COPA_SEMIFINALS,
    why: "the cup semifinal, Portuguese viewer",
  },
  {
    realm: "liga",
    lang: "es",
    q: "semifinal",
    first: COPA_SEMIFINALS,
    why: "the cup semifinal, Spanish viewer",
  },
  {
    realm: "liga",
    lang: "es",
    q: "semifinales",
    first: COPA_SEMIFINALS,
    why: "Spanish plural against Portuguese text",
  },
  {
    realm: "liga",
    lang: "pt",
    q: "semifinais",
    first: COPA_SEMIFINALS,
    why: "Portuguese plural",
  },
  { realm: "liga", lang: "pt", q: "semif", first: COPA_SEMIFINALS, why: "typed halfway" },
  {
    realm: "liga",
    lang: "pt",
    q: "atletico serrano",
    first: "Atlético Serrano x Porto Real FC",
    why: "missing accents; the live match first",
  },
  {
    realm: "liga",
    lang: "en",
    q: "ATLETICO SERRANO",
    first: "Atlético Serrano x Porto Real FC",
    why: "capitals, English viewer",
  },
  {
    realm: "liga",
    lang: "pt",
    q: "serano",
    first: /Serrano/,
    why: "a missing double letter",
  },
  {
    realm: "liga",
    lang: "pt",
    q: "gremio litoraneo",
    first: "Grêmio Litorâneo x SE Vale Verde",
    why: "two words without accents, title prefix",
  },
  {
    realm: "liga",
    lang: "pt",
    q: "gols da rodada",
    first: "Gols da Rodada",
    firstType: "VOD_PLAYLIST",
    why: "exact title before the videos it starts",
  },
  {
    realm: "liga",
    lang: "es",
    q: "mesa redonda",
    first: "Mesa Redonda: 33ª rodada",
    some: ["Mesa Redonda: 32ª rodada", "Mesa Redonda: 34ª rodada"],
    why: "equal matches: the next upcoming before later and past ones",
  },
  {
    realm: "liga",
    lang: "pt",
    q: "jogo historico",
    first: /^Jogo histórico:/,
    why: "accent-free prefix of several titles",
  },
  {
    realm: "liga",
    lang: "pt",
    q: "bastidores da liga",
    first: "Bastidores da Liga Nacional",
    firstType: "VOD_SERIES",
    why: "a series by its title prefix",
  },
  {
    realm: "liga",
    lang: "pt",
    q: "taruma",
    first: /^Tarumã FC x/,
    why: "ã typed as a",
  },
  { realm: "liga", lang: "es", q: "okafor", empty: true, why: "arena's fighter is not in liga" },
  {
    realm: "liga",
    lang: "pt",
    q: "copa",
    none: /Okafor|AFC/,
    some: COPA_SEMIFINALS,
    why: "liga finds its own content only",
  },
];

describe("relevance", () => {
  it.each(RELEVANCE.map((row) => [`${row.realm} ${row.lang} "${row.q}": ${row.why}`, row]))(
    "%s",
    async (_name, row) => {
      const result = await search(row.realm, row.q, {
        lang: row.lang,
        extra: `${row.extra ?? ""}&rpp=50`,
      });
      const titles = result.hits.map((h) => h.title);
      if (row.empty) {
        expect(result.totalHits).toBe(0);
        expect(titles).toEqual([]);
        return;
      }
      expect(titles.length, "some hits").toBeGreaterThan(0);
      const first = result.hits[0]!;
      if (typeof row.first === "string") expect(first.title).toBe(row.first);
      else if (Array.isArray(row.first)) expect(row.first).toContain(first.title);
      else if (row.first) expect(first.title).toMatch(row.first);
      if (row.firstType) expect(first.type).toBe(row.firstType);
      for (const title of row.some ?? []) expect(titles).toContain(title);
      if (row.none) for (const title of titles) expect(title).not.toMatch(row.none);
      if (row.types) for (const hit of result.hits) expect(row.types).toContain(hit.type);
    },
  );

  it("covers at least 25 queries, both realms and three viewer languages", () => {
    expect(RELEVANCE.length).toBeGreaterThanOrEqual(25);
    expect(new Set(RELEVANCE.map((r) => r.realm))).toEqual(new Set(["arena", "liga"]));
    expect(new Set(RELEVANCE.map((r) => r.lang))).toEqual(new Set(["en", "pt", "es"]));
  });
});

describe("search endpoint", () => {
  it("answers cards of every content type with the card fields", async () => {
    const events = await search("arena", "okafor", { extra: "&contentFilters=LIVE_EVENT" });
    expect(events.hits[0]).toMatchObject({
      type: "LIVE_EVENT",
      startDate: expect.any(String),
      endDate: expect.any(String),
      live: expect.any(Boolean),
    });
    const playlists = await search("arena", "okafor", { extra: "&contentFilters=VOD_PLAYLIST" });
    expect(playlists.hits[0]!.type).toBe("VOD_PLAYLIST");
    expect(playlists.hits[0]).toMatchObject({ vodCount: expect.any(Number) });
    expect(playlists.hits[0]!.vodCount).toBeGreaterThan(0);
    const series = await search("arena", "fight camp", { extra: "&contentFilters=VOD_SERIES" });
    expect(series.hits[0]).toMatchObject({ type: "VOD_SERIES", seasonCount: 2 });
    const videos = await search("arena", "okafor", { extra: "&contentFilters=VOD_VIDEO" });
    expect(videos.hits[0]).toMatchObject({ type: "VOD_VIDEO", duration: expect.any(Number) });
    expect(videos.hits[0]).toMatchObject({ smallCoverUrl: expect.stringMatching(/^\/images\//) });
  });

  it("pages with p and rpp (default: the realm's resultPerPage)", async () => {
    const all = await search("liga", "serrano", { extra: "&rpp=100" });
    expect(all.totalHits).toBeGreaterThan(12);
    const first = await search("liga", "serrano");
    expect(first.hits).toHaveLength(12);
    expect(first.totalPages).toBe(Math.ceil(all.totalHits / 12));
    const page2 = await search("liga", "serrano", { extra: "&p=2&rpp=5" });
    expect(page2.page).toBe(2);
    expect(page2.totalHits).toBe(all.totalHits);
    expect(page2.totalPages).toBe(Math.ceil(all.totalHits / 5));
    expect(page2.hits.map((h) => h.id)).toEqual(all.hits.slice(5, 10).map((h) => h.id));
    const beyond = await search("liga", "serrano", { extra: "&p=99&rpp=5" });
    expect(beyond.hits).toEqual([]);
    expect(beyond.totalHits).toBe(all.totalHits);

    await withSearchSettings("liga", { resultPerPage: 4 });
    expect((await search("liga", "serrano")).hits).toHaveLength(4);
  });

  it("answers an empty result set to an empty or blank query", async () => {
    for (const q of ["", "   ", "!!! ---"]) {
      const result = await search("arena", q);
      expect(result).toEqual({ hits: [], page: 1, totalPages: 1, totalHits: 0 });
    }
    const none = await call("arena", "/api/v2/search");
    expect(none.status).toBe(200);
    expect((await none.json()).totalHits).toBe(0);
  });

  it("refuses unknown filters, an overlong query and bad paging with 400 INVALID_QUERY", async () => {
    const cases = [
      ["contentFilters=NEWS", /contentFilters.*NEWS/],
      ["contentFilters=VOD_VIDEO,SPORTS", /SPORTS/],
      [`q=${"a".repeat(201)}`, /at most 200/],
      ["q=okafor&p=0", /'p'/],
      ["q=okafor&rpp=abc", /'rpp'/],
      ["q=okafor&rpp=101", /'rpp'/],
    ] as const;
    for (const [query, message] of cases) {
      const res = await call("arena", `/api/v2/search?${query}`);
      expect(res.status, query).toBe(400);
      const body = await res.json();
      expect(body.code).toBe("INVALID_QUERY");
      expect(body.message).toMatch(message);
    }
    expect((await call("arena", `/api/v2/search?q=${"a".repeat(200)}`)).status).toBe(200);
    const popular = await call("arena", "/api/v2/popular?contentFilters=VOD_PLAYLIST");
    expect(popular.status).toBe(400);
  });

  it("shows guests licensed content only when showContentAvailableOnSignIn is on", async () => {
    const licensed = "AFC Fight Night 89: Yıldırım vs. Marchetti";
    const guest = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
      sub: "guest-1",
      rlm: "arena",
      rol: [],
      gue: true,
    });
    const customer = await viewerToken(platform.store, "arena", "CUSTOMER");
    const titles = async (headers: Record<string, string> = {}) =>
      (await search("arena", "yildirim", { headers })).hits.map((h) => h.title);

    expect(await titles()).toContain(licensed);
    await withSearchSettings("arena", { showContentAvailableOnSignIn: false });
    expect(await titles()).not.toContain(licensed);
    expect(await titles({ Authorization: `Bearer ${guest}` })).not.toContain(licensed);
    expect(await titles({ Authorization: `Bearer ${customer.token}` })).toContain(licensed);
    // Free content stays findable for everyone.
    expect(await titles()).toContain("AFC Tonight: Fight Night 89 Post-Fight Show");
  });

  it("never lets a viewer-specific answer be stored by a shared cache", async () => {
    const anonymous = await call("arena", "/api/v2/search?q=okafor");
    expect(anonymous.headers.get("Cache-Control") ?? "").not.toMatch(/public/);
    const customer = await viewerToken(platform.store, "arena", "CUSTOMER");
    for (const path of [
      "/api/v2/search?q=okafor",
      "/api/v2/search/buckets?q=okafor",
      "/api/v2/popular",
    ]) {
      const res = await call("arena", path, { Authorization: `Bearer ${customer.token}` });
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
  });
});

describe("the index follows the catalogue", () => {
  it("finds a video once inserted, by its new title once renamed, and not once deleted", async () => {
    const { db } = platform.store;
    const [video] = await db
      .insert(t.videos)
      .values({
        realm: "liga",
        externalKey: "search-follow-test",
        title: "Clássico Quixeramobim: os melhores lances",
        description: "Um jogo inesquecível.",
        durationSeconds: 300,
        publishedAt: new Date(),
        tags: ["zagueiro artilheiro"],
      })
      .returning();
    const found = async (q: string) =>
      (await search("liga", q, { lang: "pt" })).hits.some((h) => h.id === video!.id);
    expect(await found("quixeramobim")).toBe(true);
    expect(await found("classico quixeramob")).toBe(true);
    expect(await found("zagueiro artilheiro")).toBe(true);

    await db
      .update(t.videos)
      .set({ title: "Clássico Itapipoca: os melhores lances" })
      .where(eq(t.videos.id, video!.id));
    expect(await found("quixeramobim")).toBe(false);
    expect(await found("itapipoca")).toBe(true);

    await db.delete(t.videos).where(eq(t.videos.id, video!.id));
    expect(await found("itapipoca")).toBe(false);
    const [entry] = await db
      .select()
      .from(t.searchEntries)
      .where(and(eq(t.searchEntries.kind, "VOD_VIDEO"), eq(t.searchEntries.contentId, video!.id)));
    expect(entry).toBeUndefined();
  });

  it("keeps a word for typo matching while an entry holds it, and drops it with the last", async () => {
    const { db } = platform.store;
    const words = async () =>
      (
        await db
          .select({ word: t.searchWords.word })
          .from(t.searchWords)
          .where(
            and(
              eq(t.searchWords.realm, "liga"),
              inArray(t.searchWords.word, ["jaguaribara", "itaicaba", "quixelo"]),
            ),
          )
      )
        .map((r) => r.word)
        .sort();
    const video = (key: string, title: string) =>
      db
        .insert(t.videos)
        .values({
          realm: "liga",
          externalKey: key,
          title,
          description: "",
          durationSeconds: 60,
          publishedAt: new Date(),
        })
        .returning({ id: t.videos.id });
    const [one] = await video("words-one", "Jaguaribara Quixelô");
    const [two] = await video("words-two", "Jaguaribara Itaiçaba");
    expect(await words()).toEqual(["itaicaba", "jaguaribara", "quixelo"]);

    // Renamed: the word it lost goes, as no other entry holds it; the one it kept stays.
    await db.update(t.videos).set({ title: "Jaguaribara" }).where(eq(t.videos.id, two!.id));
    expect(await words()).toEqual(["jaguaribara", "quixelo"]);
    // Deleted: a word another entry still holds stays; the last holder takes its words along.
    await db.delete(t.videos).where(eq(t.videos.id, one!.id));
    expect(await words()).toEqual(["jaguaribara"]);
    await db.delete(t.videos).where(eq(t.videos.id, two!.id));
    expect(await words()).toEqual([]);
  });

  it("follows the fighters linked to an event and changes to a fighter", async () => {
    const { db } = platform.store;
    const [fighter] = await db
      .select()
      .from(t.fighters)
      .where(and(eq(t.fighters.realm, "arena"), eq(t.fighters.externalKey, "chidi-okafor")));
    const links = await db
      .select()
      .from(t.eventFighters)
      .where(eq(t.eventFighters.fighterId, fighter!.id));
    expect(links.length).toBe(2);
    const ids = async (q: string) => (await search("arena", q)).hits.map((h) => h.id);
    const linked = links.map((l) => l.eventId).sort();
    expect(await ids("thunderclap")).toEqual([]);

    // A new nickname is a word of every event the fighter is billed on.
    await db
      .update(t.fighters)
      .set({ nickname: "Thunderclap" })
      .where(eq(t.fighters.id, fighter!.id));
    try {
      expect((await ids("thunderclap")).sort()).toEqual(linked);
      expect((await ids("thunderclp")).sort()).toEqual(linked);

      // Unlinking the fighter takes their names out of that event's document.
      const [mainCard, other] = links;
      await db
        .delete(t.eventFighters)
        .where(
          and(
            eq(t.eventFighters.eventId, mainCard!.eventId),
            eq(t.eventFighters.fighterId, fighter!.id),
          ),
        );
      expect(await ids("thunderclap")).toEqual([other!.eventId]);
      await db.insert(t.eventFighters).values(mainCard!);
      expect((await ids("thunderclap")).sort()).toEqual(linked);
    } finally {
      await db
        .update(t.fighters)
        .set({ nickname: fighter!.nickname })
        .where(eq(t.fighters.id, fighter!.id));
    }
    expect(await ids("thunderclap")).toEqual([]);
  });
});

describe("buckets", () => {
  type Buckets = {
    query: string;
    totalHits: number;
    buckets: {
      type: string;
      hits: Hit[];
      shortcuts: { type: string; id: number | string; title: string }[];
      totalHits: number;
    }[];
  };
  const buckets = async (realm: Realm, q: string, extra = "") => {
    const res = await call(realm, `/api/v2/search/buckets?q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Buckets;
    expect(validateBody("searchBuckets", body).issues).toEqual([]);
    return body;
  };
  const ORDER = ["LIVE_EVENT", "VOD_VIDEO", "VOD_PLAYLIST", "VOD_SERIES", "SECTION", "EPG"];

  it("has one bucket per content type in order, within the realm's limits", async () => {
    const body = await buckets("arena", "  okafor   vs ");
    expect(body.query).toBe("okafor vs");
    const types = body.buckets.map((b) => b.type);
    expect(types.slice(0, 3)).toEqual(["LIVE_EVENT", "VOD_VIDEO", "VOD_PLAYLIST"]);
    expect([...types].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b))).toEqual(types);
    for (const bucket of body.buckets.filter((b) => b.type !== "EPG")) {
      expect(bucket.hits.length).toBeLessThanOrEqual(10);
      expect(bucket.shortcuts.length).toBeLessThanOrEqual(20);
      expect(bucket.totalHits).toBeGreaterThanOrEqual(bucket.shortcuts.length);
      for (const hit of bucket.hits) expect(hit.type).toBe(bucket.type);
    }
    const videos = body.buckets.find((b) => b.type === "VOD_VIDEO")!;
    const all = await search("arena", "okafor vs", { extra: "&contentFilters=VOD_VIDEO&rpp=50" });
    expect(videos.totalHits).toBe(all.totalHits);
    expect(videos.hits.map((h) => h.id)).toEqual(all.hits.slice(0, 10).map((h) => h.id));
    expect(body.totalHits).toBe(
      body.buckets.filter((b) => b.type !== "EPG").reduce((n, b) => n + b.totalHits, 0),
    );

    await withSearchSettings("arena", { bucketPerPage: 2, bucketShortcutsPerPage: 3 });
    const small = await buckets("arena", "okafor vs");
    for (const bucket of small.buckets) {
      expect(bucket.hits.length).toBeLessThanOrEqual(2);
      expect(bucket.shortcuts.length).toBeLessThanOrEqual(3);
    }
    const smallVideos = small.buckets.find((b) => b.type === "VOD_VIDEO")!;
    expect(smallVideos.hits).toHaveLength(2);
    expect(smallVideos.shortcuts.map((s) => s.id)).toEqual(all.hits.slice(0, 3).map((h) => h.id));
  });

  it("leaves out empty buckets and answers nothing to a blank query", async () => {
    const fightCamp = await buckets("arena", "fight camp");
    expect(fightCamp.buckets.map((b) => b.type)).not.toContain("VOD_SERIES_NONE");
    for (const bucket of fightCamp.buckets) expect(bucket.totalHits).toBeGreaterThan(0);
    expect(await buckets("arena", " ")).toEqual({ query: "", buckets: [], totalHits: 0 });
    expect((await buckets("arena", "zzqqxx")).buckets).toEqual([]);
  });

  it("adds section links when sectionLinkBuckets is on", async () => {
    expect((await buckets("arena", "fight nights")).buckets.map((b) => b.type)).not.toContain(
      "SECTION",
    );
    await withSearchSettings("arena", { sectionLinkBuckets: true });
    const body = await buckets("arena", "fight nig");
    const section = body.buckets.find((b) => b.type === "SECTION")!;
    expect(section.hits).toEqual([]);
    expect(section.shortcuts).toEqual([
      { type: "SECTION", id: "fight-nights", title: "Fight Nights" },
    ]);
    const liga = await call("liga", "/api/v2/search/buckets?q=agenda");
    expect(((await liga.json()) as Buckets).buckets.map((b) => b.type)).not.toContain("SECTION");
  });

  it("has a programme-guide bucket of today's matching events unless hideEpgBuckets", async () => {
    const body = await buckets("arena", "afc");
    const epg = body.buckets.find((b) => b.type === "EPG")!;
    expect(epg.hits.length).toBeGreaterThan(0);
    const now = new Date();
    const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    for (const hit of epg.hits) {
      expect(hit.type).toBe("LIVE_EVENT");
      expect(Date.parse(hit.startDate!)).toBeLessThan(dayStart + 24 * 3600_000);
      expect(Date.parse(hit.endDate!)).toBeGreaterThan(dayStart);
    }
    expect(epg.hits.map((h) => h.title)).toContain("AFC 24/7");
    await withSearchSettings("arena", { hideEpgBuckets: true });
    expect((await buckets("arena", "afc")).buckets.map((b) => b.type)).not.toContain("EPG");
  });
});

describe("popular", () => {
  it("orders events and videos by distinct viewers over the last 7 days, ties by the latest watch", async () => {
    const { db } = platform.store;
    const videos = await db
      .select()
      .from(t.videos)
      .where(
        and(
          eq(t.videos.realm, "arena"),
          inArray(t.videos.externalKey, [
            "clip-kowalczyk-armbar",
            "bts-cutman-kit",
            "classic-lan-restrepo-1",
            "embedded-afc-212-ep1",
          ]),
        ),
      );
    const byKey = (key: string) => videos.find((v) => v.externalKey === key)!.id;
    const [event] = await db
      .select()
      .from(t.events)
      .where(and(eq(t.events.realm, "arena"), eq(t.events.externalKey, "afc-rankings-show")));
    const [ligaVideo] = await db.select().from(t.videos).where(eq(t.videos.realm, "liga")).limit(1);
    const users = await Promise.all(
      [1, 2, 3].map(async () => (await viewerToken(platform.store, "arena", "CUSTOMER")).userId),
    );
    const ligaUser = (await viewerToken(platform.store, "liga", "CUSTOMER")).userId;
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const watch = (
      userId: number,
      profileKey: number,
      kind: string,
      contentId: number,
      at: Date,
    ) => ({ userId, profileKey, kind, contentId, positionSeconds: 30, watchedAt: at });
    const armbar = byKey("clip-kowalczyk-armbar");
    const cutman = byKey("bts-cutman-kit");
    const classic = byKey("classic-lan-restrepo-1");
    const stale = byKey("embedded-afc-212-ep1");
    await db.insert(t.watchHistory).values([
      // armbar: 4 viewers (two profiles of one account count twice)
      watch(users[0]!, 0, "vod", armbar, hoursAgo(30)),
      watch(users[0]!, 7, "vod", armbar, hoursAgo(30)),
      watch(users[1]!, 0, "vod", armbar, hoursAgo(30)),
      watch(users[2]!, 0, "vod", armbar, hoursAgo(30)),
      // the event: 3 viewers
      watch(users[0]!, 0, "live", event!.id, hoursAgo(50)),
      watch(users[1]!, 0, "live", event!.id, hoursAgo(50)),
      watch(users[2]!, 0, "live", event!.id, hoursAgo(50)),
      // cutman and classic: 2 viewers each; classic watched more recently
      watch(users[0]!, 0, "vod", cutman, hoursAgo(20)),
      watch(users[1]!, 0, "vod", cutman, hoursAgo(20)),
      watch(users[0]!, 0, "vod", classic, hoursAgo(20)),
      watch(users[1]!, 0, "vod", classic, hoursAgo(2)),
      // stale: 3 viewers, but more than 7 days ago
      watch(users[0]!, 0, "vod", stale, hoursAgo(8 * 24)),
      watch(users[1]!, 0, "vod", stale, hoursAgo(8 * 24)),
      watch(users[2]!, 0, "vod", stale, hoursAgo(7 * 24 + 1)),
      // another realm's video
      watch(ligaUser, 0, "vod", ligaVideo!.id, hoursAgo(1)),
    ]);
    try {
      const res = await call("arena", "/api/v2/popular");
      expect(res.status).toBe(200);
      const body = (await res.json()) as ResultSet;
      expect(validateBody("resultSet", body).issues).toEqual([]);
      expect(body.hits.map((h) => `${h.type}:${h.id}`)).toEqual([
        `VOD_VIDEO:${armbar}`,
        `LIVE_EVENT:${event!.id}`,
        `VOD_VIDEO:${classic}`,
        `VOD_VIDEO:${cutman}`,
      ]);
      expect(body.totalHits).toBe(4);

      const onlyVideos = (await (
        await call("arena", "/api/v2/popular?contentFilters=VOD_VIDEO&rpp=2&p=2")
      ).json()) as ResultSet;
      expect(onlyVideos).toMatchObject({ page: 2, totalPages: 2, totalHits: 3 });
      expect(onlyVideos.hits.map((h) => h.id)).toEqual([cutman]);
      const onlyEvents = (await (
        await call("arena", "/api/v2/popular?contentFilters=LIVE_EVENT")
      ).json()) as ResultSet;
      expect(onlyEvents.hits.map((h) => h.id)).toEqual([event!.id]);

      const liga = (await (await call("liga", "/api/v2/popular")).json()) as ResultSet;
      expect(liga.hits.map((h) => h.id)).toEqual([ligaVideo!.id]);
    } finally {
      await db.delete(t.watchHistory).where(inArray(t.watchHistory.userId, [...users, ligaUser]));
    }
  });
});

describe("ranking past the full-text matches", () => {
  it("orders trigram-only matches by similarity on every page and in every bucket", async () => {
    const { db } = platform.store;
    const rolledBack = new Error("rolled back");
    const scope = arenaScope();
    // Not a word of the realm: typed words the realm has are taken as typed (below).
    const query = parseQuery("zephyrin");
    let full: number[] = [];
    let asTyped: number[] = [];
    const pages: number[] = [];
    let bucket: number[] = [];
    let expected: number[] = [];
    await db
      .transaction(async (tx) => {
        // Three full-text matches (prefix of "zephyrine"), then three typos (word similarity
        // 0.78, 0.73 and 0.67) published newest first in the opposite order, so that only their
        // similarity ranks them right.
        const titles = [
          ["Cup final, Zephyrine", 10],
          ["Zephyrine highlights", 11],
          ["Zephyrine replay", 12],
          ["Zephyrim cup", 30],
          ["Zephyrrin cup", 20],
          ["Zephyrn cup", 1],
        ] as const;
        const ids: number[] = [];
        for (const [title, minutesAgo] of titles) {
          const [row] = await tx
            .insert(t.videos)
            .values({
              realm: "arena",
              externalKey: `ranking-${title}`,
              title,
              description: "",
              durationSeconds: 60,
              publishedAt: new Date(Date.now() - minutesAgo * 60_000),
            })
            .returning({ id: t.videos.id });
          ids.push(row!.id);
        }
        expected = ids.slice(3);
        const page = async (rpp: number, offset: number) =>
          (await searchPage(tx, query, scope, { rpp, offset })).refs.map((r) => r.id);
        full = await page(50, 0);
        for (let offset = 0; offset < 6; offset += 2) pages.push(...(await page(2, offset)));
        const buckets = await searchByKind(tx, query, scope, 5);
        bucket = buckets.find((b) => b.kind === "VOD_VIDEO")!.refs.map((r) => r.id);
        // "zephyrim" is now a word of the realm: it finds itself, not "zephyrrin" or "zephyrn".
        asTyped = (
          await searchPage(tx, parseQuery("zephyrim"), scope, { rpp: 50, offset: 0 })
        ).refs.map((r) => r.id);
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
    expect(full.slice(3)).toEqual(expected);
    expect(pages).toEqual(full);
    expect(bucket).toEqual(full.slice(0, 5));
    expect(asTyped).toEqual(expected.slice(0, 1));
  });
});

describe("a page and its total", () => {
  const scope = arenaScope();

  it("are the same counted beside the page on a connection of its own and inside a transaction", async () => {
    const { db } = platform.store;
    const rolledBack = new Error("rolled back");
    for (const text of ["okafor", "okafr", "fight night", "fi", "zzqx"]) {
      const query = parseQuery(text);
      const all = await searchPage(db, query, scope, { rpp: 500, offset: 0 });
      const first = await searchPage(db, query, scope, { rpp: 2, offset: 0 });
      const beyond = await searchPage(db, query, scope, { rpp: 2, offset: all.total + 4 });
      let inTransaction: typeof first | undefined;
      await db
        .transaction(async (tx) => {
          inTransaction = await searchPage(tx, query, scope, { rpp: 2, offset: 0 });
          throw rolledBack;
        })
        .catch((error) => {
          if (error !== rolledBack) throw error;
        });
      expect(all.refs.length, text).toBe(all.total);
      expect(first, text).toEqual({ refs: all.refs.slice(0, 2), total: all.total });
      expect(beyond, text).toEqual({ refs: [], total: all.total });
      expect(inTransaction, text).toEqual(first);
    }
  });

  it("reports a failed statement once, with nothing left running", async () => {
    const { db } = platform.store;
    const badScope = { ...scope, now: new Date(Number.NaN) };
    await expect(
      searchPage(db, parseQuery("okafor"), badScope, { rpp: 2, offset: 0 }),
    ).rejects.toThrow();
    // The store still answers: no connection was left waiting on the failed page.
    expect((await searchPage(db, parseQuery("okafor"), scope, { rpp: 2, offset: 0 })).total).toBe(
      (await searchPage(db, parseQuery("okafor"), scope, { rpp: 50, offset: 0 })).refs.length,
    );
  });
});

describe("the query plan", () => {
  it("uses the GIN indexes on a large catalogue", async () => {
    const { db } = platform.store;
    const rolledBack = new Error("rolled back");
    let plan = "";
    let wordPlan = "";
    let exactPlan = "";
    let similarPlan = "";
    let similarConfig: string[] = [];
    let words: string[] = [];
    await db
      .transaction(async (tx) => {
        // 2,000 more videos, written through the triggers like any other.
        await tx.execute(sql`
          insert into videos (realm, external_key, title, description, duration_seconds, published_at)
          select 'arena', 'plan-' || g, 'Synthetic bout ' || g || ' round ' || (g % 12),
            'Round by round, bout ' || g, 600, now() - g * interval '1 minute'
          from generate_series(1, 2000) g`);
        await tx.execute(sql`analyze search_entries`);
        await tx.execute(sql`analyze search_words`);
        // With the planner's own settings, as searchPage runs it.
        const query = parseQuery("okafr");
        const expansion = await termWords(tx, query, "arena");
        // The typo is widened to the fighter's name from the realm's words.
        words = expansion.flatMap((t) => t.words.map((w) => w.word));
        const statement = searchStatement(
          query,
          arenaScope({ viewerLocale: "pt" }),
          { rpp: 12, offset: 0 },
          expansion,
        );
        const explain = async (statement: SQL) =>
          (
            (await tx.execute(sql`explain ${statement}`)) as unknown as {
              rows: { "QUERY PLAN": string }[];
            }
          ).rows
            .map((r) => r["QUERY PLAN"])
            .join("\n");
        plan = await explain(statement);
        wordPlan = await explain(termWordsStatement(query, "arena"));
        // A word of the realm as typed is not widened: the full text finds it alone.
        const exact = parseQuery("okafor");
        exactPlan = await explain(
          searchStatement(
            exact,
            arenaScope(),
            { rpp: 12, offset: 0 },
            await termWords(tx, exact, "arena"),
          ),
        );
        // The similar words' look-up, as its function runs it: its statement with its settings.
        const [similarWords] = (
          (await tx.execute(sql`select prosrc, proconfig from pg_proc
            where proname = 'search_similar_words'`)) as unknown as {
            rows: { prosrc: string; proconfig: string[] }[];
          }
        ).rows;
        similarConfig = similarWords!.proconfig;
        for (const setting of similarConfig) {
          const [name, value] = setting.split("=");
          await tx.execute(sql`select set_config(${name}, ${value}, true)`);
        }
        await tx.execute(
          sql.raw(`prepare similar_words(text, text, integer) as ${similarWords!.prosrc}`),
        );
        similarPlan = await explain(sql`execute similar_words('arena', 'okafr', 24)`);
        await tx.execute(sql`deallocate similar_words`);
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
    expect(words).toContain("okafor");
    expect(plan).toMatch(/Bitmap Index Scan on search_entries_document_idx/);
    expect(plan).toMatch(/Bitmap Index Scan on search_entries_lexemes_idx/);
    expect(plan).toMatch(/Bitmap Index Scan on search_entries_title_prefix_idx/);
    expect(plan).not.toMatch(/Seq Scan on search_entries/);
    // No entry is tested for similarity: only the realm's words are, through their index.
    expect(plan).not.toMatch(/similarity|%>/);
    // A term that is a word is found by the unique index; only the others are looked up by
    // similarity, by a function that keeps the planner off a scan of every word.
    expect(wordPlan).toMatch(/Index Scan using search_words_key on search_words/);
    expect(wordPlan).toMatch(/Function Scan on search_similar_words/);
    expect(similarConfig).toContain("enable_seqscan=off");
    expect(similarPlan).toMatch(/Bitmap Index Scan on search_words_word_trgm_idx/);
    expect(exactPlan).toMatch(/Bitmap Index Scan on search_entries_document_idx/);
    expect(exactPlan).not.toMatch(/search_entries_lexemes_idx|lexemes @@/);
  }, 120_000);
});
