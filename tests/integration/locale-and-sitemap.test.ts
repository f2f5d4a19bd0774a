import { describe, expect, it } from "vitest";
import { validateBody } from "../../contract/validator.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

describe("locale data", () => {
  it("answers the realm's own texts for a language it offers, with underscores or dashes", async () => {
    for (const locale of ["es", "es-AR", "es_AR"]) {
      const res = await platform.api.call("liga", `/api/v2/locale/liga/${locale}`);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(validateBody("localeData", body).ok).toBe(true);
      expect(body).toMatchObject({
        translations: { signUp: "Suscríbete" },
        default_locale: "pt",
        selected_locale: "es",
      });
    }
  });

  it("versions translations by their content", async () => {
    const pt = await (await platform.api.call("liga", "/api/v2/locale/liga/pt")).json();
    const es = await (await platform.api.call("liga", "/api/v2/locale/liga/es")).json();
    const ptAgain = await (await platform.api.call("liga", "/api/v2/locale/liga/pt-BR")).json();
    expect(pt.version).toMatch(/^[0-9a-f]{12}$/);
    expect(pt.version).not.toBe(es.version);
    expect(ptAgain.version).toBe(pt.version);
  });

  it("answers 404 for a language the realm does not offer, and 400 for bad input", async () => {
    const missing = await platform.api.call("arena", "/api/v2/locale/arena/pt");
    expect(missing.status).toBe(404);
    expect((await missing.json()).code).toBe("LOCALE_NOT_FOUND");
    const bad = await platform.api.call("arena", "/api/v2/locale/arena/%3Cscript%3E");
    expect((await bad.json()).code).toBe("INVALID_LOCALE");
    const other = await platform.api.call("arena", "/api/v2/locale/liga/en");
    expect(other.status).toBe(400);
    expect((await other.json()).code).toBe("REALM_MISMATCH");
  });
});

describe("sitemap listing", () => {
  it("lists the realm's published pages, sections and catalogue, and nothing of another realm", async () => {
    const res = await platform.api.call("liga", "/api/v2/sitemap");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validateBody("sitemapListing", body).ok).toBe(true);
    const pageKeys = body.pages.map((p: { key: string }) => p.key);
    expect(pageKeys).toEqual(expect.arrayContaining(["home", "browse", "plugin-standings"]));
    expect(pageKeys).not.toContain("all-videos");
    expect(body.sections.map((s: { key: string }) => s.key)).toEqual(["schedule"]);
    const types = new Set(body.items.map((i: { type: string }) => i.type));
    expect([...types].sort()).toEqual(["EVENT", "NEWS", "PLAYLIST", "SEASON", "SERIES", "VIDEO"]);

    const arena = await (await platform.api.call("arena", "/api/v2/sitemap")).json();
    const ligaIds = new Set(
      body.items.map((i: { type: string; id: number }) => `${i.type}${i.id}`),
    );
    expect(
      arena.items.filter((i: { type: string; id: number }) => ligaIds.has(`${i.type}${i.id}`)),
    ).toEqual([]);
  });
});
