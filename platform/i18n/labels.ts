import en from "../../contract/locales/en.json";
import { translatorFor, type LabelKey, type RealmWording } from "./i18n.ts";

export type { LabelKey };

/** The label `key` in the language of `locale` (else English), `{{name}}` filled from `values`. */
export function label(
  locale: string | undefined,
  key: LabelKey,
  values: Record<string, string | number> = {},
  realm?: RealmWording,
): string {
  return translatorFor(locale, realm)(key, values);
}

/** Whether `key` names a label (config files name labels, e.g. a field's error message). */
export function isLabelKey(key: string): key is LabelKey {
  return key in en;
}
