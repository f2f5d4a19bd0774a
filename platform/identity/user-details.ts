import type { MissingInformation } from "../../contract/generated/missing-information.ts";
import type { UserRow } from "./sessions.ts";

export type DetailField = MissingInformation["missingFields"][number];

/** The account details a realm can ask for in its authentication provider's form. */
export const DETAIL_FIELDS: readonly DetailField[] = [
  "fullName",
  "phoneNumber",
  "birthDate",
  "taxNumber",
];

/** What the realm's form says of a detail field (spec section 3, signup form field). */
export interface DetailRule {
  id: DetailField;
  required: boolean;
  regex?: string;
  /** Label keys: pattern not matched, required value empty. */
  error?: string;
  empty?: string;
  order: number;
}

interface ProviderField {
  id?: string;
  required?: boolean;
  regex?: string;
  error?: string;
  empty?: string;
  order?: number;
}

/**
 * The detail fields of the realm's authentication providers, in form order. A field named by
 * several providers takes the strictest reading: required if any requires it.
 */
export function detailRules(settings: Record<string, unknown>): DetailRule[] {
  const providers = (settings.authenticationProviders ?? []) as { fields?: ProviderField[] }[];
  const rules = new Map<DetailField, DetailRule>();
  for (const field of providers.flatMap((p) => p.fields ?? [])) {
    if (!DETAIL_FIELDS.includes(field.id as DetailField)) continue;
    const id = field.id as DetailField;
    const known = rules.get(id);
    rules.set(id, {
      id,
      required: (known?.required ?? false) || field.required === true,
      regex: known?.regex ?? field.regex,
      error: known?.error ?? field.error,
      empty: known?.empty ?? field.empty,
      order: known?.order ?? field.order ?? 100,
    });
  }
  return [...rules.values()].sort((a, b) => a.order - b.order);
}

export function detailValue(user: UserRow, field: DetailField): string | null {
  return user[field];
}

/** Required details of the realm that the account has no value for, in form order. */
export function missingFields(user: UserRow, rules: DetailRule[]): DetailField[] {
  return rules.filter((r) => r.required && !detailValue(user, r.id)?.trim()).map((r) => r.id);
}

/** A realm's pattern; one that does not compile matches nothing rather than everything. */
export function patternOf(regex: string | undefined): RegExp | null {
  if (regex === undefined) return null;
  try {
    return new RegExp(regex);
  } catch {
    return /(?!)/;
  }
}
