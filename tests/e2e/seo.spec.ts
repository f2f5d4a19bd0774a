import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

/** The server's URL under another host name (Chromium resolves *.localhost to this machine). */
const onHost = (baseURL: string, host: string, path: string) => {
  const url = new URL(path, baseURL);
  url.hostname = host;
  return url.toString();
};

const port = (baseURL: string) => new URL(baseURL).port;

async function locsOf(request: APIRequestContext, path: string): Promise<string[]> {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^application\/xml/);
  const xml = await res.text();
  expect(xml).toMatch(
    /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/,
  );
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
}

async function head(page: Page) {
  return {
    canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
    og: Object.fromEntries(
      await page
        .locator('meta[property^="og:"]')
        .evaluateAll((tags) =>
          tags.map((t) => [t.getAttribute("property"), t.getAttribute("content")]),
        ),
    ) as Record<string, string>,
    description: await page.locator('meta[name="description"]').getAttribute("content"),
  };
}

test.describe("robots.txt", () => {
  test("per realm: previews, forms and JSON kept out; the sitemap on the realm's canonical host", async ({
    request,
    page,
    baseURL,
  }) => {
    const liga = await request.get("/realm/liga/robots.txt");
    expect(liga.status()).toBe(200);
    expect(liga.headers()["content-type"]).toMatch(/^text\/plain/);
    const text = await liga.text();
    expect(text).toContain("User-agent: *\n");
    expect(text).toContain("Disallow: /realm/liga/preview/\n");
    expect(text).toContain(`Sitemap: http://liga.localhost:${port(baseURL!)}/sitemap.xml\n`);

    // On its own domain, from the root.
    const own = await page.goto(onHost(baseURL!, "liga.localhost", "/robots.txt"));
    const ownText = await own!.text();
    expect(ownText).toContain("Disallow: /preview/\n");
    expect(ownText).toContain(`Sitemap: http://liga.localhost:${port(baseURL!)}/sitemap.xml\n`);

    // A host that is no realm's: every realm's previews; both demo realms are canonical elsewhere.
    const shared = await (await request.get("/robots.txt")).text();
    expect(shared).toContain("Disallow: /realm/*/preview/\n");
    expect(shared).not.toContain("Sitemap:");
  });
});

test.describe("sitemap.xml", () => {
  test("liga lists its public pages from the store, each of which opens for a new visitor", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const origin = `http://liga.localhost:${port(baseURL!)}`;
    const locs = await locsOf(request, "/realm/liga/sitemap.xml");
    const paths = locs.map((loc) => {
      expect(loc.startsWith(`${origin}/`)).toBe(true);
      return loc.slice(origin.length);
    });
    expect(paths[0]).toBe("/");
    expect(paths).toEqual(
      expect.arrayContaining(["/browse", "/schedule", "/plugin/standings", "/grid/todos-os-jogos"]),
    );
    for (const kind of ["playlist", "series", "season"]) {
      expect(
        paths.some((p) => p.startsWith(`/${kind}/`)),
        kind,
      ).toBe(true);
    }
    expect(paths.filter((p) => /preview|not-found/.test(p))).toEqual([]);
    // Every video and event has its watch page.
    const watchPages = paths.filter((p) => /^\/(vod|live)\/\d+$/.test(p));
    expect(watchPages.filter((p) => p.startsWith("/vod/")).length).toBeGreaterThan(40);
    expect(watchPages.filter((p) => p.startsWith("/live/")).length).toBeGreaterThan(20);
    expect(new Set(paths).size).toBe(paths.length);

    // Every URL listed is a page: a visitor with no cookies gets it (after liga's guest check-in).
    // Watch pages are all one route: a few of each kind stand for the rest.
    const sampled = [
      ...paths.filter((p) => !watchPages.includes(p)),
      ...watchPages.filter((p) => p.startsWith("/vod/")).slice(0, 3),
      ...watchPages.filter((p) => p.startsWith("/live/")).slice(0, 3),
    ];
    for (const path of sampled) {
      const visitor = await playwright.request.newContext({ baseURL });
      const res = await visitor.get(`/realm/liga${path === "/" ? "" : path}`);
      expect(res.status(), path).toBe(200);
      await visitor.dispose();
    }
  });

  test("arena's pages are for its customers: only its root is listed; same on its own domain", async ({
    request,
    page,
    baseURL,
  }) => {
    const root = `http://arena.localhost:${port(baseURL!)}/`;
    expect(await locsOf(request, "/realm/arena/sitemap.xml")).toEqual([root]);
    const own = await page.goto(onHost(baseURL!, "arena.localhost", "/sitemap.xml"));
    expect(own!.status()).toBe(200);
    expect(await own!.text()).toContain(`<loc>${root}</loc>`);
  });

  test("a host that is no realm's has none", async ({ request }) => {
    expect((await request.get("/sitemap.xml")).status()).toBe(404);
  });
});

test.describe("page meta", () => {
  test("canonical URL and Open Graph tags on the preferred domain, from either address", async ({
    page,
    request,
    baseURL,
  }) => {
    const canonical = `http://liga.localhost:${port(baseURL!)}/browse`;
    for (const url of [
      "/realm/liga/browse?utm_source=x",
      onHost(baseURL!, "liga.localhost", "/browse"),
    ]) {
      await page.goto(url);
      const tags = await head(page);
      expect(tags.canonical).toBe(canonical);
      expect(tags.og["og:url"]).toBe(canonical);
      expect(tags.og["og:site_name"]).toBe("Liga Play");
      expect(tags.og["og:title"]).toBe(await page.title());
      expect(tags.og["og:locale"]).toBe("en");
      expect(tags.description).toBeTruthy();
      expect(tags.og["og:description"]).toBe(tags.description);
      // The preview image is absolute and is an image.
      const image = new URL(tags.og["og:image"]!);
      expect(image.host).toBe(`liga.localhost:${port(baseURL!)}`);
      const res = await request.get(`${image.pathname}${image.search}`);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toMatch(/^image\//);
    }
  });

  test("the home page is canonical at the realm's root; a playlist page shows its artwork", async ({
    page,
    baseURL,
  }) => {
    const origin = `http://liga.localhost:${port(baseURL!)}`;
    await page.goto("/realm/liga/home");
    expect((await head(page)).canonical).toBe(`${origin}/`);

    const locs = await locsOf(page.request, "/realm/liga/sitemap.xml");
    const playlist = locs.find((loc) => loc.includes("/playlist/"))!.slice(origin.length);
    await page.goto(`/realm/liga${playlist}`);
    const tags = await head(page);
    expect(tags.canonical).toBe(`${origin}${playlist}`);
    expect(tags.og["og:image"]).toMatch(/\/images\/liga\/playlist\/[^/]+\/cover\.webp\?w=1200$/);
    expect(await page.title()).toContain(tags.og["og:title"]!.split(" · ")[0]!);
  });

  test("arena's home is canonical at its root; not-found pages are not indexed", async ({
    page,
    baseURL,
  }) => {
    await page.goto("/realm/arena");
    const tags = await head(page);
    expect(tags.canonical).toBe(`http://arena.localhost:${port(baseURL!)}/`);
    expect(tags.og["og:site_name"]).toBe("Arena Fight Pass");
    expect(tags.og["og:locale"]).toBe("en");

    // Arena's not-found page is a composed page of its own, answered with a 404.
    const missing = await page.goto("/realm/arena/no-such-page");
    expect(missing!.status()).toBe(404);
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
    // Liga has none: the plain not-found page, with no canonical URL either.
    expect((await page.goto("/realm/liga/no-such-page"))!.status()).toBe(404);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });
});
