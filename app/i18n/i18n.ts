import { useContext } from "react";
import { createInstance, type i18n, type TFunction } from "i18next";
import { getI18n, I18nContext, initReactI18next } from "react-i18next";
import { createCache } from "../../contract/lru-cache.ts";
import en from "../../contract/locales/en.json";

type Translation = Record<string, string>;

/*
 * The fallback language's texts are always here; the others load on demand, each its own chunk,
 * so that a browser downloads the one language its page is in (every language in the first
 * bundle was a third of its size). The server registers them all at start
 * (`all-languages.server.ts`).
 */
const languageLoaders = {
  en: () => Promise.resolve({ default: en as Translation }),
  pt: () => import("../../contract/locales/pt.json"),
  es: () => import("../../contract/locales/es.json"),
} satisfies Record<string, () => Promise<{ default: Translation }>>;

export const SUPPORTED_LANGUAGES = Object.keys(languageLoaders);
export const FALLBACK_LANGUAGE = "en";

const loaded = new Map<string, Translation>([[FALLBACK_LANGUAGE, en]]);

/** The app's translations of each language loaded so far, as i18next resources. */
export function loadedResources(): Record<string, { translation: Translation }> {
  return Object.fromEntries(
    [...loaded].map(([language, translation]) => [language, { translation }]),
  );
}

/** Makes a language's texts available (the server does this for every language at start). */
export function registerLanguage(language: string, translation: Translation) {
  if (!loaded.has(language)) {
    loaded.set(language, translation);
    // Instances made without it fell back; they are made again with it.
    shared.clear();
  }
}

/** Whether the texts of the UI language of `locale` are here (the fallback's always are). */
export function hasLanguage(locale: string | undefined): boolean {
  return loaded.has(uiLanguage(locale));
}

/** Loads the texts of the UI language of `locale` if they are not here yet. */
export async function loadLanguage(locale: string | undefined): Promise<void> {
  const language = uiLanguage(locale) as keyof typeof languageLoaders;
  if (loaded.has(language)) return;
  registerLanguage(language, (await languageLoaders[language]()).default);
}

/** The UI language for a locale: its primary subtag when we have translations for it. */
export function uiLanguage(locale: string | undefined): string {
  const primary = (locale ?? "").split(/[-_]/)[0]!.toLowerCase();
  return SUPPORTED_LANGUAGES.includes(primary) ? primary : FALLBACK_LANGUAGE;
}

/**
 * A realm's own texts for one language (its locale data from the platform), laid over the
 * app's translations of that language. `version` changes whenever `texts` do.
 */
export interface RealmTranslations {
  realm: string;
  version: string;
  texts: Record<string, string>;
}

/** A new instance fixed to the UI language of `locale`, with the realm's texts if given. */
export function createI18n(locale: string | undefined, translations?: RealmTranslations): i18n {
  const language = instanceLanguage(locale, translations);
  const resources = loadedResources();
  const own = resources[language]?.translation;
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources: translations
      ? { ...resources, [language]: { translation: { ...own, ...translations.texts } } }
      : resources,
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/**
 * A realm may offer a language the app has no file for; with texts of its own in it, that
 * language is used (missing keys come from the fallback), else the fallback entirely.
 */
function instanceLanguage(locale: string | undefined, translations?: RealmTranslations): string {
  const primary = (locale ?? "").split(/[-_]/)[0]!.toLowerCase();
  if (translations && primary && Object.keys(translations.texts).length > 0) return primary;
  return uiLanguage(locale);
}

// Realms times languages times live translation versions: small, but a long-running process
// sees versions come and go, so the oldest instances make room.
const shared = createCache<string, i18n>({ max: 200 });

/**
 * The instance of a UI language (and realm texts), created once per process and shared by every
 * render in it. Translations are read-only, so sharing is safe as long as nothing switches an
 * instance's language; a request must never change another's, so switching is refused. A
 * viewer who picks another language gets another instance.
 */
export function i18nFor(locale: string | undefined, translations?: RealmTranslations): i18n {
  const language = instanceLanguage(locale, translations);
  const key = translations ? `${language}|${translations.realm}|${translations.version}` : language;
  return shared.getOrLoad(key, () => {
    const instance = createI18n(locale, translations);
    instance.changeLanguage = () => {
      throw new Error("Shared i18n instances are fixed to one language; use createI18n");
    };
    return instance;
  });
}

/**
 * The translate function of the nearest I18nextProvider. Unlike react-i18next's
 * useTranslation, which copies the whole i18n instance for every component that calls it
 * (measurable on a page of fifty cards), this reads the context and nothing else. The
 * provider's instance never changes language, so its `t` is all a component needs.
 */
export function useT(): TFunction {
  const fromContext = (useContext(I18nContext) as { i18n?: i18n } | undefined)?.i18n;
  return memoizedT(fromContext ?? getI18n());
}

const MAX_MEMOIZED = 2_000;
const memoized = new WeakMap<i18n, TFunction>();

/**
 * `t` of an instance, remembering the text of each key and plain options (strings, numbers,
 * booleans: counts, titles). Translations of an instance never change, and a page asks for the
 * same few texts (durations, counts, labels) for every card. Anything else goes to `t` as is.
 */
function memoizedT(instance: i18n): TFunction {
  let t = memoized.get(instance);
  if (!t) {
    const texts = new Map<string, string>();
    const translate = instance.t as unknown as (...args: unknown[]) => unknown;
    const memo = (key: unknown, options?: unknown, ...rest: unknown[]) => {
      const cacheKey = rest.length === 0 ? memoKey(key, options) : undefined;
      if (cacheKey === undefined) return translate(key, options, ...rest);
      let text = texts.get(cacheKey);
      if (text === undefined) {
        const result = translate(key, options);
        if (typeof result !== "string") return result;
        if (texts.size >= MAX_MEMOIZED) texts.clear();
        texts.set(cacheKey, result);
        text = result;
      }
      return text;
    };
    t = memo as unknown as TFunction;
    memoized.set(instance, t);
  }
  return t;
}

function memoKey(key: unknown, options: unknown): string | undefined {
  if (typeof key !== "string") return undefined;
  if (options === undefined) return key;
  if (typeof options !== "object" || options === null || Array.isArray(options)) return undefined;
  let cacheKey = key;
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      return undefined;
    }
    cacheKey += `\u0000${name}\u0000${typeof value}:${String(value)}`;
  }
  return cacheKey;
}
