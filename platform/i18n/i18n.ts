import { createInstance, type TFunction } from "i18next";
import en from "../../contract/locales/en.json";
import es from "../../contract/locales/es.json";
import pt from "../../contract/locales/pt.json";
import { createCache } from "../../contract/lru-cache.ts";
import { realmLanguage } from "../api/realms.ts";

/**
 * The platform's one i18next instance. Texts the platform writes for people (emails, validation
 * messages) come from the web app's translation files, so every text a viewer reads is
 * translated in one place, and a realm's own wording (`labels` of realm.json) reaches them too.
 */
const APP_NAMESPACE = "translation";
const FALLBACK_LANGUAGE = "en";
const resources = { en, es, pt };

export type { LabelKey } from "../../contract/labels.ts";

/** A realm's own wording: label key to text, per language it offers. */
export interface RealmWording {
  name: string;
  labels: Record<string, Record<string, string>>;
}

const i18n = createInstance();
void i18n.init({
  resources: Object.fromEntries(
    Object.entries(resources).map(([language, texts]) => [language, { [APP_NAMESPACE]: texts }]),
  ),
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: APP_NAMESPACE,
  initAsync: false,
  // Emails are plain text, and validation messages are JSON: nothing to escape for.
  interpolation: { escapeValue: false },
  // Keys are flat and realm texts are free text: neither "." nor ":" separates anything.
  keySeparator: false,
  nsSeparator: false,
});

/** What each realm namespace currently holds, so unchanged wording is not loaded again. */
const loaded = createCache<string, string>({ max: 1_000 });

/** `t` in the language of `locale` (else English), the realm's wording of that language first. */
export function translatorFor(locale: string | undefined, realm?: RealmWording): TFunction {
  const primary = (locale ?? "").split(/[-_]/)[0]!.toLowerCase();
  const lng = primary in resources ? primary : FALLBACK_LANGUAGE;
  const own = realm && realmLanguage(locale ?? "", Object.keys(realm.labels));
  if (!realm || !own) return i18n.getFixedT(lng);
  const ns = `realm:${realm.name}:${own}`;
  const texts = realm.labels[own]!;
  const version = JSON.stringify(texts);
  if (loaded.get(ns) !== version) {
    i18n.removeResourceBundle(lng, ns);
    i18n.addResourceBundle(lng, ns, texts);
    loaded.set(ns, version);
  }
  return i18n.getFixedT(lng, [ns, APP_NAMESPACE]);
}
