import { describe, expect, it } from "vitest";
import type { SitemapListing } from "../../contract/generated/sitemap-listing.ts";
import { canonicalSite, canonicalUrl } from "../../app/seo/canonical.ts";
import { seoMeta } from "../../app/seo/meta.ts";
import { pageSeo } from "../../app/seo/page-seo.ts";
import { robotsTxt } from "../../app/seo/robots.ts";
import { sitemapEntries, sitemapXml } from "../../app/seo/sitemap.ts";
import type { RouteSettings } from "../../app/realm/routes.ts";

const shared = new URL("http://localhost:3000/realm/liga/section/schedule?x=1");
const own = new URL("http://liga.localhost:3000/section/schedule?x=1");

describe("canonical URLs", () => {
  it("use the preferred domain from its root, however the page was reached", () => {
    for (const [url, base] of [
      [shared, "/realm/liga"],
      [own, ""],
    ] as const) {
      const site = canonicalSite(url, base, "liga.localhost");
      expect(canonicalUrl(site, "/section/schedule")).toBe(
        "http://liga.localhost:3000/section/schedule",
      );
      expect(canonicalUrl(site, "/")).toBe("http://liga.localhost:3000/");
    }
  });

  it("are HTTPS on a public preferred domain, whatever the request's scheme and port", () => {
    const site = canonicalSite(new URL("http://10.0.0.5:3000/x"), "", "watch.liga.example");
    expect(canonicalUrl(site, "/browse")).toBe("https://watch.liga.example/browse");
  });

  it("stay where the page was found without a preferred domain", () => {
    const site = canonicalSite(shared, "/realm/liga", null);
    expect(canonicalUrl(site, "/")).toBe("http://localhost:3000/realm/liga");
    expect(canonicalUrl(site, "/browse")).toBe("http://localhost:3000/realm/liga/browse");
    expect(canonicalUrl(canonicalSite(own, "", undefined), "/")).toBe(
      "http://liga.localhost:3000/",
    );
  });
});

describe("page SEO", () => {
  const base = { basePath: "/realm/liga", preferredDomain: "liga.localhost" };

  it("drops the query, sends /home to the root, and makes the first image absolute", () => {
    expect(
      pageSeo({
        ...base,
        requestUrl: shared,
        key: "schedule",
        images: [null, "/images/liga/logo.webp"],
      }),
    ).toEqual({
      canonical: "http://liga.localhost:3000/section/schedule",
      image: "http://liga.localhost:3000/images/liga/logo.webp?w=1200",
    });
    const home = pageSeo({
      ...base,
      requestUrl: new URL("http://localhost:3000/realm/liga/home"),
      key: "home",
      images: ["https://cdn.example/hero.jpg"],
    });
    expect(home).toEqual({
      canonical: "http://liga.localhost:3000/",
      image: "https://cdn.example/hero.jpg",
    });
  });

  it("gives the not-found page no canonical URL, and its meta a noindex", () => {
    const seo = pageSeo({ ...base, requestUrl: shared, key: "not-found", images: [] });
    expect(seo).toEqual({ canonical: null, image: null });
    const meta = seoMeta({
      title: "x",
      description: "y",
      siteName: "Liga Play",
      locale: "pt",
      seo,
    });
    expect(meta).toContainEqual({ name: "robots", content: "noindex" });
    expect(meta.some((m) => "rel" in m && m.rel === "canonical")).toBe(false);
  });

  it("describes a page for search engines and link previews", () => {
    const meta = seoMeta({
      title: "Schedule · Liga Play",
      description: "Every match",
      siteName: "Liga Play",
      locale: "pt-BR",
      seo: { canonical: "https://liga.example/schedule", image: "https://liga.example/i.webp" },
    });
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "Schedule · Liga Play" },
        { name: "description", content: "Every match" },
        { tagName: "link", rel: "canonical", href: "https://liga.example/schedule" },
        { property: "og:url", content: "https://liga.example/schedule" },
        { property: "og:image", content: "https://liga.example/i.webp" },
        { property: "og:locale", content: "pt_BR" },
        { property: "og:site_name", content: "Liga Play" },
        { name: "twitter:card", content: "summary_large_image" },
      ]),
    );
  });
});

const at = "2026-11-22T03:10:00.000Z";
const listing: SitemapListing = {
  pages: ["browse", "home", "all-videos", "not-found", "playlist", "plugin-standings"].map(
    (key) => ({ key, updatedAt: at }),
  ),
  sections: ["fight-nights", "schedule", "news"].map((key) => ({ key, updatedAt: at })),
  items: [
    { type: "PLAYLIST", id: 3, updatedAt: at },
    { type: "SERIES", id: 4, updatedAt: at },
    { type: "VIDEO", id: 5, updatedAt: at },
    { type: "EVENT", id: 6, updatedAt: at },
    { type: "NEWS", id: 7, updatedAt: at },
  ],
};
const open: RouteSettings = {
  guestsAllowed: true,
  fullGuestAccess: true,
  hasLive: true,
  scheduleSection: "ENABLED",
  contentSearchEngine: "ALGOLIA",
  watchlistsEnabled: false,
  allowSelfregistration: true,
};

describe("sitemap entries", () => {
  it("list the built public pages of what is published, the root first", () => {
    expect(sitemapEntries(listing, open).map((e) => e.path)).toEqual([
      "/",
      "/browse",
      "/grid/all-videos",
      "/plugin/standings",
      "/section/fight-nights",
      "/schedule",
      "/news",
      // Only the playlist page exists as a template: the series is left out.
      "/playlist/3",
      "/vod/5",
      "/live/6",
      "/news/7",
    ]);
  });

  it("leave out what visitors without an account cannot open, and routes the realm lacks", () => {
    const paywalled = { ...open, fullGuestAccess: false, scheduleSection: "DISABLED" as const };
    expect(sitemapEntries(listing, paywalled).map((e) => e.path)).toEqual(["/"]);
    const noSchedule = { ...open, hasLive: false };
    expect(sitemapEntries(listing, noSchedule).map((e) => e.path)).not.toContain("/schedule");
  });

  it("are written as a sitemaps.org document with escaped URLs", () => {
    const xml = sitemapXml([{ loc: "https://a.example/grid/x?y=1&z=<2>", lastmod: at }]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      `<url><loc>https://a.example/grid/x?y=1&amp;z=&lt;2&gt;</loc><lastmod>${at}</lastmod></url>`,
    );
  });
});

describe("robots.txt", () => {
  it("keeps crawlers out of previews, forms and JSON, and names the sitemaps", () => {
    expect(robotsTxt({ bases: ["/realm/*"], sitemaps: ["https://a.example/sitemap.xml"] })).toBe(
      [
        "User-agent: *",
        "Disallow: /api/",
        "Disallow: /realm/*/preview/",
        "Disallow: /realm/*/language",
        "Disallow: /realm/*/more/",
        "Allow: /",
        "",
        "Sitemap: https://a.example/sitemap.xml",
        "",
      ].join("\n"),
    );
    expect(robotsTxt({ bases: [""], sitemaps: [] })).not.toContain("Sitemap");
  });
});
