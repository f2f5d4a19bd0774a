import type { LocalizedText } from "./generated/localized-text.ts";

export type { LocalizedText };

/** The languages a text is read in: the viewer's, then the realm's default. */
export interface TextLanguage {
  locale: string;
  defaultLocale: string;
}

type Defined<T> = Exclude<T, undefined>;
type IsLocalizedText<T> = [Defined<T>] extends [LocalizedText]
  ? [LocalizedText] extends [Defined<T>]
    ? true
    : false
  : false;

/**
 * A config document as viewers read it: every LocalizedText in it resolved to one string. Its
 * shape follows the generated type, so a schema change reaches the rendered types too.
 */
export type Localized<T> =
  IsLocalizedText<T> extends true
    ? string | Extract<T, undefined>
    : T extends readonly (infer Item)[]
      ? Localized<Item>[]
      : T extends object
        ? { [K in keyof T]: Localized<T[K]> }
        : T;

/**
 * The text in the viewer's language; else in the realm's default language (a plain string is
 * in it); else in any language the text has, so a viewer never sees a blank.
 */
export function textIn(text: LocalizedText, language: TextLanguage): string {
  if (typeof text === "string") return text;
  const given = (locale: string) => {
    const value = text[locale];
    return typeof value === "string" && value !== "" ? value : undefined;
  };
  return (
    given(language.locale) ??
    given(language.defaultLocale) ??
    Object.values(text).find((value): value is string => typeof value === "string") ??
    ""
  );
}

/** The languages a text given per language lacks, of `languages`; none for a plain string. */
export function missingLanguages(text: LocalizedText, languages: readonly string[]): string[] {
  if (typeof text === "string") return [];
  return languages.filter((language) => typeof text[language] !== "string");
}

/** The language keys of a text that are not among `languages`. */
export function unknownLanguages(text: LocalizedText, languages: readonly string[]): string[] {
  if (typeof text === "string") return [];
  return Object.keys(text).filter((key) => !languages.includes(key));
}
