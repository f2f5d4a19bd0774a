/**
 * `npm run validate -- <file-or-folder>... [--json]`: checks realm config files against their
 * schemas, and realm folders as a whole as `db:seed` does, and prints
 * `file:line:column pointer message` per problem (`warning: message` for a warning). Exit 0: all
 * valid, warnings or not; 1: problems found; 2: usage error.
 */
import { parseArgs } from "node:util";
import { countOf, formatIssue, isError } from "../platform/realm-config/issues.ts";
import { MissingPathError, validatePaths } from "../platform/realm-config/validate-paths.ts";

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
  let report;
  try {
    report = await validatePaths(paths);
  } catch (error) {
    if (error instanceof MissingPathError) return fail(error.message);
    throw error;
  }
  const { issues } = report;
  const errors = issues.filter(isError).length;
  if (json) {
    console.log(JSON.stringify(issues, null, 2));
  } else {
    for (const issue of issues) console.log(formatIssue(issue));
    const warnings = issues.length - errors;
    console.log(
      `${countOf(report.files, "file")} checked, ${countOf(errors, "problem")}` +
        (warnings > 0 ? `, ${countOf(warnings, "warning")}` : ""),
    );
  }
  // Warnings are reported but, like db:seed, accept the config.
  process.exitCode = errors > 0 ? 1 : 0;
}

function fail(message: string): void {
  console.error(`validate: ${message}`);
  process.exitCode = 2;
}
