/**
 * Where a realm's pages are canonical (spec section 3: `preferredDomain` is the host name that
 * canonical URLs use). With a preferred domain, pages live at its root whichever way they were
 * reached (`/realm/{name}/…` on a shared host, or another of the realm's domains); without
 * one, where this request found them.
 */
export interface CanonicalSite {
  /** Scheme, host and port. */
  origin: string;
  /** "" on the realm's own domain, "/realm/{name}" on a shared host. */
  basePath: string;
}

export function canonicalSite(
  requestUrl: URL,
  basePath: string,
  preferredDomain: string | null | undefined,
): CanonicalSite {
  if (!preferredDomain) return { origin: requestUrl.origin, basePath };
  // Public domains are served over HTTPS, whatever a proxy in front tells this process; a
  // development domain (*.localhost) is served as this server is, port included.
  const local = /(^|\.)localhost$/i.test(preferredDomain);
  const origin = local
    ? `${requestUrl.protocol}//${preferredDomain}${requestUrl.port ? `:${requestUrl.port}` : ""}`
    : `https://${preferredDomain}`;
  return { origin, basePath: "" };
}

/** The absolute URL of a realm-relative path ("/" for the realm's root), without its query. */
export function canonicalUrl(site: CanonicalSite, relativePath: string): string {
  const path = `${site.basePath}${relativePath === "/" ? "" : relativePath}`;
  return `${site.origin}${path || "/"}`;
}

/** An image URL from the platform (usually relative) made absolute on the canonical site. */
export function absoluteUrl(site: CanonicalSite, url: string): string {
  return new URL(url, `${site.origin}/`).toString();
}
