/**
 * Intl formatters, built once per locale and options. Building one costs far more than
 * formatting with it (tens of microseconds, for every date on a page of cards), and a built
 * formatter is immutable, so renders share them.
 */
const MAX_FORMATTERS = 200;
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const listFormats = new Map<string, Intl.ListFormat>();
const regionNames = new Map<string, Intl.DisplayNames>();

function memo<F>(cache: Map<string, F>, key: string, build: () => F): F {
  let formatter = cache.get(key);
  if (!formatter) {
    // Locales and options come from a short list in code; the bound only guards against surprises.
    if (cache.size >= MAX_FORMATTERS) cache.clear();
    formatter = build();
    cache.set(key, formatter);
  }
  return formatter;
}

export function dateTimeFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return memo(
    dateFormats,
    `${locale ?? ""}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function listFormat(locale: string, options: Intl.ListFormatOptions): Intl.ListFormat {
  return memo(
    listFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.ListFormat(locale, options),
  );
}

/** Country names (ISO 3166 codes) in the viewer's language. */
export function regionName(locale: string | undefined, code: string): string {
  const names = memo(
    regionNames,
    locale ?? "",
    () => new Intl.DisplayNames(locale ? [locale] : [], { type: "region" }),
  );
  return names.of(code) ?? code;
}
