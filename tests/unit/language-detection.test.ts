import { describe, expect, it } from "vitest";
import { browserLanguages, detectLanguage, supportedLanguage } from "../../app/i18n/detect.ts";
import {
  languageCookies,
  saveLanguageCookie,
  savedLanguage,
} from "../../app/i18n/language-cookie.ts";

const liga = { languages: ["pt", "es", "en"], defaultLocale: "pt" };
const arena = { languages: ["en"], defaultLocale: "en" };

describe("language detection (spec sections 4 and 5)", () => {
  it.each([
    ["the saved language first", { saved: "es", acceptLanguage: "en-US,en;q=0.9" }, "es"],
    ["else the browser's", { saved: null, acceptLanguage: "en-US,en;q=0.9" }, "en"],
    ["a saved language the realm lacks is skipped", { saved: "fr", acceptLanguage: "es" }, "es"],
    ["the browser's best supported one", { acceptLanguage: "fr-FR,de;q=0.9,es;q=0.8" }, "es"],
    ["by quality, not by order", { acceptLanguage: "en;q=0.5, es;q=0.9" }, "es"],
    ["nothing supported: the default", { acceptLanguage: "fr-FR,de" }, "pt"],
    ["nothing at all: the default", {}, "pt"],
    ["q=0 means not wanted", { acceptLanguage: "es;q=0, en;q=0.1" }, "en"],
  ])("%s", (_, inputs, expected) => {
    expect(detectLanguage({ ...liga, ...inputs })).toBe(expected);
  });

  it("uses only the first part of a code, split on dash or underscore", () => {
    expect(detectLanguage({ ...liga, saved: "pt_BR" })).toBe("pt");
    expect(detectLanguage({ ...liga, acceptLanguage: "es-AR" })).toBe("es");
    expect(detectLanguage({ ...arena, acceptLanguage: "pt-BR,en-GB;q=0.8" })).toBe("en");
    expect(detectLanguage({ ...arena, saved: "es" })).toBe("en");
  });

  it("answers with the realm's own spelling of a language", () => {
    const regional = ["pt-BR", "es-AR"];
    expect(supportedLanguage("pt", regional)).toBe("pt-BR");
    expect(supportedLanguage("PT_br", regional)).toBe("pt-BR");
    expect(supportedLanguage("es-MX", regional)).toBe("es-AR");
    expect(supportedLanguage("en", regional)).toBeUndefined();
    expect(supportedLanguage("", regional)).toBeUndefined();
    // An exact match wins over an earlier one with the same first part.
    expect(supportedLanguage("pt-PT", ["pt-BR", "pt-PT"])).toBe("pt-PT");
  });

  it("reads Accept-Language leniently", () => {
    expect(browserLanguages(" en-US , pt;q=0.8 ,*;q=0.1, es;q=x")).toEqual(["en-US", "pt"]);
    expect(browserLanguages(undefined)).toEqual([]);
    expect(browserLanguages("")).toEqual([]);
  });
});

describe("the saved language cookie", () => {
  it("round-trips a choice and scopes it to the realm's path", () => {
    const header = saveLanguageCookie("es", "/realm/liga", true);
    expect(header).toBe("language=es; Path=/realm/liga; Max-Age=31536000; SameSite=Lax; Secure");
    expect(savedLanguage(`__session=abc; ${header.split(";")[0]}`)).toBe("es");
    expect(saveLanguageCookie("pt-BR", "/", false)).not.toContain("Secure");
  });

  it("under a base path, saves the choice for the realm root's data address too", () => {
    expect(languageCookies("en", "/realm/liga", true).map((c) => c.split("; ")[1])).toEqual([
      "Path=/realm/liga",
      "Path=/realm/liga.data",
    ]);
    expect(languageCookies("en", "", false)).toEqual([saveLanguageCookie("en", "/", false)]);
  });

  it("ignores what is not a language code", () => {
    expect(savedLanguage("language=<script>")).toBeUndefined();
    expect(savedLanguage("language=")).toBeUndefined();
    expect(savedLanguage("xlanguage=es")).toBeUndefined();
    expect(savedLanguage(null)).toBeUndefined();
    expect(() => saveLanguageCookie("es; Path=/", "/", false)).toThrow(/not a language code/);
  });
});
