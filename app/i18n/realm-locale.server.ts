import type { LocaleData } from "../../contract/generated/locale-data.ts";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { fetchLocaleData } from "../api-client/platform.server.ts";
import { detectLanguage } from "./detect.ts";
import type { RealmTranslations } from "./i18n.ts";
import { savedLanguage } from "./language-cookie.ts";

export interface RealmLocale {
  /** The language the page is in: one of the realm's. */
  locale: string;
  translations: RealmTranslations;
}

/**
 * The viewer's language in a realm and the realm's texts in it (spec section 4, "Locale"). When
 * those cannot be fetched, the default locale's are; when neither can, the app's own texts in
 * the default locale. A page is never lost to its translations.
 */
export async function realmLocale(
  request: Request,
  context: PlatformLoadContext,
  realm: RealmLookup,
  offered: {
    languages: string[];
    defaultLocale: string;
    /** The signed-in account's language, if it has one. */
    accountLocale?: string;
    /** A language the page was asked for outright (admin previews): used when it is the realm's. */
    requested?: string | null;
  },
): Promise<RealmLocale> {
  const requested = offered.requested;
  const wanted =
    requested && offered.languages.includes(requested)
      ? requested
      : detectLanguage({
          // The choice made in this browser is the most recent; the account's comes with it elsewhere.
          saved: savedLanguage(request.headers.get("Cookie")) ?? offered.accountLocale,
          acceptLanguage: request.headers.get("Accept-Language"),
          languages: offered.languages,
          defaultLocale: offered.defaultLocale,
        });
  const candidates = [...new Set([wanted, offered.defaultLocale])];
  for (const locale of candidates) {
    try {
      return fromLocaleData(realm, await fetchLocaleData(context, realm, locale));
    } catch (error) {
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "locale data not loaded",
          realm: realm.realm,
          locale,
          error: String(error),
        }),
      );
    }
  }
  return {
    locale: offered.defaultLocale,
    translations: { realm: realm.realm, version: "", texts: {} },
  };
}

function fromLocaleData(realm: RealmLookup, data: LocaleData): RealmLocale {
  return {
    locale: data.selected_locale,
    translations: {
      realm: realm.realm,
      version: data.version,
      // Only texts: whatever else a remote platform answers must not reach the translator.
      texts: Object.fromEntries(
        Object.entries(data.translations).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      ),
    },
  };
}
