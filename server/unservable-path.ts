/**
 * A request path no page of ours has and that URL parsers disagree on: once decoded, it holds a
 * backslash or a control character (`/%5c`, `/%00`, `/%0a`). Routers and databases downstream
 * would each read it their own way (a backslash is a slash to a browser, NUL ends a string), so
 * it is answered 400 before any of them sees it. A path that does not decode is left to the
 * router, which does not match it.
 */
export function isUnservablePath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f\\]/.test(decoded);
}
