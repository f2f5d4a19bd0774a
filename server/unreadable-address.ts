/**
 * An address no route can mean: a path segment that is no valid percent-encoded UTF-8, or a
 * path or query holding control characters (a NUL reaches the store as an error otherwise).
 * A path has no use for a backslash either, which URL parsers read as a slash (`/\evil.example`
 * is another host to them); a query value may hold a form's multi-line text.
 */
export function isUnreadableAddress(url: URL): boolean {
  for (const segment of url.pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return true;
    }
    if (holdsControl(decoded) || decoded.includes("\\")) return true;
  }
  for (const [name, value] of url.searchParams) {
    if (holdsControl(name) || holdsControl(value, "\t\n\r")) return true;
  }
  return false;
}

/** Whether `text` has a C0 control character or DEL other than those `allowed`. */
function holdsControl(text: string, allowed = ""): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if ((code < 0x20 || code === 0x7f) && !allowed.includes(char)) return true;
  }
  return false;
}
