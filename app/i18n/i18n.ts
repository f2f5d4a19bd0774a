import { createInstance, type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";

export const resources = {
  en: { translation: en },
  pt: { translation: pt },
  es: { translation: es },
};
export const SUPPORTED_LANGUAGES = Object.keys(resources);
export const FALLBACK_LANGUAGE = "en";

/** The UI language for a locale: its primary subtag when we have translations for it. */
export function uiLanguage(locale: string | undefined): string {
  const primary = (locale ?? "").split(/[-_]/)[0]!.toLowerCase();
  return SUPPORTED_LANGUAGES.includes(primary) ? primary : FALLBACK_LANGUAGE;
}

/** One instance per render: server requests must never share a language switch. */
export function createI18n(locale: string | undefined): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: uiLanguage(locale),
    fallbackLng: FALLBACK_LANGUAGE,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}
