/**
 * `npm test`: every check CI runs, in order, stopping at the first failure:
 * Chromium present, typecheck, lint, folder boundaries, formatting, generated-type drift, unit, integration (PGlite, and
 * PostgreSQL when DATABASE_URL is set), web build, end-to-end in Chromium.
 * Ends with one line "N passed, N failed" over all test runners.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const reports = path.join(root, "test-results", "reports");
const CHROMIUM = "/usr/bin/chromium";
let passed = 0;
let failed = 0;

function run(title: string, command: string, args: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed (${seconds}s)`);
    return false;
  }
  console.log(`✔ ${title} (${seconds}s)`);
  return true;
}

function countVitest(file: string) {
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

function countPlaywright(file: string) {
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
}

function vitest(title: string, project: string, report: string, env: Record<string, string> = {}) {
  const file = path.join(reports, report);
  const ok = run(
    title,
    "npx",
    [
      "vitest",
      "run",
      "--project",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${file}`,
    ],
    env,
  );
  if (existsSync(file)) countVitest(file);
  return ok;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  return (
    run("install Chromium (apt-get update)", "apt-get", ["update", "-qq"]) &&
    run("install Chromium", "apt-get", ["install", "-y", "-qq", "chromium"], {
      DEBIAN_FRONTEND: "noninteractive",
    })
  );
}

function finish(ok: boolean): never {
  if (!ok && failed === 0) failed = 1; // a failed check that is not a test still fails the run
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const steps: (() => boolean)[] = [
  ensureChromium,
  () => run("typecheck", "npx", ["tsc", "--noEmit"]),
  () => run("lint", "npx", ["eslint", ".", "--max-warnings", "0"]),
  () => run("folder boundaries", "npm", ["run", "--silent", "boundaries"]),
  () => run("formatting", "npx", ["prettier", "--check", "."]),
  () =>
    run("generated types match schemas", "node", [
      "--import",
      "tsx",
      "scripts/generate-types.ts",
      "--check",
    ]),
  () => vitest("unit tests", "unit", "unit.json"),
  () => vitest("integration tests (PGlite)", "integration", "integration-pglite.json"),
  () =>
    process.env.DATABASE_URL
      ? vitest("integration tests (PostgreSQL)", "integration", "integration-postgres.json", {
          TEST_STORE: "postgres",
        })
      : (console.log("\n(integration tests on PostgreSQL skipped: DATABASE_URL is not set)"), true),
  () => run("web build", "npm", ["run", "build"]),
  () => {
    const file = path.join(reports, "e2e.json");
    const ok = run(
      "end-to-end tests (Chromium)",
      "npx",
      ["playwright", "test", "--reporter=list,json"],
      {
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      },
    );
    if (existsSync(file)) countPlaywright(file);
    return ok;
  },
];

for (const step of steps) {
  if (!step()) finish(false);
}
finish(true);
