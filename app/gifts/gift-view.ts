import type { Period } from "../../contract/generated/gift.ts";

/** Label of "{{amount}} a month" and its kin, by a gift's period. */
export function pricePeriodLabelOf(period: Period | undefined): string {
  switch (period) {
    case "DAILY":
      return "pricePerDay";
    case "MONTHLY":
      return "pricePerMonth";
    case "ANNUAL":
      return "pricePerYear";
    default:
      return "priceOnce";
  }
}
