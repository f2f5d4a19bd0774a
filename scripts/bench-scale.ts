/**
 * `npm run bench:scale`: the two-server section of `npm run bench` on its own. Builds the app,
 * starts two production servers on a PostgreSQL database of the bench's own and loads them with
 * 200 connections for 60 s (`BENCH_DURATION` seconds, or 10 s with `--quick`). Writes
 * bench/scale-results.json; exit 1 when a request failed (memory is a figure beside its goal).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildApp, killServersSync } from "./bench/server.ts";
import { scaleFailure, scaleSection } from "./bench/two-servers.ts";

process.on("exit", killServersSync);

async function main(): Promise<string | undefined> {
  buildApp();
  const figures = await scaleSection();
  if (!figures) return undefined;
  const dir = path.join(process.cwd(), "bench");
  mkdirSync(dir, { recursive: true });
  const results = { timestamp: new Date().toISOString(), node: process.version, ...figures };
  writeFileSync(path.join(dir, "scale-results.json"), `${JSON.stringify(results, null, 2)}\n`);
  return scaleFailure(figures);
}

main().then(
  (failure) => {
    if (failure) console.error(`bench:scale failed: ${failure}`);
    process.exit(failure ? 1 : 0);
  },
  (error: unknown) => {
    console.error(`bench:scale failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
