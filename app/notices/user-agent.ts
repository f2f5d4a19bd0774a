/**
 * What the notices need to know about the browser, from its User-Agent header: the server
 * renders them, so no flash of a banner that the browser would then remove.
 */

/** Android phones and tablets (spec section 2: the smart app banner is for Android only). */
export function isAndroid(userAgent: string | null | undefined): boolean {
  return /\bAndroid\b/i.test(userAgent ?? "");
}

/**
 * Internet Explorer, which this web app does not support: "MSIE" up to version 10, "Trident/"
 * in 11 (which dropped "MSIE"). Edge says "Edg/" or "Edge/" and never "Trident".
 */
export function isOutdatedBrowser(userAgent: string | null | undefined): boolean {
  return /\bMSIE \d|\bTrident\/\d/i.test(userAgent ?? "");
}

/** Where the out-of-date browser prompt sends viewers (spec section 2: it recommends Chrome). */
export const RECOMMENDED_BROWSER_URL = "https://www.google.com/chrome/";
