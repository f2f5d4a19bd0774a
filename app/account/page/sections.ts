import type { LabelKey } from "../../../contract/labels.ts";

/** The account page's sections, in tab order (spec section 2: `?section=`). */
export const ACCOUNT_SECTIONS = [
  "subscriptions",
  "accountdetails",
  "paymentdetails",
  "preferences",
  "accountsecurity",
] as const;

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

export const SECTION_LABELS: Record<AccountSection, LabelKey> = {
  subscriptions: "accountSectionSubscriptions",
  accountdetails: "accountSectionDetails",
  paymentdetails: "accountSectionPayment",
  preferences: "preferencesTitle",
  accountsecurity: "accountSectionSecurity",
};

/** The section a query names; none, or one this page does not have, opens the first. */
export function sectionOf(query: URLSearchParams): AccountSection {
  const asked = query.get("section");
  return (ACCOUNT_SECTIONS as readonly string[]).includes(asked ?? "")
    ? (asked as AccountSection)
    : "subscriptions";
}
