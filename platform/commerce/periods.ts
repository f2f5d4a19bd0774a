import type { Licence } from "../../schemas/generated/licence.ts";

export type SubscriptionPeriod = NonNullable<Licence["purchaseStrategy"]>["subscriptionPeriod"];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the day `at` falls on: subscriptions count whole days. */
export function utcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

/** `days` whole days after the day of `at`. */
export function addDays(at: Date, days: number): Date {
  return new Date(utcDay(at).getTime() + days * DAY_MS);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/**
 * `months` calendar months after the day of `anchor`, on the anchor's day of the month, or the
 * month's last day when it is shorter (31 January → 28 or 29 February). Always counted from the
 * anchor, never from the previous date, so the 31st comes back after a short month.
 */
export function addMonths(anchor: Date, months: number): Date {
  const total = anchor.getUTCMonth() + months;
  const year = anchor.getUTCFullYear() + Math.floor(total / 12);
  const month = ((total % 12) + 12) % 12;
  const day = Math.min(anchor.getUTCDate(), daysInMonth(year, month));
  return new Date(Date.UTC(year, month, day));
}

/**
 * The day a subscription's `index`-th period starts (0: the anchor itself): each charge of a
 * subscription first charged on `anchor` falls on one of these days. A year is 12 months, so
 * 29 February renews on 28 February until the next leap year.
 */
export function periodStart(anchor: Date, period: SubscriptionPeriod, index: number): Date {
  switch (period) {
    case "DAILY":
      return addDays(anchor, index);
    case "MONTHLY":
      return addMonths(anchor, index);
    case "ANNUAL":
      return addMonths(anchor, 12 * index);
  }
}

export interface FirstCharge {
  /** The day of the first charge: today, or the day after the trial's last day. */
  chargeDate: Date;
  /** Days free before it (0 without a trial). */
  trialDays: number;
}

/**
 * When a subscription bought at `now` is first charged. A trial of N days is free today and
 * the N-1 days after; the charge falls on day N. A viewer who has had this licence's trial
 * before gets none.
 */
export function firstCharge(
  licence: Pick<Licence, "trialDays">,
  now: Date,
  { trialUsed }: { trialUsed: boolean },
): FirstCharge {
  const trialDays = trialUsed ? 0 : (licence.trialDays ?? 0);
  return { chargeDate: addDays(now, trialDays), trialDays };
}
