import type { LabelKey } from "../../../contract/labels.ts";

/** The account page's sections, in tab order (spec section 2: `?section=`). */
export const ACCOUNT_SECTIONS = [
  "subscriptions",
  "accountdetails",
  "paymentdetails",
  "preferences",
  "accountsecurity",
  "partitions",
] as const;

export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];

export const SECTION_LABELS: Record<AccountSection, LabelKey> = {
  subscriptions: "accountSectionSubscriptions",
  accountdetails: "accountSectionDetails",
  paymentdetails: "accountSectionPayment",
  preferences: "preferencesTitle",
  accountsecurity: "accountSectionSecurity",
  partitions: "accountSectionPartitions",
};

/** The sections of a realm's account page: `partitions` only where the realm is partitioned. */
export function sectionsOf(partitioned: boolean): AccountSection[] {
  return ACCOUNT_SECTIONS.filter((s) => partitioned || s !== "partitions");
}

/** The section a query names; none, or one this page does not have, opens the first. */
export function sectionOf(query: URLSearchParams, partitioned = false): AccountSection {
  const asked = query.get("section");
  return (sectionsOf(partitioned) as readonly string[]).includes(asked ?? "")
    ? (asked as AccountSection)
    : "subscriptions";
}
