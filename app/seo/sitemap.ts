import type { SitemapListing } from "../../contract/generated/sitemap-listing.ts";
import { TEMPLATE_PAGE_KEYS, NOT_FOUND_PAGE_KEY } from "../../schemas/document-kinds.ts";
import { guardRoute } from "../realm/guards.ts";
import { isBuilt, routeHref, routeNamed, type RouteSettings, type RouteTarget } from "../realm/routes.ts";

export interface SitemapEntry {
  /** Realm-relative path. */
  path: string;
  lastmod: string;
}

/** Routes a page of each content type is shown by, and the template page that route needs. */
const ITEM_ROUTES: Record<SitemapListing["items"][number]["type"], [string, string | null]> = {
  PLAYLIST: ["playlist", "playlist"],
  SERIES: ["series", "series"],
  SEASON: ["season", "season"],
  VIDEO: ["vod", null],
  EVENT: ["live", null],
  NEWS: ["newsItem", null],
};

/** Sections with routes of their own (the section route redirects to them). */
const SECTION_ROUTES: Record<string, string> = { news: "news", schedule: "schedule" };

/**
 * The realm's pages a search engine may index: built routes that exist in this realm and that
 * a visitor without an account opens (directly, or after the automatic guest check-in), for
 * what the realm has published. A page that would answer 404 or send to sign-in is left out.
 */
export function sitemapEntries(listing: SitemapListing, settings: RouteSettings): SitemapEntry[] {
  const pageKeys = new Set(listing.pages.map((p) => p.key));
  const entries: SitemapEntry[] = [];
  const add = (target: RouteTarget, lastmod: string) => {
    if (isPublic(target.name, settings)) entries.push({ path: routeHref("", target), lastmod });
  };
  // The realm's root first: it is the page a crawler should start from.
  const pages = [...listing.pages].sort(
    (a, b) => Number(b.key === "home") - Number(a.key === "home"),
  );
  for (const { key, updatedAt } of pages) {
    if (key === "home") add({ name: "root" }, updatedAt);
    else if (key === "browse") add({ name: "browse" }, updatedAt);
    else if (key.startsWith("plugin-")) {
      add({ name: "plugin", params: { pluginId: key.slice("plugin-".length) } }, updatedAt);
    } else if (
      key !== NOT_FOUND_PAGE_KEY &&
      !(TEMPLATE_PAGE_KEYS as readonly string[]).includes(key)
    ) {
      add({ name: "grid", params: { key } }, updatedAt);
    }
  }
  for (const { key, updatedAt } of listing.sections) {
    const own = SECTION_ROUTES[key];
    add(own ? { name: own } : { name: "section", params: { name: key } }, updatedAt);
  }
  for (const { type, id, updatedAt } of listing.items) {
    const [route, template] = ITEM_ROUTES[type];
    if (template && !pageKeys.has(template)) continue;
    add({ name: route, params: { id: String(id) } }, updatedAt);
  }
  return entries;
}

function isPublic(name: string, settings: RouteSettings): boolean {
  const route = routeNamed(name);
  if (!isBuilt(route)) return false;
  const decision = guardRoute(route, "UNAUTHENTICATED", settings, {
    from: "/",
    query: new URLSearchParams(),
  });
  return decision.type === "allow" || decision.type === "guestCheckIn";
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** The sitemap document (sitemaps.org protocol 0.9) for absolute URLs. */
export function sitemapXml(urls: { loc: string; lastmod: string }[]): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map(
      (u) => `  <url><loc>${escape(u.loc)}</loc><lastmod>${escape(u.lastmod)}</lastmod></url>`,
    ),
    "</urlset>",
    "",
  ].join("\n");
}
