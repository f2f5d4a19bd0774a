import type { LoaderFunctionArgs } from "@remix-run/node";
import { fetchRealmDirectory, lookupRealm, platformClient } from "../api-client/platform.server.ts";
import { realmRequest } from "../realm/request.server.ts";
import type { RouteSettings } from "../realm/routes.ts";
import { asRouteError } from "../realm/shell.server.ts";
import { canonicalSite, canonicalUrl } from "./canonical.ts";
import { robotsTxt } from "./robots.ts";
import { sitemapEntries, sitemapXml } from "./sitemap.ts";

// Crawlers fetch these rarely and they change slowly; shared caches may keep them a while.
const CACHE_CONTROL = "public, max-age=300, s-maxage=300";

/**
 * robots.txt of a realm (on its own domain, or under /realm/{name}), pointing at the realm's
 * sitemap on its canonical site. On a host that is no realm's: every realm's pages under
 * /realm/, and the sitemaps of the realms canonical here (those without a preferred domain).
 */
export async function robotsResponse(args: LoaderFunctionArgs): Promise<Response> {
  const url = new URL(args.request.url);
  try {
    const found = await realmRequest(args);
    if (found) {
      const site = canonicalSite(url, found.basePath, found.realm.preferredDomain);
      return text(
        robotsTxt({ bases: [found.basePath], sitemaps: [canonicalUrl(site, "/sitemap.xml")] }),
        "text/plain",
      );
    }
    const { realms } = await fetchRealmDirectory(args.context);
    const lookups = await Promise.all(realms.map((r) => lookupRealm(args.context, r.name)));
    const sitemaps = lookups
      .filter((realm) => realm && !realm.preferredDomain)
      .map((realm) => `${url.origin}/realm/${realm!.realm}/sitemap.xml`);
    return text(robotsTxt({ bases: ["/realm/*"], sitemaps }), "text/plain");
  } catch (error) {
    throw asRouteError(error);
  }
}

/** sitemap.xml of a realm: its public pages at their canonical URLs (see app/seo/sitemap.ts). */
export async function sitemapResponse(args: LoaderFunctionArgs): Promise<Response> {
  const found = await realmRequest(args);
  if (!found) return new Response(null, { status: 404 });
  try {
    const listing = await platformClient(args.context, { realm: found.realm }).call("sitemap");
    const site = canonicalSite(
      new URL(args.request.url),
      found.basePath,
      found.realm.preferredDomain,
    );
    const urls = sitemapEntries(listing, found.shell.settings as RouteSettings).map((entry) => ({
      loc: canonicalUrl(site, entry.path),
      lastmod: entry.lastmod,
    }));
    return text(sitemapXml(urls), "application/xml");
  } catch (error) {
    throw asRouteError(error);
  }
}

function text(body: string, type: string): Response {
  return new Response(body, {
    headers: { "Content-Type": `${type}; charset=utf-8`, "Cache-Control": CACHE_CONTROL },
  });
}
