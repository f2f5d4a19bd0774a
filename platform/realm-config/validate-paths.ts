import { readFileSync, statSync } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import type { ConfigIssue } from "./issues.ts";
import type { SiteFileReader } from "./logo-contrast.ts";
import { jsonFilesUnder, MAX_FILE_BYTES, readConfigFile, type Unreadable } from "./read-files.ts";
import { validateRealmFolder } from "./realm-folder.ts";
import { validateSource } from "./validate-source.ts";

/** A path given on the command line that does not exist: a usage error, not a config problem. */
export class MissingPathError extends Error {
  override name = "MissingPathError";
  constructor(readonly path: string) {
    super(`no such file or folder: ${path}`);
  }
}

export interface PathsReport {
  /** How many files were checked. */
  files: number;
  issues: ConfigIssue[];
}

/**
 * Validates the given files, and every `*.json` under the given folders. A folder holding a
 * `realm.json` is a realm folder and is validated whole, exactly as `db:seed` validates it; a
 * file named on its own is checked against its schema alone. Throws MissingPathError before
 * checking anything if a path does not exist.
 */
export async function validatePaths(paths: string[]): Promise<PathsReport> {
  /** Display name by absolute path, so a file named twice (directly and via its folder) counts once. */
  const files = new Map<string, string>();
  const realmFolders = new Set<string>();
  for (const given of paths) {
    const info = await stat(given).catch(() => undefined);
    if (!info) throw new MissingPathError(given);
    const found = info.isDirectory() ? await jsonFilesUnder(given) : [given];
    for (const file of found) {
      const absolute = path.resolve(file);
      if (!files.has(absolute)) files.set(absolute, file);
      if (info.isDirectory() && path.basename(file) === "realm.json") {
        realmFolders.add(path.dirname(absolute));
      }
    }
  }

  const issues: ConfigIssue[] = [];
  const folders = new Map<string, Map<string, string | Unreadable>>();
  for (const [absolute, file] of files) {
    const text = await readConfigFile(file);
    const folder = realmFolderOf(absolute, realmFolders);
    if (folder) {
      if (!folders.has(folder)) folders.set(folder, new Map());
      folders.get(folder)!.set(path.relative(folder, absolute).split(path.sep).join("/"), text);
    } else if (typeof text === "string") {
      issues.push(...validateSource(file, text).issues);
    } else {
      issues.push({ file, line: 1, column: 1, pointer: "", message: text.problem });
    }
  }
  for (const [folder, folderFiles] of folders) {
    const shownFolder = path.dirname(files.get(path.join(folder, "realm.json"))!);
    const report = validateRealmFolder({
      name: path.basename(folder),
      files: folderFiles,
      display: (inside) => files.get(path.join(folder, inside)) ?? path.join(shownFolder, inside),
      siteFile: readSiteFile,
    });
    issues.push(...report.issues);
  }
  const order = [...files.values()];
  const rank = (file: string) => order.indexOf(file);
  // Files in the order they were found, each top to bottom.
  issues.sort((a, b) => rank(a.file) - rank(b.file) || a.line - b.line || a.column - b.column);
  return { files: files.size, issues };
}

/** The nearest realm folder holding a file, if any. */
function realmFolderOf(file: string, realmFolders: Set<string>): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (realmFolders.has(dir)) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The site's static files: what a path of this site starting with / serves. */
const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../public");

const readSiteFile: SiteFileReader = (sitePath) => {
  const file = path.resolve(PUBLIC_DIR, `.${decodeURI(sitePath)}`);
  if (!file.startsWith(PUBLIC_DIR + path.sep)) return undefined;
  try {
    if (statSync(file).size > MAX_FILE_BYTES) return undefined;
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};
