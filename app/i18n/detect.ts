/**
 * Which of a realm's languages a viewer gets (spec section 4, "Locale"): the language they chose
 * and saved, else the first their browser asks for that the realm offers, else the realm's
 * default. Shared by server and browser, so it reads no request or cookie itself.
 */

export interface LanguageInputs {
  /** The viewer's saved choice, if any. */
  saved?: string | null;
  /** The browser's Accept-Language header. */
  acceptLanguage?: string | null;
  /** The realm's languages. */
  languages: readonly string[];
  defaultLocale: string;
}

export function detectLanguage({
  saved,
  acceptLanguage,
  languages,
  defaultLocale,
}: LanguageInputs): string {
  for (const code of [saved, ...browserLanguages(acceptLanguage)]) {
    const match = code ? supportedLanguage(code, languages) : undefined;
    if (match) return match;
  }
  return defaultLocale;
}

/**
 * The realm language a code asks for: the same code, else the first with the same first part
 * (split on dash or underscore, spec section 5), so `pt_BR` gets `pt` and `es` gets `es-AR`.
 */
export function supportedLanguage(code: string, languages: readonly string[]): string | undefined {
  const tag = code.trim().replace(/_/g, "-").toLowerCase();
  const exact = languages.find((l) => l.replace(/_/g, "-").toLowerCase() === tag);
  if (exact) return exact;
  const primary = tag.split("-")[0];
  if (!primary) return undefined;
  return languages.find((l) => l.split(/[-_]/)[0]!.toLowerCase() === primary);
}

/** The languages of an Accept-Language header, most wanted first; `*` and q=0 left out. */
export function browserLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== "" && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
