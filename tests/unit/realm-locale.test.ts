import { afterEach, describe, expect, it, vi } from "vitest";
import type { LocaleData } from "../../contract/generated/locale-data.ts";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import { realmLocale } from "../../app/i18n/realm-locale.server.ts";
import type { PlatformLoadContext } from "../../app/api-client/context.ts";

const liga: RealmLookup = {
  realm: "liga",
  fullName: "Liga Play",
  apiKey: "liga-web-key",
  preferredDomain: null,
  logoUrl: null,
};
const offered = { languages: ["pt", "es", "en"], defaultLocale: "pt" };
const TEXTS: Record<string, Record<string, string>> = {
  pt: { signUp: "Assine já" },
  es: { signUp: "Suscríbete" },
};

let platforms = 0;
/** A platform that answers locale data for `working` languages and fails for the others. */
function platform(working: string[], failure = 503) {
  const asked: string[] = [];
  const context: PlatformLoadContext = {
    requestId: "test",
    timing: { platformMs: 0, platformCalls: 0 },
    // Its own base URL, so answers cached for another test are not reused.
    platformBaseUrl: `http://platform-${++platforms}.test`,
    platformFetch: async (request) => {
      const locale = new URL(request.url).pathname.split("/").pop()!;
      asked.push(locale);
      if (!working.includes(locale)) {
        return Response.json({ code: "LOCALE_NOT_FOUND", messages: ["no"] }, { status: failure });
      }
      const body: LocaleData = {
        translations: TEXTS[locale] ?? {},
        default_locale: "pt",
        selected_locale: locale,
        version: `v-${locale}`,
      };
      return Response.json(body);
    },
    setRealm: () => {},
    session: { secret: "x".repeat(32), secure: false },
  };
  return { context, asked };
}

const request = (headers: Record<string, string>) =>
  new Request("http://localhost/realm/liga", { headers });

afterEach(() => vi.restoreAllMocks());

describe("the realm's locale for a request", () => {
  it("is the locale data of the saved language, before the browser's", async () => {
    const { context, asked } = platform(["pt", "es"]);
    const result = await realmLocale(
      request({ Cookie: "language=es", "Accept-Language": "en" }),
      context,
      liga,
      offered,
    );
    expect(result).toEqual({
      locale: "es",
      translations: { realm: "liga", version: "v-es", texts: { signUp: "Suscríbete" } },
    });
    expect(asked).toEqual(["es"]);
  });

  it("is the signed-in account's language without a choice saved in this browser", async () => {
    const { context } = platform(["pt", "es", "en"]);
    const account = { ...offered, accountLocale: "es" };
    const fresh = await realmLocale(request({ "Accept-Language": "en" }), context, liga, account);
    expect(fresh.locale).toBe("es");
    const chosen = request({ Cookie: "language=en", "Accept-Language": "pt" });
    expect((await realmLocale(chosen, context, liga, account)).locale).toBe("en");
  });

  it("falls back to the default locale when the viewer's cannot be fetched", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { context, asked } = platform(["pt"]);
    const result = await realmLocale(
      request({ "Accept-Language": "es-AR" }),
      context,
      liga,
      offered,
    );
    expect(result.locale).toBe("pt");
    expect(result.translations.texts).toEqual({ signUp: "Assine já" });
    expect(asked).toEqual(["es", "pt"]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"locale":"es"'));
  });

  it("keeps the page in the default language with the app's texts when nothing can be fetched", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { context } = platform([], 500);
    const result = await realmLocale(request({ Cookie: "language=en" }), context, liga, offered);
    expect(result).toEqual({
      locale: "pt",
      translations: { realm: "liga", version: "", texts: {} },
    });
  });
});
