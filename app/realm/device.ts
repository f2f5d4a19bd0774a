// The spec picks the mobile menu by screen width, which a server cannot see; the user agent is the closest sign.
const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile/i;

/**
 * The kind of device a request comes from, as far as a page's server render depends on it
 * (the menu a realm shows). Shared caches key pages by this rather than the whole User-Agent.
 */
export function deviceClass(userAgent: string | null | undefined): "mobile" | "desktop" {
  return MOBILE_UA.test(userAgent ?? "") ? "mobile" : "desktop";
}
