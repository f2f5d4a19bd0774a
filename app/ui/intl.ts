import { createCache } from "../../contract/lru-cache.ts";

/**
 * Intl formatters, built once per locale and options. Building one costs far more than
 * formatting with it (tens of microseconds, for every date on a page of cards), and a built
 * formatter is immutable, so renders share them.
 */
// Locales and options come from a short list in code; the bound only guards against surprises.
const MAX_FORMATTERS = 200;
const dateFormats = createCache<string, Intl.DateTimeFormat>({ max: MAX_FORMATTERS });
const listFormats = createCache<string, Intl.ListFormat>({ max: MAX_FORMATTERS });
const regionNames = createCache<string, Intl.DisplayNames>({ max: MAX_FORMATTERS });

export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return dateFormats.getOrLoad(
    `${locale ?? ""}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function listFormat(locale: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return listFormats.getOrLoad(
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.ListFormat(locale, options),
  );
}

/** Country names (ISO 3166 codes) in the viewer's language. */
export function regionName(locale: string | undefined, code: string): string {
  const names = regionNames.getOrLoad(
    locale ?? "",
    () => new Intl.DisplayNames(locale ? [locale] : [], { type: "region" }),
  );
  return names.of(code) ?? code;
}
