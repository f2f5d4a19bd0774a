import type { RealmSettings } from "../schemas/generated/realm-settings.ts";

export type AuthenticationProvider = NonNullable<RealmSettings["authenticationProviders"]>[number];
export type SignupField = NonNullable<AuthenticationProvider["fields"]>[number];

/** Spec section 5: an address shape any mail server would take, without chasing RFC 5322. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_LENGTH = { min: 6, max: 24 } as const;

/** The "no country" entry some provider lists carry; never offered (spec section 3). */
const NO_COUNTRY = "ZZ";

/** Label keys of spec section 5 for the two fields every provider has. */
export const CREDENTIAL_MESSAGES = {
  email: { empty: "pleaseProvideYourEmail", invalid: "pleaseProvideValidEmail" },
  password: { empty: "pleaseProvideYourPassword", invalid: "yourPasswordRules" },
} as const;

/** The provider viewers sign up with: the realm's first one that has a form. */
export function signupProvider(settings: Pick<RealmSettings, "authenticationProviders">) {
  return settings.authenticationProviders?.find((provider) => provider.fields?.length) ?? null;
}

/** A provider's fields in form order. */
export function orderedFields(provider: AuthenticationProvider | null): SignupField[] {
  return [...(provider?.fields ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
}

/** Countries an address field offers, without the ZZ entry. */
export function allowedCountries(field: SignupField): string[] {
  return (field.addressCountryRestriction ?? []).filter((code) => code !== NO_COUNTRY);
}

/** What groups a phone number's digits for reading: spaces, dashes, dots and brackets. */
const PHONE_GROUPING = /[\s\-.()[\]]/g;

/** A phone number as stored and checked: "+55 (11) 91234-5678" is "+5511912345678". */
export function normalPhoneNumber(value: string): string {
  return value.replace(PHONE_GROUPING, "");
}

/** Whether a field holds a phone number (its type, or the account's phone number field). */
function isPhoneField(field: Pick<SignupField, "id" | "type">): boolean {
  return field.type === "tel" || field.id === "phoneNumber";
}

/**
 * A field's value as it is checked and sent: phone numbers without what groups their digits,
 * everything else as typed.
 */
export function normalFieldValue(field: Pick<SignupField, "id" | "type">, value: string): string {
  return isPhoneField(field) ? normalPhoneNumber(value) : value;
}

/**
 * The label key of what is wrong with `value` for `field`, or null when it is fine. The same
 * rules run in the browser, in the web app's action and on the platform.
 */
export function fieldProblem(field: SignupField, value: string | undefined): string | null {
  const text = normalFieldValue(field, value ?? "").trim();
  const known = CREDENTIAL_MESSAGES[field.id as keyof typeof CREDENTIAL_MESSAGES];
  if (text === "") {
    return field.required ? (field.empty ?? known?.empty ?? "requiredField") : null;
  }
  const invalid = field.error ?? known?.invalid ?? "requiredField";
  if (field.type === "email" && !EMAIL_PATTERN.test(text)) return invalid;
  if (field.type === "password") {
    const length = [...(value ?? "")].length;
    if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) return invalid;
  }
  if (field.type === "country") {
    const allowed = allowedCountries(field);
    if (allowed.length > 0 && !allowed.includes(text)) return invalid;
  }
  if (field.regex && !safeRegex(field.regex).test(text)) return invalid;
  return null;
}

/** Problems of a whole form, by field id, in form order. */
export function formProblems(
  provider: AuthenticationProvider | null,
  values: Record<string, string | undefined>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of orderedFields(provider)) {
    const problem = fieldProblem(field, values[field.id]);
    if (problem) problems[field.id] = problem;
  }
  return problems;
}

const compiled = new Map<string, RegExp>();

/** A realm's pattern, compiled once; one that does not compile matches nothing rather than throwing. */
function safeRegex(source: string): RegExp {
  let regex = compiled.get(source);
  if (!regex) {
    try {
      regex = new RegExp(source, "u");
    } catch {
      regex = /(?!)/;
    }
    compiled.set(source, regex);
  }
  return regex;
}
