/**
 * `npm run validate -- <file-or-folder>... [--json]`: checks realm config files against their
 * schemas and prints `file:line:column pointer message` per problem, a form editors and CI
 * annotators turn into links. Exit 0: all valid; 1: problems found; 2: usage error.
 */
import { parseArgs } from "node:util";
import { MissingPathError, validateFiles } from "../schemas/validate-files.ts";

const usage = "usage: npm run validate -- [--json] <file-or-folder>...";

let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { json: { type: "boolean" } } });
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}

if (parsed) {
  const { values, positionals } = parsed;
  if (positionals.length === 0) fail(`no files or folders given\n${usage}`);
  else await run(positionals, values.json === true);
}

async function run(paths: string[], json: boolean): Promise<void> {
  let reports;
  try {
    reports = await validateFiles(paths);
  } catch (error) {
    if (error instanceof MissingPathError) return fail(error.message);
    throw error;
  }
  const issues = reports.flatMap((r) => r.issues);
  if (json) {
    console.log(JSON.stringify(issues, null, 2));
  } else {
    for (const i of issues) {
      console.log(`${i.file}:${i.line}:${i.column} ${i.pointer || "/"} ${i.message}`);
    }
    console.log(`${count(reports.length, "file")} checked, ${count(issues.length, "problem")}`);
  }
  process.exitCode = issues.length > 0 ? 1 : 0;
}

function fail(message: string): void {
  console.error(`validate: ${message}`);
  process.exitCode = 2;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
