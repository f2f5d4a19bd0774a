import { readdir } from "node:fs/promises";
import path from "node:path";
import { countOf, formatIssue, isError, type ConfigIssue } from "./issues.ts";
import { readFolder } from "./read-files.ts";
import type { RealmConfig } from "./realm-config.ts";
import { validateRealmFolder } from "./realm-folder.ts";

/** Raised when any config file is invalid; nothing has been written when it is thrown. */
export class ConfigValidationError extends Error {
  override name = "ConfigValidationError";
  constructor(readonly issues: ConfigIssue[]) {
    super(
      `invalid config (${countOf(issues.length, "problem")}):\n` +
        issues.map((i) => `  ${formatIssue(i)}`).join("\n"),
    );
  }
}

/**
 * Reads and validates every realm folder under `dir`; throws with every problem found. Warnings
 * alone do not stop it: they are logged and the configs returned.
 */
export async function loadRealmConfigs(dir: string): Promise<RealmConfig[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
  const issues: ConfigIssue[] = [];
  const configs: RealmConfig[] = [];
  for (const folder of folders.sort()) {
    const report = validateRealmFolder({
      name: path.basename(folder),
      files: await readFolder(folder),
      display: (file) => path.relative(process.cwd(), path.join(folder, file)),
    });
    issues.push(...report.issues);
    if (report.config) configs.push(report.config);
  }
  if (issues.some(isError)) throw new ConfigValidationError(issues);
  for (const issue of issues) console.warn(formatIssue(issue));
  return configs;
}
