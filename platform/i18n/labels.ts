import en from "../../contract/locales/en.json";
import es from "../../contract/locales/es.json";
import pt from "../../contract/locales/pt.json";
import type { LabelKey } from "../../contract/labels.ts";

/**
 * Texts the platform itself writes for people (emails, validation messages) come from the web
 * app's translation files, so every text a viewer reads is translated in one place.
 */
const LABELS: Record<string, Record<string, string>> = { en, es, pt };
const FALLBACK = "en";

export type { LabelKey };

/** The label `key` in the language of `locale` (else English), `{{name}}` filled from `values`. */
export function label(
  locale: string | undefined,
  key: LabelKey,
  values: Record<string, string | number> = {},
): string {
  const language = (locale ?? "").split(/[-_]/)[0]!.toLowerCase();
  const text = LABELS[language]?.[key] ?? LABELS[FALLBACK]![key] ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Whether `key` names a label (config files name labels, e.g. a field's error message). */
export function isLabelKey(key: string): key is LabelKey {
  return key in LABELS[FALLBACK]!;
}
