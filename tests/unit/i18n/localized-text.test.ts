import { describe, expect, it } from "vitest";
import { localizableTexts, localizeMenu, localizePage } from "../../../schemas/localized-fields.ts";
import { missingLanguages, textIn, unknownLanguages } from "../../../schemas/localized-text.ts";
import type { Menu } from "../../../schemas/generated/menu.ts";
import type { ComposedPage } from "../../../schemas/generated/page.ts";
import { validate } from "../../../schemas/validator.ts";
import { validatePage } from "../../../schemas/page-validation.ts";

const english = { locale: "en", defaultLocale: "pt" };
const spanish = { locale: "es", defaultLocale: "pt" };
const portuguese = { locale: "pt", defaultLocale: "pt" };

describe("textIn", () => {
  it("reads a plain string as it is, whatever the language", () => {
    expect(textIn("Jogos", english)).toBe("Jogos");
  });

  it("picks the viewer's language", () => {
    const text = { pt: "Jogos", en: "Matches", es: "Partidos" };
    expect(textIn(text, english)).toBe("Matches");
    expect(textIn(text, spanish)).toBe("Partidos");
    expect(textIn(text, portuguese)).toBe("Jogos");
  });

  it("falls back to the realm's default language, then to any language the text has", () => {
    expect(textIn({ pt: "Jogos", en: "Matches" }, spanish)).toBe("Jogos");
    expect(textIn({ en: "Matches" }, spanish)).toBe("Matches");
  });
});

describe("missingLanguages and unknownLanguages", () => {
  it("name the realm languages a text lacks and the keys the realm does not have", () => {
    const text = { pt: "Jogos", fr: "Matchs" };
    expect(missingLanguages(text, ["pt", "es", "en"])).toEqual(["es", "en"]);
    expect(unknownLanguages(text, ["pt", "es", "en"])).toEqual(["fr"]);
    expect(missingLanguages("Jogos", ["pt", "es", "en"])).toEqual([]);
  });
});

const menu: Menu = {
  layout: "TOP",
  items: [
    { type: "VIEW", title: { pt: "Início", en: "Home" }, data: { view: "home" } },
    {
      type: "FOLDER",
      title: { pt: "Mais", en: "More", es: "Más" },
      items: [
        {
          type: "PLUGIN",
          title: "Classificação",
          data: { pluginId: "standings" },
          seo: { title: { pt: "Classificação da Liga", en: "League standings" } },
        },
      ],
    },
  ],
};

const page: ComposedPage = {
  key: "home",
  title: { pt: "Início", en: "Home", es: "Inicio" },
  description: { pt: "Jogos ao vivo.", en: "Live matches." },
  layout: "default",
  zones: {
    main: [
      {
        id: "live",
        type: "rail",
        title: { pt: "Ao vivo", en: "Live" },
        source: { kind: "videos" },
      },
      {
        id: "promo",
        type: "promo",
        title: { pt: "Copa", en: "Cup", es: "Copa" },
        description: "Só em português.",
        cta: { pt: "Ver", en: "Watch", es: "Ver" },
        link: { linkUrl: "/news" },
      },
      { id: "sponsor", type: "sponsor", name: "Banco Horizonte" },
    ],
  },
};

describe("per-language texts in the schemas", () => {
  it("accept plain strings and texts by language, and refuse other shapes", () => {
    expect(validate("menu", menu).ok).toBe(true);
    expect(validatePage("page", page).ok).toBe(true);
    const badKey = { ...page, title: { portuguese: "Início" } };
    expect(validatePage("page", badKey).ok).toBe(false);
    const empty = { ...page, title: {} };
    expect(validatePage("page", empty).ok).toBe(false);
    const tooLong = {
      ...page,
      zones: { main: [{ ...page.zones.main![0], title: { en: "x".repeat(81) } }] },
    };
    expect(validatePage("page", tooLong).ok).toBe(false);
  });
});

describe("localizeMenu", () => {
  it("gives every title, nested and SEO ones included, in the viewer's language", () => {
    const localized = localizeMenu(menu, english);
    expect(localized.items[0]!.title).toBe("Home");
    expect(localized.items[1]!.title).toBe("More");
    expect(localized.items[1]!.items![0]!.title).toBe("Classificação");
    expect(localized.items[1]!.items![0]!.seo?.title).toBe("League standings");
    expect(localizeMenu(menu, spanish).items[0]!.title).toBe("Início");
    expect(localized.items[0]!.data).toEqual({ view: "home" });
  });
});

describe("localizePage", () => {
  it("gives the page's and its blocks' texts in the viewer's language and leaves the rest", () => {
    const localized = localizePage("page", page, english);
    expect(localized.title).toBe("Home");
    expect(localized.description).toBe("Live matches.");
    const [rail, promo, sponsor] = localized.zones.main!;
    expect(rail).toMatchObject({ title: "Live", source: { kind: "videos" } });
    expect(promo).toMatchObject({ title: "Cup", description: "Só em português.", cta: "Watch" });
    expect(sponsor).toEqual(page.zones.main![2]);
    expect(localizePage("page", page, spanish).zones.main![0]).toMatchObject({ title: "Ao vivo" });
  });

  it("leaves the document it was given as it was (it may be cached for other viewers)", () => {
    const before = structuredClone(page);
    localizePage("page", page, english);
    expect(page).toEqual(before);
  });
});

describe("localizableTexts", () => {
  it("lists every localisable text of a document with its pointer", () => {
    expect(localizableTexts("menu", menu).map((t) => t.pointer)).toEqual([
      "/items/0/title",
      "/items/1/title",
      "/items/1/items/0/title",
      "/items/1/items/0/seo/title",
    ]);
    expect(localizableTexts("page", page).map((t) => t.pointer)).toEqual([
      "/title",
      "/description",
      "/zones/main/0/title",
      "/zones/main/1/title",
      "/zones/main/1/description",
      "/zones/main/1/cta",
    ]);
  });
});
