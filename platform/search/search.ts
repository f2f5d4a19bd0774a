import { sql, type SQL } from "drizzle-orm";
import realmSettingsSchema from "../../schemas/realm-settings.schema.json";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import type { Db } from "../store/store.ts";

/*
 * Search over the database's own index (search_entries, kept by triggers; migration 0010):
 * full-text search in the realm language's configuration (and the viewer's), trigram word
 * similarity for typos, and title prefixes for search as you type.
 */

export const SEARCH_KINDS = ["LIVE_EVENT", "VOD_VIDEO", "VOD_PLAYLIST", "VOD_SERIES"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest query read; a longer one is refused. */
export const MAX_QUERY_LENGTH = 200;
/** Words of a query that count (the rest are ignored). */
const MAX_TERMS = 12;

export type SearchSettings = Required<NonNullable<RealmSettings["searchSettings"]>>;

const settingDefaults = Object.fromEntries(
  Object.entries(realmSettingsSchema.properties.searchSettings.properties).map(([name, field]) => [
    name,
    field.default,
  ]),
) as SearchSettings;

/** The realm's search settings, each missing one at its schema default. */
export function searchSettingsOf(settings: Record<string, unknown>): SearchSettings {
  const own = (settings as Pick<RealmSettings, "searchSettings">).searchSettings ?? {};
  return { ...settingDefaults, ...own };
}

export interface ParsedQuery {
  /** Trimmed, whitespace collapsed: the query as the answer echoes it. */
  text: string;
  /** Its words (letters and digits), lower-cased, at most MAX_TERMS. */
  terms: string[];
}

export function parseQuery(raw: string | undefined): ParsedQuery {
  const text = (raw ?? "").trim().replace(/\s+/g, " ");
  const terms = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  return { text, terms };
}

export interface SearchScope {
  realm: string;
  /** The realm's default language: its documents are in this text-search configuration. */
  realmLocale: string;
  /** The viewer's language: the query is also read in its configuration. */
  viewerLocale: string;
  kinds: readonly SearchKind[];
  /** Leave out content that needs a licence (guests, when the realm says so). */
  openOnly: boolean;
  now: Date;
}

export interface SearchRef {
  kind: SearchKind;
  id: number;
}

/**
 * The SQL pieces of one query. Every argument is a constant, so PostgreSQL folds `search_norm`,
 * `search_config` and `to_tsquery` (all immutable) at plan time and the GIN indexes serve
 * `@@`, `<%` and `LIKE`.
 */
function queryParts(query: ParsedQuery, scope: SearchScope) {
  const words = query.terms.join(" ");
  // Every term must match; the last may be the start of a word (search as you type). Terms
  // are letters and digits only, so quoting them cannot break the tsquery syntax.
  const last = query.terms.length - 1;
  const tsText = sql.join(
    query.terms.map((t, i) => sql`'''' || search_norm(${t}) || ${i === last ? "':*" : "'"}`),
    sql` || ' & ' || `,
  );
  const tsquery = (locale: string) => sql`to_tsquery(search_config(${locale}), ${tsText})`;
  const tsq =
    languageOf(scope.viewerLocale) === languageOf(scope.realmLocale)
      ? tsquery(scope.realmLocale)
      : sql`(${tsquery(scope.realmLocale)} || ${tsquery(scope.viewerLocale)})`;
  const qn = sql`search_norm(${words})`;
  const now = sql`${scope.now.toISOString()}::timestamptz`;
  const where = sql.join(
    [
      sql`s.realm = ${scope.realm}`,
      // Every kind: no condition, so that the planner is not drawn to the primary key.
      ...(scope.kinds.length === SEARCH_KINDS.length
        ? []
        : [
            sql`s.kind in (${sql.join(
              scope.kinds.map((k) => sql`${k}`),
              sql`, `,
            )})`,
          ]),
      // `words %> query` (not `query <% words`): the form the trigram index answers, so the
      // heap scan's recheck is the whole test and the trigram similarity of a row is not
      // computed a second time in a filter.
      sql`(s.document @@ ${tsq} or s.words %> ${qn} or s.norm_title like ${qn} || '%')`,
      ...(scope.openOnly ? [sql`s.licence is null`] : []),
    ],
    sql` and `,
  );
  /*
   * The matches with their tier (exact title 3, title prefix 2, full text 1, trigram only 0),
   * full-text rank and `high`: how many matches (of the same kind with `byKind`) are in a tier
   * above 0. The full-text test and the rank are computed once per row (the scan is kept apart
   * by `offset 0`), and only narrow columns go on to the windows and the sort.
   */
  const matches = (options: { extra?: SQL[]; byKind?: boolean } = {}) => {
    const partition = options.byKind ? sql`partition by h.kind` : sql``;
    return sql`(select h.*, count(*) filter (where h.tier > 0) over (${partition}) as high
      from (select f.kind, f.content_id, f.title, f.words, f.live, f.start_at, f.end_at, f.sort_at, f.fts,
          case when f.norm_title = ${qn} then 3 when f.norm_title like ${qn} || '%' then 2
            when f.fts then 1 else 0 end as tier,
          case when f.fts then round(ts_rank(f.document, ${tsq})::numeric, 2) else 0 end as rank
        from (select s.kind, s.content_id, s.title, s.norm_title, s.words, s.document, s.live,
            s.start_at, s.end_at, s.sort_at, s.document @@ ${tsq} as fts
          from search_entries s where ${sql.join([where, ...(options.extra ?? [])], sql` and `)}
          offset 0) f offset 0) h) m`;
  };
  /*
   * Exact title, title prefix, full-text rank, trigram similarity (of the rest); then live now,
   * upcoming (soonest first), the rest (newest first). `reach` is the number of hits the page
   * needs (offset + size): a trigram-only match (tier 0) behind that many matches in higher
   * tiers cannot be on the page, so its trigram similarity (the costly score) is not computed.
   */
  const order = (reach: number) => sql`
    m.tier desc, m.rank desc,
    case when m.fts or (m.tier = 0 and m.high >= ${reach}) then 0
      else round(word_similarity(${qn}, m.words)::numeric, 2) end desc,
    case when m.kind <> 'LIVE_EVENT' then 1
         when m.live and m.start_at <= ${now} and ${now} < m.end_at then 0
         when m.start_at > ${now} then 1 else 2 end,
    case when m.start_at > ${now} then m.start_at end asc nulls last,
    m.sort_at desc, m.kind, m.content_id`;
  return { where, matches, order };
}

/**
 * Runs search statements with sequential scans of the index table ruled out. The planner counts
 * a text-search or trigram test as cheap as comparing two integers, so on a large catalogue it
 * may scan every row and test each (a second at 100,000 items) where the GIN indexes answer in
 * milliseconds; the setting lasts until the end of this transaction only.
 */
function onIndexes<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return run(tx as unknown as Db);
  });
}

function languageOf(locale: string) {
  return locale.split("-")[0]!.toLowerCase();
}

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

/** The statement of one page of hits (exported so that tests can EXPLAIN it). */
export function searchStatement(
  query: ParsedQuery,
  scope: SearchScope,
  page: { rpp: number; offset: number },
): SQL {
  const { matches, order } = queryParts(query, scope);
  // The total comes with the page, from the same scan of the matches.
  return sql`select m.kind, m.content_id as id, count(*) over () as total from ${matches()}
    order by ${order(page.offset + page.rpp)} limit ${page.rpp} offset ${page.offset}`;
}

/** One page of hits, best first, and how many there are in all. */
export async function searchPage(
  db: Db,
  query: ParsedQuery,
  scope: SearchScope,
  page: { rpp: number; offset: number },
): Promise<{ refs: SearchRef[]; total: number }> {
  if (query.terms.length === 0 || scope.kinds.length === 0) return { refs: [], total: 0 };
  return onIndexes(db, async (tx) => {
    const rows = rowsOf<SearchRef & { total: number }>(
      await tx.execute(searchStatement(query, scope, page)),
    );
    if (rows.length > 0 || page.offset === 0) {
      return {
        refs: rows.map((r) => ({ kind: r.kind, id: Number(r.id) })),
        total: Number(rows[0]?.total ?? 0),
      };
    }
    // A page past the end: count apart.
    const [count] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from search_entries s
        where ${queryParts(query, scope).where}`),
    );
    return { refs: [], total: Number(count?.n ?? 0) };
  });
}

export interface KindBucket {
  kind: SearchKind;
  refs: (SearchRef & { title: string })[];
  total: number;
}

/** The best `perKind` hits of each kind and each kind's total, in one statement. */
export async function searchByKind(
  db: Db,
  query: ParsedQuery,
  scope: SearchScope,
  perKind: number,
): Promise<KindBucket[]> {
  if (query.terms.length === 0 || scope.kinds.length === 0) return [];
  const { matches, order } = queryParts(query, scope);
  const result = await onIndexes(db, (tx) =>
    tx.execute(sql`
    select kind, id, title, total from (
      select m.kind, m.content_id as id, m.title,
        row_number() over (partition by m.kind order by ${order(perKind)}) as place,
        count(*) over (partition by m.kind) as total
      from ${matches({ byKind: true })}
    ) ranked where place <= ${perKind} order by kind, place`),
  );
  const rows = rowsOf<{ kind: SearchKind; id: number; title: string; total: number }>(result);
  return scope.kinds
    .map((kind) => {
      const mine = rows.filter((r) => r.kind === kind);
      return {
        kind,
        refs: mine.map((r) => ({ kind, id: Number(r.id), title: r.title })),
        total: Number(mine[0]?.total ?? 0),
      };
    })
    .filter((bucket) => bucket.total > 0);
}

/** Events matching the query that are on air during the UTC day of `now`, live first. */
export async function searchOnAirToday(
  db: Db,
  query: ParsedQuery,
  scope: SearchScope,
  limit: number,
): Promise<{ refs: SearchRef[]; total: number }> {
  const day = new Date(
    Date.UTC(scope.now.getUTCFullYear(), scope.now.getUTCMonth(), scope.now.getUTCDate()),
  );
  const next = new Date(day.getTime() + 24 * 3600_000);
  return searchWithin(db, query, { ...scope, kinds: ["LIVE_EVENT"] }, limit, [
    sql`s.start_at < ${next.toISOString()}::timestamptz`,
    sql`s.end_at > ${day.toISOString()}::timestamptz`,
  ]);
}

async function searchWithin(
  db: Db,
  query: ParsedQuery,
  scope: SearchScope,
  limit: number,
  extra: SQL[],
) {
  if (query.terms.length === 0) return { refs: [], total: 0 };
  const { matches, order } = queryParts(query, scope);
  const result = await onIndexes(db, (tx) =>
    tx.execute(sql`select m.kind, m.content_id as id, count(*) over () as total
      from ${matches({ extra })} order by ${order(limit)} limit ${limit}`),
  );
  const rows = rowsOf<SearchRef & { total: number }>(result);
  return {
    refs: rows.map((r) => ({ kind: r.kind, id: Number(r.id) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The realm's published sections whose title matches the query (name and title), best first. */
export async function searchSections(
  db: Db,
  query: ParsedQuery,
  realm: string,
  limit: number,
): Promise<{ sections: { name: string; title: string }[]; total: number }> {
  if (query.terms.length === 0) return { sections: [], total: 0 };
  const qn = sql`search_norm(${query.terms.join(" ")})`;
  const result = await db.execute(sql`
    with latest as (
      select distinct on (name) name, coalesce(document->>'title', name) as title
      from sections where realm = ${realm} order by name, version desc
    ), matched as (
      select name, title, search_norm(title) as norm from latest
    )
    select name, title, count(*) over () as total from matched
    where norm like '%' || ${qn} || '%' or ${qn} <% norm
    order by (norm like ${qn} || '%') desc, word_similarity(${qn}, norm) desc, title
    limit ${limit}`);
  const rows = rowsOf<{ name: string; title: string; total: number }>(result);
  return {
    sections: rows.map((r) => ({ name: r.name, title: r.title })),
    total: Number(rows[0]?.total ?? 0),
  };
}

export const POPULAR_KINDS = ["LIVE_EVENT", "VOD_VIDEO"] as const;
export type PopularKind = (typeof POPULAR_KINDS)[number];
const POPULAR_DAYS = 7;

/**
 * Events and videos of the realm by distinct viewers (account and profile) over the last 7 days,
 * ties by the most recent watch.
 */
export async function popularPage(
  db: Db,
  scope: { realm: string; kinds: readonly PopularKind[]; openOnly: boolean; now: Date },
  page: { rpp: number; offset: number },
): Promise<{ refs: SearchRef[]; total: number }> {
  if (scope.kinds.length === 0) return { refs: [], total: 0 };
  const historyKinds = scope.kinds.map((k) => (k === "LIVE_EVENT" ? "live" : "vod"));
  const since = new Date(scope.now.getTime() - POPULAR_DAYS * 24 * 3600_000);
  const watched = sql`
    select h.kind, h.content_id,
      count(distinct (h.user_id, h.profile_key)) as viewers, max(h.watched_at) as last_watched
    from watch_history h
    left join events e on h.kind = 'live' and e.id = h.content_id
    left join videos v on h.kind = 'vod' and v.id = h.content_id
    where h.watched_at > ${since.toISOString()}::timestamptz
      and h.watched_at <= ${scope.now.toISOString()}::timestamptz
      and h.kind in (${sql.join(
        historyKinds.map((k) => sql`${k}`),
        sql`, `,
      )})
      and coalesce(e.realm, v.realm) = ${scope.realm}
      ${scope.openOnly ? sql`and coalesce(e.licence, v.licence) is null` : sql``}
    group by h.kind, h.content_id`;
  const [hits, count] = await Promise.all([
    db.execute(sql`select kind, content_id as id from (${watched}) w
      order by viewers desc, last_watched desc, kind, content_id
      limit ${page.rpp} offset ${page.offset}`),
    db.execute(sql`select count(*)::int as n from (${watched}) w`),
  ]);
  return {
    refs: rowsOf<{ kind: string; id: number }>(hits).map((r) => ({
      kind: r.kind === "live" ? "LIVE_EVENT" : "VOD_VIDEO",
      id: Number(r.id),
    })),
    total: Number(rowsOf<{ n: number }>(count)[0]?.n ?? 0),
  };
}
