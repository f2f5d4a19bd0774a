import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { createI18n, i18nFor, useT } from "../../app/i18n/i18n.ts";
import { dateTimeFormat, listFormat } from "../../app/ui/intl.ts";

function Texts({ calls }: { calls: [string, Record<string, unknown>?][] }) {
  const t = useT();
  return <>{calls.map(([key, options]) => `${t(key, options)}|`)}</>;
}

const render = (locale: string, calls: [string, Record<string, unknown>?][]) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={i18nFor(locale)}>
      <Texts calls={calls} />
    </I18nextProvider>,
  )
    .split("|")
    .slice(0, -1);

describe("translations in components", () => {
  it("gives each count and option its own text, however often a page asks", () => {
    const calls: [string, Record<string, unknown>?][] = [
      ["videoCount", { count: 1 }],
      ["videoCount", { count: 2 }],
      ["videoCount", { count: 1 }],
      ["seeAllOf", { title: "Fight Nights" }],
      ["seeAllOf", { title: "Knockouts" }],
      ["live"],
    ];
    const fresh = createI18n("en");
    const expected = calls.map(([key, options]) => fresh.t(key, options));
    expect(expected.slice(0, 3)).toEqual(["1 video", "2 videos", "1 video"]);
    expect(render("en", calls)).toEqual(expected);
    expect(render("en", calls)).toEqual(expected);
  });

  it("keeps languages apart", () => {
    const [pt] = render("pt-BR", [["videoCount", { count: 2 }]]);
    const [en] = render("en", [["videoCount", { count: 2 }]]);
    expect(pt).toBe(createI18n("pt").t("videoCount", { count: 2 }));
    expect(pt).not.toBe(en);
  });

  it("shares one instance per language and refuses to switch it", () => {
    expect(i18nFor("pt-BR")).toBe(i18nFor("pt"));
    expect(i18nFor("fr")).toBe(i18nFor("en"));
    expect(() => i18nFor("en").changeLanguage("pt")).toThrow(/fixed to one language/);
    expect(i18nFor("en").language).toBe("en");
  });
});

describe("realm translations", () => {
  const liga = (version: string, texts: Record<string, string>) => ({
    realm: "liga",
    version,
    texts,
  });

  it("lay a realm's texts over the app's, and leave other keys as they are", () => {
    const i18n = i18nFor("es", liga("v1", { signUp: "Suscríbete" }));
    expect(i18n.t("signUp")).toBe("Suscríbete");
    expect(i18n.t("signIn")).toBe(createI18n("es").t("signIn"));
    expect(i18nFor("es").t("signUp")).not.toBe("Suscríbete");
  });

  it("share one instance per realm, language and version", () => {
    const first = i18nFor("pt", liga("v1", { signUp: "Assine" }));
    expect(i18nFor("pt-BR", liga("v1", { signUp: "Assine" }))).toBe(first);
    const republished = i18nFor("pt", liga("v2", { signUp: "Assine já" }));
    expect(republished).not.toBe(first);
    expect(republished.t("signUp")).toBe("Assine já");
    expect(i18nFor("pt", { ...liga("v1", { signUp: "Assine" }), realm: "arena" })).not.toBe(first);
    expect(() => first.changeLanguage("en")).toThrow(/fixed to one language/);
  });

  it("serve a language the app has no file for when the realm words it, else the fallback", () => {
    const french = i18nFor("fr", liga("v1", { signUp: "S'inscrire" }));
    expect(french.language).toBe("fr");
    expect(french.t("signUp")).toBe("S'inscrire");
    expect(french.t("signIn")).toBe(createI18n("en").t("signIn"));
    expect(i18nFor("fr", liga("v0", {})).language).toBe("en");
  });
});

describe("Intl formatters", () => {
  it("are built once per locale and options, and format as new ones do", () => {
    const options = { dateStyle: "medium", timeZone: "UTC" } as const;
    expect(dateTimeFormat("en", options)).toBe(dateTimeFormat("en", { ...options }));
    expect(dateTimeFormat("pt", options)).not.toBe(dateTimeFormat("en", options));
    const date = new Date("2026-11-22T10:00:00Z");
    expect(dateTimeFormat("pt", options).format(date)).toBe(
      new Intl.DateTimeFormat("pt", options).format(date),
    );
    expect(listFormat("en", { type: "unit", style: "long" }).format(["1 hour", "2 minutes"])).toBe(
      new Intl.ListFormat("en", { type: "unit", style: "long" }).format(["1 hour", "2 minutes"]),
    );
  });
});
