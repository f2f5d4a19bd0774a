/**
 * robots.txt. Crawlers may read every page except admin previews (never indexed), the
 * language form and the JSON behind "load more" buttons and search; the platform API on a realm's own
 * domain is not for them either.
 */
export function robotsTxt({
  bases,
  sitemaps,
}: {
  /** Where realm pages start on this host: "" on a realm's domain, "/realm/*" on a shared one. */
  bases: string[];
  sitemaps: string[];
}): string {
  const disallowed = [
    "/api/",
    ...bases.flatMap((base) => [
      `${base}/preview/`,
      `${base}/language`,
      `${base}/more/`,
      `${base}/search-answers`,
    ]),
  ];
  return [
    "User-agent: *",
    ...disallowed.map((path) => `Disallow: ${path}`),
    "Allow: /",
    ...(sitemaps.length ? ["", ...sitemaps.map((url) => `Sitemap: ${url}`)] : []),
    "",
  ].join("\n");
}
