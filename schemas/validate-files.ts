import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { configKinds, detectKind, type ConfigKind } from "./config-kinds.ts";
import { JsonSyntaxError, locateJson } from "./source-positions.ts";
import type { PageIssue } from "./page-validation.ts";
import { validate } from "./validator.ts";

export interface FileIssue {
  file: string;
  line: number;
  column: number;
  /** JSON pointer of the offending value ("" is the document itself). */
  pointer: string;
  message: string;
  /** The block the issue is about, in pages and sections. */
  blockId?: string;
  blockType?: string;
}

export interface FileReport {
  file: string;
  /** The schema the file was checked against; undefined when it could not be told. */
  schema: ConfigKind["schema"] | undefined;
  issues: FileIssue[];
}

/** A path given on the command line that does not exist: a usage error, not a config problem. */
export class MissingPathError extends Error {
  override name = "MissingPathError";
  constructor(readonly path: string) {
    super(`no such file or folder: ${path}`);
  }
}

/** Config files are small; a bigger file is a mistake and would only slow the editor loop. */
export const MAX_FILE_BYTES = 1024 * 1024;

const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);

/**
 * Validates the given files, and every `*.json` under the given folders, against the schema of
 * their kind. Throws MissingPathError before checking anything if a path does not exist.
 */
export async function validateFiles(
  paths: string[],
  kinds: readonly ConfigKind[] = configKinds,
): Promise<FileReport[]> {
  const files = new Map<string, string>();
  for (const given of paths) {
    const info = await stat(given).catch(() => undefined);
    if (!info) throw new MissingPathError(given);
    const found = info.isDirectory() ? await jsonFilesUnder(given) : [given];
    // Keyed by absolute path, so a file named twice (directly and via its folder) is checked once.
    for (const file of found)
      if (!files.has(path.resolve(file))) files.set(path.resolve(file), file);
  }
  const reports: FileReport[] = [];
  for (const file of files.values()) reports.push(await validateFile(file, kinds));
  return reports;
}

async function jsonFilesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const files: string[] = [];
  // Symbolic links are not followed, so a link loop cannot make the walk endless.
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) {
      files.push(...(await jsonFilesUnder(full)));
    } else if (entry.isFile() && entry.name.endsWith(".json")) {
      files.push(full);
    }
  }
  return files;
}

async function validateFile(file: string, kinds: readonly ConfigKind[]): Promise<FileReport> {
  const text = await readCapped(file);
  if (typeof text !== "string") {
    return {
      file,
      schema: undefined,
      issues: [{ file, line: 1, column: 1, pointer: "", message: text.problem }],
    };
  }
  return validateSource(file, text, kinds);
}

/**
 * Validates the text of one config file; `file` names it in the report and, for a file without
 * `"$schema"`, tells its kind. Shared by the CLI and the platform's validate endpoint.
 */
export function validateSource(
  file: string,
  text: string,
  kinds: readonly ConfigKind[] = configKinds,
): FileReport {
  const report: FileReport = { file, schema: undefined, issues: [] };
  const fail = (issue: Omit<FileIssue, "file">) => {
    report.issues.push({ file, ...issue });
    return report;
  };
  let located;
  try {
    located = locateJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    return fail({
      line: error.line,
      column: error.column,
      pointer: "",
      message: `invalid JSON: ${error.message}`,
    });
  }
  const at = (issue: PageIssue) => {
    const { line, column } = located.positionOf(issue.pointer, issue.target);
    const { target: _target, ...rest } = issue;
    fail({ line, column, ...rest });
  };

  for (const pointer of located.duplicateKeys) {
    at({
      pointer,
      message: "this property is written twice in one object (only the last one counts)",
      target: "key",
    });
  }
  const detected = detectKind(file, located.value, kinds);
  if (!detected.ok) {
    at({ pointer: detected.pointer, message: detected.message });
  } else {
    report.schema = detected.kind.schema;
    const { schema, validate: check = (data) => validate(schema, data) } = detected.kind;
    for (const issue of check(located.value).issues) at(issue);
  }
  // Schema order is not file order; an editor's problem list reads best top to bottom.
  report.issues.sort((a, b) => a.line - b.line || a.column - b.column);
  return report;
}

async function readCapped(file: string): Promise<string | { problem: string }> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    return { problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})` };
  }
  try {
    const { size } = await handle.stat();
    if (size > MAX_FILE_BYTES) {
      return { problem: `is ${size} bytes; config files must not be larger than 1 MiB` };
    }
    // Read at most one byte past the cap, in case the file grew since stat().
    const buffer = Buffer.alloc(MAX_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_FILE_BYTES) {
        return { problem: "is larger than 1 MiB; config files must not be larger than that" };
      }
    }
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(buffer.subarray(0, length));
    } catch {
      return { problem: "is not UTF-8 text (save it as UTF-8)" };
    }
  } finally {
    await handle.close();
  }
}
