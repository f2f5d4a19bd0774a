import { open, readdir } from "node:fs/promises";
import path from "node:path";

/** Config files are small; a bigger file is a mistake and would only slow the editor loop. */
export const MAX_FILE_BYTES = 1024 * 1024;

/** A file that could not be taken as text, and why. */
export interface Unreadable {
  problem: string;
}

const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);

/** Every `*.json` under `folder`, in name order, as paths that start with `folder`. */
export async function jsonFilesUnder(folder: string): Promise<string[]> {
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

/** A config file's text: at most 1 MiB of UTF-8. */
export async function readConfigFile(file: string): Promise<string | Unreadable> {
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

/** The files of one folder, by their path inside it with `/` separators, as realm folders take them. */
export async function readFolder(folder: string): Promise<Map<string, string | Unreadable>> {
  const files = new Map<string, string | Unreadable>();
  for (const file of await jsonFilesUnder(folder)) {
    files.set(path.relative(folder, file).split(path.sep).join("/"), await readConfigFile(file));
  }
  return files;
}
