import type { Licence } from "../../schemas/generated/licence.ts";
import type { VoucherRule } from "../../schemas/generated/voucher-rule.ts";
import { sameUnit, share, type Money } from "./money.ts";

/** Why a voucher cannot be used for a licence now; the checkout shows one message for all. */
export type VoucherRefusal =
  | "NOT_YET_VALID"
  | "EXPIRED"
  | "NOT_FOR_THIS_LICENCE"
  | "NOT_FOR_THIS_CURRENCY"
  | "NOT_FOR_THIS_KIND";

/**
 * Whether `rule` applies to `licence` priced in `price`'s unit at `now`: its dates, its
 * licences, its currency (an amount off is in one), and free periods only for subscriptions.
 * Redemption limits are the store's to check, atomically, when the voucher is used.
 */
export function voucherRefusal(
  rule: VoucherRule,
  licence: Pick<Licence, "id" | "kind">,
  price: Omit<Money, "amount">,
  now: Date,
): VoucherRefusal | null {
  if (rule.validFrom && now < new Date(rule.validFrom)) return "NOT_YET_VALID";
  if (rule.validUntil && now >= new Date(rule.validUntil)) return "EXPIRED";
  if (rule.licences && !rule.licences.includes(licence.id)) return "NOT_FOR_THIS_LICENCE";
  const { benefit } = rule;
  if (benefit.kind === "FIXED_AMOUNT" && !sameUnit(benefit, price)) return "NOT_FOR_THIS_CURRENCY";
  if (benefit.kind === "FREE_PERIODS" && licence.kind !== "SUBSCRIPTION")
    return "NOT_FOR_THIS_KIND";
  return null;
}

export interface VoucherEffect {
  /** Minor units off the catalogue price of the first charge (before tax is worked out). */
  off: number;
  /** Periods of the subscription given free: the first charge moves this many periods on. */
  freePeriods: number;
}

/**
 * What an applicable voucher does to a catalogue price: a share of it (rounded half up), an
 * amount off (never more than the price), or periods free (nothing off the price; the charge
 * moves).
 */
export function voucherEffect(rule: VoucherRule, price: number): VoucherEffect {
  const { benefit } = rule;
  switch (benefit.kind) {
    case "PERCENTAGE":
      return { off: share(price, benefit.basisPoints), freePeriods: 0 };
    case "FIXED_AMOUNT":
      return { off: Math.min(benefit.amount, price), freePeriods: 0 };
    case "FREE_PERIODS":
      return { off: 0, freePeriods: benefit.periods };
  }
}

/** Codes are typed by people: compared without case or surrounding spaces. */
export function normaliseVoucherCode(code: string): string {
  return code.trim().toUpperCase();
}
