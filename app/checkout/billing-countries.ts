import { allowedCountries, signupProvider } from "../../contract/signup-fields.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";

/** The countries a billing address may be in: the sign-up form's, else those the realm taxes. */
export function billingCountries(settings: RealmSettings): string[] {
  const field = signupProvider(settings)?.fields?.find((f) => f.type === "country");
  const restricted = field ? allowedCountries(field) : [];
  if (restricted.length > 0) return restricted;
  const taxes = (settings as { taxes?: { rates?: { country: string }[] } }).taxes;
  return (taxes?.rates ?? []).map((rate) => rate.country);
}
