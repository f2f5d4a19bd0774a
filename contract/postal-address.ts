import type { LabelKey } from "./labels.ts";

/**
 * Spec section 5: a billing address's postal code holds printable ASCII only (space to tilde),
 * and is required where a country asks for one.
 */
export function postalCodeProblem(value: string | undefined | null): LabelKey | undefined {
  if (value === undefined || value === null || value.trim() === "") return "requiredField";
  if (!/^[\x20-\x7e]{1,20}$/.test(value)) return "billingAddressPostalCodeMustBePrintableAscii";
  return undefined;
}

/** ZZ is ISO 3166's "unknown or unspecified country": never the country of a real address. */
export const UNKNOWN_COUNTRY = "ZZ";

/** A country code as addresses store it: two letters, upper case; undefined when it is none. */
export function countryCodeOf(value: string | undefined | null): string | undefined {
  const code = (value ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== UNKNOWN_COUNTRY ? code : undefined;
}
