import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import pg from "pg";
import { parseQuery, SEARCH_KINDS, searchPage } from "../../platform/search/search.ts";
import { seed } from "../../platform/seed/seed.ts";
import { openStore, type Store } from "../../platform/store/store.ts";
import { table } from "./table.ts";

/*
 * Search latency against catalogue size: a fresh store (the demo realms, then synthetic videos
 * in arena, written with set-based inserts through the same triggers as any content write),
 * measured at each size with the search the endpoint runs (a page of 12 and the total) and,
 * on the same data in the same run, a sequential `ILIKE '%term%'` scan over title and
 * description doing the same (page and total).
 */

export const SEARCH_SIZES = [1_000, 10_000, 100_000];

/**
 * Queries typed by viewers: a place (about 0.3% of the items), a typo of it, a prefix, two
 * words, a kind of programme (4%), a commentator, and the demo realm's fighter by a typo and by
 * nickname.
 */
const QUERIES = [
  "kingmoor",
  "kingmor",
  "ashfo",
  "stoneford semifinal",
  "semifinal",
  "larsen",
  "okafr",
  "iron gate",
];

export interface LatencyFigures {
  medianMs: number;
  p95Ms: number;
  samples: number;
}

export interface SearchSizeFigures {
  items: number;
  /** Time to write this step's synthetic items (index maintained by the triggers) and ANALYZE. */
  generationMs: number;
  search: LatencyFigures;
  scan: LatencyFigures;
  /** scan p95 / search p95. */
  ratio: number;
}

export interface SearchStoreFigures {
  store: "pglite" | "postgres";
  sizes: SearchSizeFigures[];
}

/* Place names from two syllables (900 of them), kinds of programme, commentators' names. */
const FIRST =
  "King Ash Oak Mill Stone Brook Fair West North High Green Red Black White Elm Thorn Wolf Hawk Iron Silver Gold Cold Deep Long Rose Swan Fox Bear Lark Wren";
const SECOND =
  "moor ford field ton bridge haven wick by stead worth dale mouth well gate hurst combe port mere holm cliff wood ley ham burn crest fell shaw thorpe vale wych";
const KINDS =
  "Matchday|Semifinal|Quarterfinal|Final|Derby|Friendly|Playoff|Qualifier|Opener|Decider|Highlights|Replay|Preview|Analysis|Interview|Classic|Showdown|Rematch|Countdown|Weigh-in|Press conference|Post-fight show|Breakdown|Film room|Top 10";
const GIVEN =
  "Ana Ben Carla Dario Elif Femi Greta Hugo Ines Jonas Kofi Lena Mateo Nadia Omar Paula Quinn Rosa Sami Tomas Uma Vera Wiktor Xenia Yusuf Zara Aiko Bruno Chloe Dmitri";
const FAMILY =
  "Almeida Brandt Castillo Dubois Eriksen Ferraro Gallagher Haddad Ivanova Jansen Kovac Larsen Moreno Novak Okoro Petrov Quispe Rossi Sato Tanaka Urban Varga Weber Xu Yilmaz Zielinski Abara Bianchi Costa Duarte";

const list = (text: string, separator = " ") =>
  sql.raw(
    `array[${text
      .split(separator)
      .map((w) => `'${w}'`)
      .join(",")}]`,
  );
const place = (n: SQL) =>
  sql`(${list(FIRST)})[1 + (${n}) % 30] || (${list(SECOND)})[1 + ((${n}) / 30) % 30]`;

/** Adds `count` synthetic videos to arena in one statement (numbers from `from`). */
export async function generate(store: Store, from: number, count: number) {
  const kind = (n: SQL) => sql`(${list(KINDS, "|")})[1 + (${n}) % 25]`;
  await store.db.execute(sql`
    insert into videos (realm, external_key, title, description, duration_seconds, published_at, tags)
    select 'arena', 'bench-' || g,
      ${place(sql`g`)} || ' v ' || ${place(sql`g * 7 + 13`)} || ': ' || ${kind(sql`g / 900`)} || ' ' || (g % 38 + 1),
      'Extended coverage from ' || ${place(sql`g * 3 + 5`)} || ' with commentary by '
        || (${list(GIVEN)})[1 + g % 30] || ' ' || (${list(FAMILY)})[1 + (g / 30) % 30] || '.',
      60 + g % 3000, now() - g * interval '1 minute',
      jsonb_build_array(lower(${place(sql`g * 11 + 3`)}))
    from generate_series(${from}::int, ${from + count - 1}::int) g`);
}

function rowsOf<R>(result: unknown): R[] {
  return (result as { rows: R[] }).rows;
}

function latency(samples: number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { medianMs: at(0.5), p95Ms: at(0.95), samples: sorted.length };
}

/**
 * Times the search and the scan side by side: each round runs every query through the search
 * and, every other round, through the scan, so both see the same load on a shared machine (a
 * scan measured after the searches, minutes later, met another machine).
 */
async function timeSideBySide(
  rounds: number,
  search: (query: string) => Promise<unknown>,
  scan: (query: string) => Promise<unknown>,
) {
  const samples = { search: [] as number[], scan: [] as number[] };
  const timed = async (into: number[], run: () => Promise<unknown>) => {
    const start = performance.now();
    await run();
    into.push(performance.now() - start);
  };
  for (const q of QUERIES) {
    await search(q); // warm-up
    await scan(q);
  }
  for (let round = 0; round < rounds; round++) {
    for (const q of QUERIES) {
      await timed(samples.search, () => search(q));
      if (round % 2 === 0) await timed(samples.scan, () => scan(q));
    }
  }
  return { search: latency(samples.search), scan: latency(samples.scan) };
}

const scope = {
  realm: "arena",
  realmLocale: "en",
  viewerLocale: "en",
  kinds: SEARCH_KINDS,
  openOnly: false,
};

async function measureStore(
  store: Store,
  kind: SearchStoreFigures["store"],
  sizes: number[],
  log: (line: string) => void,
): Promise<SearchStoreFigures> {
  await seed(store.db);
  const figures: SearchStoreFigures = { store: kind, sizes: [] };
  let written = 0;
  for (const size of sizes) {
    const start = performance.now();
    // A bulk load, as a catalogue import would do it: the GIN indexes are dropped and built
    // again after the rows (a sorted build is far faster than entry-by-entry inserts); the
    // triggers write search_entries as for any other content write. Batches of 10,000 keep
    // each statement's transition table and id array moderate.
    const indexes = rowsOf<{ indexname: string; indexdef: string }>(
      await store.db.execute(sql`select indexname, indexdef from pg_indexes
        where tablename = 'search_entries' and indexdef like '%USING gin%'`),
    );
    for (const index of indexes) await store.db.execute(sql.raw(`drop index "${index.indexname}"`));
    while (written < size) {
      const count = Math.min(10_000, size - written);
      await generate(store, written + 1, count);
      written += count;
    }
    for (const index of indexes) await store.db.execute(sql.raw(index.indexdef));
    await store.db.execute(sql`analyze`);
    const generationMs = performance.now() - start;
    // Fewer rounds where a scan takes seconds (PGlite at 100,000 items).
    const rounds = size >= 100_000 ? (kind === "pglite" ? 3 : 8) : 15;
    const { search, scan } = await timeSideBySide(
      rounds,
      (q) =>
        searchPage(store.db, parseQuery(q), { ...scope, now: new Date() }, { rpp: 12, offset: 0 }),
      (q) => {
        const like = `%${q}%`;
        const where = sql`realm = 'arena' and (title ilike ${like} or description ilike ${like})`;
        return store.db.execute(sql`select id, count(*) over () as total from videos
          where ${where} order by published_at desc limit 12`);
      },
    );
    const row = { items: size, generationMs, search, scan, ratio: scan.p95Ms / search.p95Ms };
    figures.sizes.push(row);
    log(
      `  ${kind} ${size} items: generated in ${(generationMs / 1000).toFixed(1)} s, search p95 ${search.p95Ms.toFixed(1)} ms, scan p95 ${scan.p95Ms.toFixed(1)} ms`,
    );
  }
  return figures;
}

/** Runs on PGlite, and on PostgreSQL too when `databaseUrl` is given (a database of its own). */
export async function measureSearch(
  options: {
    sizes?: number[];
    databaseUrl?: string;
    stores?: SearchStoreFigures["store"][];
    log?: (line: string) => void;
  } = {},
): Promise<SearchStoreFigures[]> {
  const sizes = options.sizes ?? SEARCH_SIZES;
  const log = options.log ?? ((line: string) => console.log(line));
  const results: SearchStoreFigures[] = [];

  const stores = options.stores ?? ["pglite", "postgres"];
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-search-"));
  if (stores.includes("pglite"))
    try {
      const store = await openStore({ dataDir: dir });
      try {
        results.push(await measureStore(store, "pglite", sizes, log));
      } finally {
        await store.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

  if (options.databaseUrl && stores.includes("postgres")) {
    const name = `bench_search_${process.pid}`;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`drop database if exists "${name}" with (force)`);
    await admin(`create database "${name}"`);
    try {
      const url = new URL(options.databaseUrl);
      url.pathname = `/${name}`;
      // Writing 10,000 items at once takes longer than a request's statement timeout.
      const store = await openStore({
        databaseUrl: url.toString(),
        poolSize: 2,
        timeouts: { statementMs: 600_000 },
      });
      try {
        results.push(await measureStore(store, "postgres", sizes, log));
      } finally {
        await store.close();
      }
    } finally {
      await admin(`drop database if exists "${name}" with (force)`);
    }
  }
  return results;
}

export function searchTableRows(results: SearchStoreFigures[]): string[][] {
  return results.flatMap((r) =>
    r.sizes.map((s) => [
      `${r.store} ${s.items.toLocaleString("en")}`,
      `${(s.generationMs / 1000).toFixed(1)} s`,
      s.search.medianMs.toFixed(1),
      s.search.p95Ms.toFixed(1),
      s.scan.medianMs.toFixed(1),
      s.scan.p95Ms.toFixed(1),
      `${s.ratio.toFixed(1)}x`,
    ]),
  );
}

export const SEARCH_TABLE_HEADERS = [
  "store, items",
  "generated",
  "search p50 ms",
  "search p95 ms",
  "ILIKE p50 ms",
  "ILIKE p95 ms",
  "ILIKE/search p95",
];

export interface SearchBenchResult {
  sizes: number[];
  results: SearchStoreFigures[];
}

/** Sizes from BENCH_SEARCH_SIZES (comma-separated), else SEARCH_SIZES. */
export function searchSizes(raw = process.env.BENCH_SEARCH_SIZES): number[] {
  if (raw === undefined || raw.trim() === "") return SEARCH_SIZES;
  const sizes = raw.split(",").map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 1_000_000)) {
    throw new Error(`BENCH_SEARCH_SIZES must be whole numbers from 1 to 1000000, got '${raw}'`);
  }
  return [...sizes].sort((a, b) => a - b);
}

/** Measures, prints the table and returns the figures (both `npm run bench` and bench:search). */
export async function searchSection(): Promise<SearchBenchResult> {
  const sizes = searchSizes();
  const databaseUrl = process.env.DATABASE_URL || undefined;
  console.log(
    `\nSearch vs a sequential ILIKE scan (${databaseUrl ? "PGlite and PostgreSQL" : "PGlite; set DATABASE_URL to add PostgreSQL"}), ${QUERIES.length} queries\n`,
  );
  const stores = (process.env.BENCH_SEARCH_STORES || "pglite,postgres")
    .split(",")
    .map((s) => s.trim()) as SearchStoreFigures["store"][];
  const results = await measureSearch({ sizes, databaseUrl, stores });
  console.log("");
  console.log(table(SEARCH_TABLE_HEADERS, searchTableRows(results)));
  const pg100k = results.find((r) => r.store === "postgres")?.sizes.find((s) => s.items >= 100_000);
  if (pg100k) {
    console.log(
      `PostgreSQL at ${pg100k.items.toLocaleString("en")} items: search p95 ${pg100k.search.p95Ms.toFixed(1)} ms (target <= 30 ms), ${pg100k.ratio.toFixed(1)}x faster than the scan (target >= 20x)`,
    );
  }
  return { sizes, results };
}
