import { sql, type SQL } from "drizzle-orm";
import realmSettingsSchema from "../../schemas/realm-settings.schema.json";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { rowsOf, type Db } from "../store/store.ts";

/*
 * Search over the database's own index (search_entries, kept by triggers; migrations 0010 and
 * 0013): full-text search in the realm language's configuration (and the viewer's), typos by
 * trigram similarity to the realm's distinct words, and title prefixes for search as you type.
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

/** A query term, normalised, and the realm's words within typing distance of it (best first). */
export interface TermWords {
  term: string;
  /** Similarity in hundredths (100: the term itself). */
  words: { word: string; similarity: number }[];
}

/** The most similar words a term is widened to; the rest are too far off to be meant. */
const WORDS_PER_TERM = 24;

/**
 * Each term of the query with the realm's words it may be a typo or the beginning of
 * (`word %> term`: trigram word similarity at least pg_trgm.word_similarity_threshold), or the
 * term alone where the realm has it as a word. From the realm's distinct words (search_words),
 * so that typo matching tests a short list of words and not every entry.
 */
export async function termWords(db: Db, query: ParsedQuery, realm: string): Promise<TermWords[]> {
  if (query.terms.length === 0) return [];
  const rows = rowsOf<{ n: number; term: string; word: string | null; similarity: string | null }>(
    await db.execute(termWordsStatement(query, realm)),
  );
  return query.terms.map((_, i) => {
    const mine = rows.filter((r) => Number(r.n) === i + 1);
    const term = mine[0]?.term ?? "";
    const words = mine
      .filter((r) => r.word !== null)
      .map((r) => ({ word: r.word!, similarity: Number(r.similarity) }));
    return { term, words };
  });
}

/** The statement of `termWords` (exported so that tests can EXPLAIN it). */
export function termWordsStatement(query: ParsedQuery, realm: string): SQL {
  const terms = sql`array[${sql.join(
    query.terms.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  // A term the realm has as a word is found through the unique index and not widened; only
  // the others are looked up by similarity (search_similar_words, through the trigram index;
  // the `not exists` is tested once per term, before it).
  return sql`
    select t.n, t.term, c.word, c.similarity
    from (select n, search_norm(term) as term from unnest(${terms}) with ordinality as u(term, n)
      offset 0) t
    left join lateral (
      (select w.word, 100 as similarity from search_words w
        where w.realm || ' ' || w.word = ${realm} || ' ' || t.term)
      union all
      (select found.word, found.similarity
        from search_similar_words(${realm}, t.term, ${WORDS_PER_TERM}) found
        where not exists (select 1 from search_words x
            where x.realm || ' ' || x.word = ${realm} || ' ' || t.term))
    ) c on true
    order by t.n, c.similarity desc, c.word`;
}

/**
 * The first text after every text that starts with `prefix` (its last character's successor),
 * in the byte order of text_pattern_ops, which in UTF-8 is code point order.
 */
function prefixEnd(prefix: SQL): SQL {
  return sql`(left(${prefix}, -1) || chr(ascii(right(${prefix}, 1)) + 1))`;
}

/** A lexeme as a tsquery operand (quoted, so that no word is read as syntax). */
function lexeme(word: string) {
  return `'${word.replaceAll("'", "''")}'`;
}

/**
 * The entries whose words hold every term, each as itself, as a similar word or (the last
 * term, still being typed) as the beginning of a word: a tsquery on `lexemes`.
 */
function wordsQuery(expansion: TermWords[]): string {
  const last = expansion.length - 1;
  return expansion
    .map(({ term, words }, i) => {
      const own = term.split(" ").filter(Boolean);
      const alternatives = new Set(words.map((w) => lexeme(w.word)));
      // A term that unaccents to several words (rare) must hold them all.
      if (own.length > 0) {
        alternatives.add(`(${own.map((w) => lexeme(w) + (i === last ? ":*" : "")).join(" & ")})`);
      }
      return alternatives.size > 0 ? `(${[...alternatives].join(" | ")})` : "";
    })
    .filter(Boolean)
    .join(" & ");
}

/**
 * How close an entry's words come to the terms: per term, the similarity of the most similar
 * word the entry holds, summed. Each test is a lookup in the entry's own short lexeme list.
 */
function wordScore(expansion: TermWords[], lexemes: SQL): SQL {
  const perTerm = expansion
    .filter((t) => t.words.length > 0)
    .map(
      ({ words }) =>
        sql`case ${sql.join(
          words.map(
            (w) => sql`when ${lexemes} @@ ${lexeme(w.word)}::tsquery then ${w.similarity}::int`,
          ),
          sql` `,
        )} else 0 end`,
    );
  return perTerm.length > 0 ? sql`(${sql.join(perTerm, sql` + `)})` : sql`0`;
}

/** A term the realm holds as a word, exactly as typed: `termWords` does not widen it. */
function asTyped({ term, words }: TermWords): boolean {
  return words.length === 1 && words[0]!.word === term && words[0]!.similarity === 100;
}

/**
 * The SQL pieces of one query. Every argument is a constant, so PostgreSQL folds `search_norm`,
 * `search_config` and `to_tsquery` (all immutable) at plan time and the GIN indexes serve
 * `@@` and `LIKE`.
 */
function queryParts(query: ParsedQuery, scope: SearchScope, expansion: TermWords[]) {
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
  // Where every term is a word of the realm as typed, nothing is widened and the full-text
  // query finds the entries holding them: the words query would only read them all again.
  const wq = expansion.every(asTyped) ? "" : wordsQuery(expansion);
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
      // The title prefix as the B-tree range it is (not `like`, which the scan would test again
      // on every row, with the whole condition around it).
      sql`(s.document @@ ${tsq}${wq ? sql` or s.lexemes @@ ${wq}::tsquery` : sql``}
        or (s.norm_title ~>=~ ${qn} and s.norm_title ~<~ ${prefixEnd(qn)}))`,
      ...(scope.openOnly ? [sql`s.licence is null`] : []),
    ],
    sql` and `,
  );
  /*
   * The matches with their tier (exact title 3, title prefix 2, full text 1, typo only 0), their
   * full-text rank and, for typo-only matches, their word score, both in hundredths as integers
   * (numeric arithmetic on every match cost a quarter of a large search). The full-text test is
   * computed once per row, and only narrow columns go on to the windows and the sort (each
   * `offset 0` keeps a level from being merged into the next): the title, carried through them,
   * cost a fifth of a large search, and the buckets fetch it for their few hits afterwards.
   */
  const matches = (options: { extra?: SQL[] } = {}) =>
    sql`(select r.kind, r.content_id, r.start_at, r.sort_at,
        ((r.tier * 10000 + least(r.rank, 9999)) * 10000 + least(r.score, 9999)) * 3
          + case when r.kind <> 'LIVE_EVENT' then 1
              when r.live and r.start_at <= ${now} and ${now} < r.end_at then 2
              when r.start_at > ${now} then 1 else 0 end as place
      from (select f.kind, f.content_id, f.live, f.start_at, f.end_at, f.sort_at,
          case when f.norm_title = ${qn} then 3 when f.norm_title like ${qn} || '%' then 2
            when f.fts then 1 else 0 end::int8 as tier,
          case when f.fts then (ts_rank(f.document, ${tsq}) * 100)::int else 0 end as rank,
          case when f.fts then 0 else ${wq ? wordScore(expansion, sql`f.lexemes`) : sql`0`} end as score
        from (select s.kind, s.content_id, s.norm_title, s.lexemes, s.document, s.live,
            s.start_at, s.end_at, s.sort_at, s.document @@ ${tsq} as fts
          from search_entries s where ${sql.join([where, ...(options.extra ?? [])], sql` and `)}
          offset 0) f offset 0) r) m`;
  /*
   * `place` orders by exact title, title prefix, full-text rank, word score (of the rest), then
   * live now, upcoming or not an event, past: one integer, as a sort over thousands of matches
   * that compares six keys where most tie costs as much as the search. Then upcoming soonest
   * first, the rest newest first.
   */
  const order = sql`
    m.place desc, case when m.start_at > ${now} then m.start_at end asc nulls last,
    m.sort_at desc, m.kind, m.content_id`;
  return { where, matches, order };
}

function languageOf(locale: string) {
  return locale.split("-")[0]!.toLowerCase();
}

/**
 * The statement of one page of hits, with the query's terms widened to the realm's words
 * (`termWords`); exported so that tests can EXPLAIN it.
 */
export function searchStatement(
  query: ParsedQuery,
  scope: SearchScope,
  page: { rpp: number; offset: number },
  expansion: TermWords[],
): SQL {
  const { matches, order } = queryParts(query, scope, expansion);
  return sql`select m.kind, m.content_id as id from ${matches()}
    order by ${order} limit ${page.rpp} offset ${page.offset}`;
}

/** The statement counting every hit of `searchStatement`. */
export function countStatement(query: ParsedQuery, scope: SearchScope, expansion: TermWords[]) {
  return sql`select count(*)::int as n from search_entries s
    where ${queryParts(query, scope, expansion).where}`;
}

/**
 * One page of hits, best first, and how many there are in all.
 *
 * The page and the total are two statements, side by side on connections of their own (one
 * after the other on a single connection, as inside a transaction): a total taken from the
 * page's matches by a window kept every match of a broad query in memory and cost as much again
 * as ranking them.
 */
export async function searchPage(
  db: Db,
  query: ParsedQuery,
  scope: SearchScope,
  page: { rpp: number; offset: number },
): Promise<{ refs: SearchRef[]; total: number }> {
  if (query.terms.length === 0 || scope.kinds.length === 0) return { refs: [], total: 0 };
  const expansion = await termWords(db, query, scope.realm);
  const [rows, counted] = await Promise.all([
    db.execute(searchStatement(query, scope, page, expansion)),
    db.execute(countStatement(query, scope, expansion)),
  ]);
  return {
    refs: rowsOf<SearchRef>(rows).map((r) => ({ kind: r.kind, id: Number(r.id) })),
    total: Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0),
  };
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
  const { matches, order } = queryParts(query, scope, await termWords(db, query, scope.realm));
  const result = await db.execute(sql`
    select ranked.kind, ranked.id, e.title, ranked.total from (
      select m.kind, m.content_id as id,
        row_number() over (partition by m.kind order by ${order}) as place,
        count(*) over (partition by m.kind) as total
      from ${matches()}
    ) ranked
    join search_entries e on e.kind = ranked.kind and e.content_id = ranked.id
    where ranked.place <= ${perKind} order by ranked.kind, ranked.place`);
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
  const { matches, order } = queryParts(query, scope, await termWords(db, query, scope.realm));
  const result = await db.execute(sql`select m.kind, m.content_id as id, count(*) over () as total
    from ${matches({ extra })} order by ${order} limit ${limit}`);
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
