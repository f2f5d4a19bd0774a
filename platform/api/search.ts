import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import type { SearchBuckets } from "../../contract/generated/search-buckets.ts";
import {
  MAX_QUERY_LENGTH,
  parseQuery,
  POPULAR_KINDS,
  popularPage,
  SEARCH_KINDS,
  searchByKind,
  searchOnAirToday,
  searchPage,
  searchSections,
  searchSettingsOf,
  type SearchRef,
  type SearchScope,
} from "../search/search.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { authenticate } from "./auth.ts";
import { type Card, eventCard, playlistCard, seriesCard, videoCard } from "./cards.ts";
import { playlistVodCount, seriesSeasonCount } from "./content.ts";
import type { PlatformEnv } from "./context.ts";
import { badRequest } from "./errors.ts";
import { readPage, resultSet } from "./pagination.ts";

/** Search (spec section 2): the search route's pages, the overlay's buckets, and popular. */
export const search = new Hono<PlatformEnv>();

// Only these paths: the router is mounted at the version's root.
search.use("/search", authenticate);
search.use("/search/buckets", authenticate);
search.use("/popular", authenticate);

/** Largest `rpp` of search and popular. */
const MAX_RPP = 100;

search.get("/search", async (c) => {
  const query = readQuery(c);
  const settings = searchSettingsOf(c.get("realm").settings);
  const page = readPage((n) => c.req.query(n), settings.resultPerPage, MAX_RPP);
  const scope = scopeOf(c, readFilters(c, SEARCH_KINDS));
  const { refs, total } = await searchPage(c.get("store").db, query, scope, page);
  const cards = await cardsFor(c.get("store").db, scope.realm, refs, scope.now);
  cacheFor(c);
  return c.json(resultSet(cards, total, page));
});

search.get("/search/buckets", async (c) => {
  const query = readQuery(c);
  const realm = c.get("realm");
  const settings = searchSettingsOf(realm.settings);
  const scope = scopeOf(c, readFilters(c, SEARCH_KINDS));
  const db = c.get("store").db;
  const perKind = Math.max(settings.bucketPerPage, settings.bucketShortcutsPerPage);
  const [byKind, sections, onAir] = await Promise.all([
    searchByKind(db, query, scope, perKind),
    settings.sectionLinkBuckets
      ? searchSections(db, query, realm.name, settings.bucketShortcutsPerPage)
      : undefined,
    settings.hideEpgBuckets || !scope.kinds.includes("LIVE_EVENT")
      ? undefined
      : searchOnAirToday(db, query, scope, settings.bucketPerPage),
  ]);
  const cards = await cardsFor(
    db,
    realm.name,
    [...byKind.flatMap((b) => b.refs.slice(0, settings.bucketPerPage)), ...(onAir?.refs ?? [])],
    scope.now,
  );
  const cardOf = (ref: SearchRef) =>
    cards.find((card) => card.type === ref.kind && card.id === ref.id);
  const buckets: SearchBuckets["buckets"] = byKind.map((bucket) => ({
    type: bucket.kind,
    hits: bucket.refs
      .slice(0, settings.bucketPerPage)
      .map(cardOf)
      .filter((card) => card !== undefined),
    shortcuts: bucket.refs
      .slice(0, settings.bucketShortcutsPerPage)
      .map((r) => ({ type: r.kind, id: r.id, title: r.title })),
    totalHits: bucket.total,
  }));
  if (sections && sections.total > 0) {
    buckets.push({
      type: "SECTION",
      hits: [],
      shortcuts: sections.sections.map((s) => ({ type: "SECTION", id: s.name, title: s.title })),
      totalHits: sections.total,
    });
  }
  if (onAir && onAir.total > 0) {
    const hits = onAir.refs.map(cardOf).filter((card) => card !== undefined);
    buckets.push({
      type: "EPG",
      hits,
      shortcuts: hits
        .slice(0, settings.bucketShortcutsPerPage)
        .map((card) => ({ type: "LIVE_EVENT", id: card.id, title: card.title })),
      totalHits: onAir.total,
    });
  }
  const answer: SearchBuckets = {
    query: query.text,
    buckets,
    // EPG events are LIVE_EVENT hits as well: counted once.
    totalHits: buckets.filter((b) => b.type !== "EPG").reduce((n, b) => n + b.totalHits, 0),
  };
  cacheFor(c);
  return c.json(answer);
});

search.get("/popular", async (c) => {
  const page = readPage((n) => c.req.query(n), 12, MAX_RPP);
  const scope = scopeOf(c, readFilters(c, POPULAR_KINDS));
  const kinds = scope.kinds.filter((k) => k === "LIVE_EVENT" || k === "VOD_VIDEO");
  const db = c.get("store").db;
  const { refs, total } = await popularPage(db, { ...scope, kinds }, page);
  const cards = await cardsFor(db, scope.realm, refs, scope.now);
  cacheFor(c);
  return c.json(resultSet(cards, total, page));
});

function readQuery(c: Context<PlatformEnv>) {
  const raw = c.req.query("q") ?? "";
  if (raw.length > MAX_QUERY_LENGTH) {
    throw badRequest(
      "INVALID_QUERY",
      `Query parameter 'q' must be at most ${MAX_QUERY_LENGTH} characters`,
    );
  }
  return parseQuery(raw);
}

/** `contentFilters`, repeated or comma-separated; none means every kind allowed. */
function readFilters<K extends string>(c: Context<PlatformEnv>, allowed: readonly K[]): K[] {
  const given = (c.req.queries("contentFilters") ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  if (given.length === 0) return [...allowed];
  for (const value of given) {
    if (!allowed.includes(value as K)) {
      throw badRequest(
        "INVALID_QUERY",
        `Query parameter 'contentFilters' takes ${allowed.join(", ")}; '${value.slice(0, 40)}' is none of them`,
      );
    }
  }
  return allowed.filter((k) => given.includes(k));
}

function scopeOf<K extends SearchScope["kinds"][number]>(
  c: Context<PlatformEnv>,
  kinds: K[],
): SearchScope & { kinds: K[] } {
  const realm = c.get("realm");
  const viewer = c.get("viewer");
  const guest = !viewer || viewer.gue;
  return {
    realm: realm.name,
    realmLocale: realm.defaultLocale,
    viewerLocale: c.get("locale") ?? realm.defaultLocale,
    kinds,
    openOnly: guest && !searchSettingsOf(realm.settings).showContentAvailableOnSignIn,
    now: new Date(),
  };
}

/**
 * Like the catalogue's lists, an answer to an anonymous call says nothing about caching; one
 * made for a signed-in viewer or a guest (whose availability differs) is never stored.
 */
function cacheFor(c: Context<PlatformEnv>) {
  if (c.get("viewer")) c.header("Cache-Control", "private, no-store");
}

/** Cards of the given items, in their order; items no longer in the catalogue are left out. */
async function cardsFor(db: Db, realm: string, refs: SearchRef[], now: Date): Promise<Card[]> {
  const ids = (kind: SearchRef["kind"]) => [
    ...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id)),
  ];
  const [events, videos, playlists, series] = await Promise.all([
    ids("LIVE_EVENT").length === 0
      ? []
      : db
          .select()
          .from(t.events)
          .where(and(eq(t.events.realm, realm), inArray(t.events.id, ids("LIVE_EVENT")))),
    ids("VOD_VIDEO").length === 0
      ? []
      : db
          .select()
          .from(t.videos)
          .where(and(eq(t.videos.realm, realm), inArray(t.videos.id, ids("VOD_VIDEO")))),
    ids("VOD_PLAYLIST").length === 0
      ? []
      : db
          .select({ row: t.playlists, vodCount: playlistVodCount })
          .from(t.playlists)
          .where(and(eq(t.playlists.realm, realm), inArray(t.playlists.id, ids("VOD_PLAYLIST")))),
    ids("VOD_SERIES").length === 0
      ? []
      : db
          .select({ row: t.series, seasonCount: seriesSeasonCount })
          .from(t.series)
          .where(and(eq(t.series.realm, realm), inArray(t.series.id, ids("VOD_SERIES")))),
  ]);
  const cards = new Map<string, Card>();
  for (const e of events) cards.set(`LIVE_EVENT:${e.id}`, eventCard(e, now));
  for (const v of videos) cards.set(`VOD_VIDEO:${v.id}`, videoCard(v));
  for (const p of playlists)
    cards.set(`VOD_PLAYLIST:${p.row.id}`, playlistCard(p.row, Number(p.vodCount)));
  for (const s of series)
    cards.set(`VOD_SERIES:${s.row.id}`, seriesCard(s.row, Number(s.seasonCount)));
  return refs.map((r) => cards.get(`${r.kind}:${r.id}`)).filter((card) => card !== undefined);
}
