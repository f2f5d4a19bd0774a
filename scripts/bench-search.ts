/**
 * `npm run bench:search`: the search section of `npm run bench` on its own (no build, no
 * server). Search latency at 1,000, 10,000 and 100,000 catalogue items against a sequential
 * ILIKE scan of the same data, on PGlite and, when DATABASE_URL is set, on PostgreSQL.
 * `BENCH_SEARCH_SIZES` (comma-separated item counts) overrides the sizes, `BENCH_SEARCH_STORES`
 * (`pglite`, `postgres`, comma-separated) the stores. Writes
 * bench/search-results.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { searchSection, type SearchBenchResult } from "./bench/search.ts";

async function main() {
  const result: SearchBenchResult = await searchSection();
  const dir = path.join(process.cwd(), "bench");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "search-results.json"), `${JSON.stringify(result, null, 2)}\n`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:search failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
