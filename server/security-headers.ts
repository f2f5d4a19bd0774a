import { randomBytes } from "node:crypto";
import { HEADERS } from "../contract/headers.ts";

/**
 * The security headers of every answer (docs/decisions/012-csp-nonces.md). Pages get an
 * enforced Content-Security-Policy whose scripts need this response's nonce; every answer gets
 * nosniff, a referrer policy and, over HTTPS, HSTS.
 */

/** Where browsers send Content-Security-Policy violation reports (server/csp-report.ts). */
export const CSP_REPORT_PATH = "/csp-report";

/** A new nonce for one answer's inline scripts: 128 random bits, 24 base64 characters. */
export function cspNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * Pages the realm may show in its own frames (admin previews, the fallback page, the site's own
 * external pages under public/external-pages/); no others.
 */
const FRAMEABLE_PATH = /^(\/realm\/[^/]+)?\/(preview\/|disconnected(\/|$))|^\/external-pages\//;

/** The OAuth sign-in page, whose form ends at the registered app (redirect_uri). */
const AUTHORIZE_PATH = /^(\/realm\/[^/]+)?\/authorize$/;

/**
 * The policy of one page. Scripts run only from this origin or with the nonce; `<style>`
 * elements likewise, while `style` attributes stay allowed (theme colours, progress widths are
 * rendered as attributes, and they cannot run code). hls.js plays from `blob:` media in a
 * `blob:` worker, and gives each subtitle track an empty `data:` source; realm logos and sponsor
 * images may live on any HTTPS host. A page that frames another site's page (an external page)
 * names that one origin; every other page frames only this site.
 */
export function contentSecurityPolicy(nonce: string, url: URL, frameSource?: string): string {
  const formAction = ["'self'", ...formTargets(url)].join(" ");
  const framed = frameSource && HTTPS_ORIGIN.test(frameSource) ? [frameSource] : [];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    ["frame-src 'self'", ...framed].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    `form-action ${formAction}`,
    `frame-ancestors ${FRAMEABLE_PATH.test(url.pathname) ? "'self'" : "'none'"}`,
    // Not `report-to`: Chromium then sends nothing to report-uri, and batches Reporting API
    // reports for a minute or more (none arrived in 70 s in our tests).
    `report-uri ${CSP_REPORT_PATH}`,
  ].join("; ");
}

/**
 * Without JavaScript the authorize form is posted by the browser, which then follows the
 * answer's redirect to the app; form-action covers that redirect. The app's origin comes from
 * the page's own redirect_uri: the platform accepts it only when it is registered, and naming
 * another one only lets this page's form reach a site the visitor chose the link to.
 */
function formTargets(url: URL): string[] {
  if (!AUTHORIZE_PATH.test(url.pathname)) return [];
  const redirectUri = url.searchParams.get("redirect_uri");
  if (!redirectUri || !URL.canParse(redirectUri)) return [];
  // A URL's host may hold `;` or `,` (`https://a.test;script-src`): only plain origins go in.
  const { origin } = new URL(redirectUri);
  return CSP_ORIGIN.test(origin) ? [origin] : [];
}

/** An https origin made of DNS name characters only, with an optional port. */
const HTTPS_ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** An http(s) origin made of DNS name or IP characters only, with an optional port. */
const CSP_ORIGIN = /^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** Browser features pages use (fullscreen, picture-in-picture, autoplay of the player); none other. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "autoplay=(self)",
  "camera=()",
  "display-capture=()",
  "encrypted-media=(self)",
  "fullscreen=(self)",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "picture-in-picture=(self)",
  "publickey-credentials-get=()",
  "usb=()",
].join(", ");

/** One year, the minimum browsers' preload lists ask for; subdomains are left to their owners. */
const HSTS = "max-age=31536000";

/**
 * Whether the browser reached us over HTTPS: the request itself, the TLS-terminating proxy's
 * X-Forwarded-Proto, or a PUBLIC_URL on https (all traffic then arrives through it). Browsers
 * ignore Strict-Transport-Security on a plain-HTTP answer (RFC 6797, section 8.1), so a forged
 * X-Forwarded-Proto gains nothing.
 */
export function arrivedOverHttps(request: Request, publicUrl: string | undefined): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  const forwarded = request.headers.get("X-Forwarded-Proto")?.split(",")[0]?.trim();
  if (forwarded?.toLowerCase() === "https") return true;
  return publicUrl?.startsWith("https:") ?? false;
}

/**
 * Adds the security headers to an answer; a header the answer set itself is kept (the demo
 * OAuth app sends no referrer at all, say). Only HTML documents get a policy and frame rules.
 * The frame source a page asked for is read here and never leaves.
 */
export function addSecurityHeaders(
  headers: Headers,
  { nonce, url, https }: { nonce: string; url: URL; https: boolean },
): void {
  const add = (name: string, value: string) => {
    if (!headers.has(name)) headers.set(name, value);
  };
  add("X-Content-Type-Options", "nosniff");
  add("Referrer-Policy", "strict-origin-when-cross-origin");
  if (https) add("Strict-Transport-Security", HSTS);
  const frameSource = headers.get(HEADERS.frameSource) ?? undefined;
  headers.delete(HEADERS.frameSource);
  if (!/^text\/html\b/i.test(headers.get("Content-Type") ?? "")) return;
  add("Content-Security-Policy", contentSecurityPolicy(nonce, url, frameSource));
  add("Permissions-Policy", PERMISSIONS_POLICY);
}
