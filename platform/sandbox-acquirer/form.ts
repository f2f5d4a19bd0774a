import { readUpTo } from "../api/bounded-read.ts";

const LIMIT = 8 * 1024;

/** The challenge page's url-encoded form, read while it streams; null past 8 KiB. */
export async function readForm(request: Request): Promise<Map<string, string> | null> {
  if (!request.body) return new Map();
  const reader = request.body.getReader();
  const bytes = await readUpTo(reader, LIMIT);
  if (!bytes) {
    await reader.cancel();
    return null;
  }
  return new Map(new URLSearchParams(new TextDecoder().decode(bytes)));
}
