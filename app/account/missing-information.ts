import type { MissingInformation } from "../../contract/generated/missing-information.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import type { UserDetails } from "../../contract/generated/user-details.ts";
import { fieldProblem, normalPhoneNumber, type SignupField } from "../../contract/signup-fields.ts";

export type DetailField = MissingInformation["missingFields"][number];

/** A field of the missing-information form: the realm's form field, required when missing. */
export interface DetailFormField {
  id: DetailField;
  type: string;
  required: boolean;
  regex?: string;
  /** Label keys: value does not match, required value empty. */
  error: string;
  empty: string;
}

const DETAIL_IDS: readonly DetailField[] = ["fullName", "phoneNumber", "birthDate", "taxNumber"];

/** What a value that does not fit says when the realm's field names no message of its own. */
const INVALID: Record<DetailField, string> = {
  fullName: "invalidFullName",
  phoneNumber: "invalidPhoneNumber",
  birthDate: "invalidBirthDate",
  taxNumber: "invalidTaxNumber",
};

const valueOf = (details: UserDetails, id: DetailField) =>
  id === "fullName" ? details.name.fullName : details[id];

/**
 * The form of spec section 4's missing-information modal: the details the platform reports
 * missing (required), then the realm's optional detail fields the account has left empty, in
 * the realm's form order.
 */
export function missingInformationForm(
  settings: Pick<RealmSettings, "authenticationProviders">,
  missing: readonly string[],
  details: UserDetails,
): DetailFormField[] {
  const seen = new Set<string>();
  const fields = (settings.authenticationProviders ?? [])
    .flatMap((p) => p.fields ?? [])
    .filter((f) => DETAIL_IDS.includes(f.id as DetailField) && !seen.has(f.id) && seen.add(f.id))
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const form: DetailFormField[] = [];
  for (const field of fields) {
    const id = field.id as DetailField;
    const required = missing.includes(id);
    if (!required && (field.required || valueOf(details, id))) continue;
    form.push({
      id,
      type: field.type,
      required,
      ...(field.regex ? { regex: field.regex } : {}),
      error: field.error ?? INVALID[id],
      empty: field.empty ?? "requiredField",
    });
  }
  // A required detail the realm's form does not describe is still asked for, as plain text.
  for (const id of missing as DetailField[]) {
    if (DETAIL_IDS.includes(id) && !form.some((f) => f.id === id)) {
      form.push({ id, type: "text", required: true, error: INVALID[id], empty: "requiredField" });
    }
  }
  return form;
}

/**
 * Spaces, dashes, dots and brackets only group a phone number's digits: they are dropped before
 * checking and sending.
 */
export function normalise(id: DetailField, value: string): string {
  return id === "phoneNumber" ? normalPhoneNumber(value) : value.trim();
}

/** The label key of what is wrong with `value` (spec section 5), or null when it is fine. */
export function detailProblem(field: DetailFormField, value: string | undefined): string | null {
  const asSignupField: SignupField = {
    id: field.id,
    type: field.type === "tel" ? "tel" : "text",
    required: field.required,
    regex: field.regex,
    error: field.error,
    empty: field.empty,
  };
  return fieldProblem(asSignupField, normalise(field.id, value ?? ""));
}

/** Problems of the whole form, by field id. */
export function detailProblems(
  fields: DetailFormField[],
  values: Record<string, string | undefined>,
): Partial<Record<DetailField, string>> {
  const problems: Partial<Record<DetailField, string>> = {};
  for (const field of fields) {
    const problem = detailProblem(field, values[field.id]);
    if (problem) problems[field.id] = problem;
  }
  return problems;
}

/** The PUT /user/profile body: only fields with a value (an empty optional one is not sent). */
export function detailsPayload(
  fields: DetailFormField[],
  values: Record<string, string | undefined>,
): { name?: { fullName: string }; phoneNumber?: string; birthDate?: string; taxNumber?: string } {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = normalise(field.id, values[field.id] ?? "");
    if (value === "") continue;
    if (field.id === "fullName") body.name = { fullName: value };
    else body[field.id] = value;
  }
  return body;
}
