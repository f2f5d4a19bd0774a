// Shared with the platform, which checks the paths a browser is sent back to.
export { safeRedirectPath } from "../../contract/safe-path.ts";

/**
 * The path, query and hash of a URL of this site, to redirect to it again (after dropping a
 * parameter, after a check-in). A request path may start with `//` (`GET //evil.test/home`),
 * which as a `Location` would name another host: the leading slashes become one.
 */
export function sameSitePath(url: URL): string {
  return `${url.pathname.replace(/^\/{2,}/, "/")}${url.search}${url.hash}`;
}
