import { ERROR_LABELS } from "../../contract/errors.ts";
import type { GiftItem } from "../../contract/generated/gift.ts";
import { CREDENTIAL_MESSAGES, EMAIL_PATTERN } from "../../contract/signup-fields.ts";

/** What the gift form holds, as typed: kept whole across a refused submit and a sign-in. */
export interface GiftFormValues {
  item: string;
  periods: string;
  email: string;
  note: string;
}

/** The longest note a gift carries (the contract's limit). */
export const GIFT_NOTE_MAX = 500;

/** The gift form's values from a post or from the URL it was left at. */
export function readGiftForm(source: { get(name: string): unknown }): GiftFormValues {
  const text = (name: string, max: number) => {
    const value = source.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  return {
    item: text("item", 60),
    periods: text("periods", 4) || "1",
    email: text("email", 254),
    note: text("note", GIFT_NOTE_MAX + 100),
  };
}

/** Label keys of the form's problems by field, in form order (the first one leads the alert). */
export function giftFormProblems(
  values: GiftFormValues,
  items: readonly GiftItem[],
): Partial<Record<keyof GiftFormValues, string>> {
  const problems: Partial<Record<keyof GiftFormValues, string>> = {};
  const item = items.find((i) => i.externalId === values.item);
  if (!item) problems.item = "requiredField";
  const range = item?.options.numberOfPeriods ?? { min: 1, max: 12 };
  const periods = Number(values.periods);
  if (!/^\d{1,3}$/.test(values.periods.trim()) || periods < range.min || periods > range.max) {
    problems.periods = "giftPeriodsInvalid";
  }
  const email = values.email.trim();
  if (!email) problems.email = CREDENTIAL_MESSAGES.email.empty;
  else if (!EMAIL_PATTERN.test(email)) problems.email = CREDENTIAL_MESSAGES.email.invalid;
  if ([...values.note].length > GIFT_NOTE_MAX) problems.note = "giftNoteTooLong";
  return problems;
}

/** A code as typed, upper-cased without spaces or dashes; empty when it cannot be one. */
export function readGiftCode(typed: string): string {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  return /^[A-Z0-9]{1,40}$/.test(code) ? code : "";
}

/** The message of a code the platform turned down. */
export function giftCodeProblem(code: string): string {
  switch (code) {
    case "GIFT_CODE_UNKNOWN":
    case "GIFT_CODE_USED":
    case "GIFT_CODE_EXPIRED":
    case "TOO_MANY_ATTEMPTS":
      return ERROR_LABELS[code];
    default:
      return "errorOccurredPleaseTryAgain";
  }
}
