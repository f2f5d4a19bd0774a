const ORIGIN = "http://same-origin.invalid";

/**
 * A redirect target from user input (a `from` parameter, a form field) as a path on this site,
 * or `fallback` when it could lead anywhere else: protocol-relative (`//evil.test`), backslash
 * tricks (`/\evil.test`), control characters that browsers strip (`/%09/evil.test`), schemes
 * (`https:evil.test`, `javascript:`), or anything that does not start with one slash. The target
 * is resolved first (dot segments, slashes, encodings, as a browser would), then compared: a
 * target that only becomes `//evil.test` once `/./` or `/a/../` is resolved is refused too.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value === "" || value.length > 2048) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  for (const candidate of [value, decoded]) {
    if (!candidate.startsWith("/") || candidate.startsWith("//")) return fallback;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  }
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== ORIGIN || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
