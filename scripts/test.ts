/**
 * `npm test`: every check CI runs, in order, stopping at the first failure:
 * Chromium present; typecheck, lint, folder boundaries, formatting and generated-type drift (side
 * by side: each is mostly one thread); unit tests beside the web build; integration (PGlite, and
 * PostgreSQL when DATABASE_URL is set); end-to-end in Chromium.
 * Ends with one line "N passed, N failed" over all test runners.
 */
import { spawn, spawnSync } from "node:child_process";
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

/**
 * Runs commands side by side, each with its output held back and then printed whole, in the
 * order given, so the log reads as if they had run one after the other. True when all passed.
 */
async function together(
  steps: { title: string; command: string; args: string[]; env?: Record<string, string> }[],
): Promise<boolean> {
  const started = Date.now();
  const outcomes = await Promise.all(
    steps.map(
      (step) =>
        new Promise<{ ok: boolean; output: string; seconds: string }>((resolve) => {
          const chunks: Buffer[] = [];
          const child = spawn(step.command, step.args, {
            cwd: root,
            env: { ...process.env, FORCE_COLOR: "1", ...step.env },
          });
          child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
          child.on("close", (code) =>
            resolve({
              ok: code === 0,
              output: Buffer.concat(chunks).toString(),
              seconds: ((Date.now() - started) / 1000).toFixed(1),
            }),
          );
          child.on("error", (error) =>
            resolve({ ok: false, output: String(error), seconds: "0.0" }),
          );
        }),
    ),
  );
  steps.forEach((step, i) => {
    const outcome = outcomes[i]!;
    console.log(`\n▶ ${step.title}`);
    process.stdout.write(outcome.output);
    if (outcome.ok) console.log(`✔ ${step.title} (${outcome.seconds}s)`);
    else console.error(`✖ ${step.title} failed (${outcome.seconds}s)`);
  });
  return outcomes.every((outcome) => outcome.ok);
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

function vitestArgs(project: string, reportFile: string) {
  return [
    "vitest",
    "run",
    "--project",
    project,
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${reportFile}`,
  ];
}

function vitest(title: string, project: string, report: string, env: Record<string, string> = {}) {
  const file = path.join(reports, report);
  const ok = run(title, "npx", vitestArgs(project, file), env);
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

const steps: (() => boolean | Promise<boolean>)[] = [
  ensureChromium,
  () =>
    together([
      { title: "typecheck", command: "npx", args: ["tsc", "--noEmit"] },
      { title: "lint", command: "npx", args: ["eslint", ".", "--max-warnings", "0"] },
      { title: "folder boundaries", command: "npm", args: ["run", "--silent", "boundaries"] },
      { title: "formatting", command: "npx", args: ["prettier", "--check", "."] },
      {
        title: "generated types match schemas",
        command: "node",
        args: ["--import", "tsx", "scripts/generate-types.ts", "--check"],
      },
    ]),
  async () => {
    const file = path.join(reports, "unit.json");
    const ok = await together([
      {
        title: "unit tests",
        command: "npx",
        args: vitestArgs("unit", file),
      },
      { title: "web build", command: "npm", args: ["run", "build"] },
    ]);
    if (existsSync(file)) countVitest(file);
    return ok;
  },
  () => vitest("integration tests (PGlite)", "integration", "integration-pglite.json"),
  () =>
    process.env.DATABASE_URL
      ? vitest("integration tests (PostgreSQL)", "integration", "integration-postgres.json", {
          TEST_STORE: "postgres",
        })
      : (console.log("\n(integration tests on PostgreSQL skipped: DATABASE_URL is not set)"), true),
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
  if (!(await step())) finish(false);
}
finish(true);
