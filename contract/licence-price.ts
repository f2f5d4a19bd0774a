import type { Licence, LicenceAmount } from "../schemas/generated/licence.ts";

/**
 * The price of a licence for a viewer in `country`: the one for that country, else the one
 * marked default, else the first. The basket charges by this rule, and every list that shows a
 * price before the basket is priced uses it too, so what is offered is what is charged.
 */
export function licenceAmount(licence: Licence, country: string | undefined): LicenceAmount {
  return (
    (country && licence.amounts.find((a) => a.country === country)) ||
    licence.amounts.find((a) => a.default) ||
    licence.amounts[0]!
  );
}

/** A country code (ISO 3166-1 alpha-2) as an edge header or a form gives it, else unknown. */
export function countryCode(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) ? code : undefined;
}
