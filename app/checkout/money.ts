import { createCache } from "../../contract/lru-cache.ts";
import type { Period } from "../../contract/generated/gift.ts";

const formats = createCache<string, Intl.NumberFormat>({ max: 100 });

/**
 * An amount in minor units as the viewer's locale writes money: 999 at scale 2 in EUR is
 * "€9.99" in English and "9,99 €" in Portuguese. The amount goes to Intl as a decimal string
 * (`999E-2`), so no float ever stands for money.
 */
export function formatMoney(
  locale: string | undefined,
  money: { amount: number; scale: number; currency: string },
): string {
  const format = formats.getOrLoad(
    `${locale ?? ""}|${money.currency}`,
    () => new Intl.NumberFormat(locale, { style: "currency", currency: money.currency }),
  );
  // Intl.NumberFormat reads a string as an exact decimal; the type still says number.
  return format.format(`${money.amount}E-${money.scale}` as unknown as number);
}

/** A calendar date (`YYYY-MM-DD`) as the trial message writes it (spec section 4: DD/MM/YYYY). */
export function trialDate(isoDate: string): string {
  const [year, month, day] = isoDate.split("-");
  return `${day}/${month}/${year}`;
}

/** Label of "{{amount}} a month" and its kin, by a period (none: a price paid once). */
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
