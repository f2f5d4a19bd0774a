import { describe, expect, it } from "vitest";
import type { Licence } from "../../../schemas/generated/licence.ts";
import type { VoucherRule } from "../../../schemas/generated/voucher-rule.ts";
import { licenceAmount } from "../../../contract/licence-price.ts";
import {
  BasketError,
  priceBasket,
  taxRate,
  type TaxRules,
} from "../../../platform/commerce/basket.ts";
import {
  decimalString,
  divideRoundingHalfUp,
  share,
  taxLine,
} from "../../../platform/commerce/money.ts";
import { addMonths, firstCharge, periodStart } from "../../../platform/commerce/periods.ts";
import { voucherEffect, voucherRefusal } from "../../../platform/commerce/vouchers.ts";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

describe("rounding: half up, on integers", () => {
  it.each([
    [5, 2, 3], // 2.5 → 3
    [7, 2, 4], // 3.5 → 4
    [4, 3, 1], // 1.33 → 1
    [5, 3, 2], // 1.67 → 2
    [0, 7, 0],
    [14_990_000, 10_000, 1_499],
  ])("%i / %i → %i", (numerator, denominator, expected) => {
    expect(divideRoundingHalfUp(numerator, denominator)).toBe(expected);
  });

  it("refuses what integer money never is", () => {
    expect(() => divideRoundingHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideRoundingHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideRoundingHalfUp(1, 0)).toThrow(RangeError);
  });

  it("takes shares in basis points", () => {
    expect(share(999, 2500)).toBe(250); // 249.75
    expect(share(999, 5000)).toBe(500); // 499.5: half goes up
    expect(share(1, 4999)).toBe(0);
    expect(share(1, 5000)).toBe(1);
  });

  it("writes amounts as decimals of their scale", () => {
    expect(decimalString({ amount: 1499, scale: 2 })).toBe("14.99");
    expect(decimalString({ amount: 5, scale: 2 })).toBe("0.05");
    expect(decimalString({ amount: 1500, scale: 0 })).toBe("1500");
    expect(decimalString({ amount: 12345, scale: 3 })).toBe("12.345");
  });
});

describe("tax on one line", () => {
  it("inclusive: the tax is the part of the price the rate makes, rounded half up", () => {
    // 9.99 at 23 %: 999 × 2300 / 12300 = 186.80 → 187
    expect(taxLine(999, 2300, true)).toEqual({ gross: 999, tax: 187, net: 812 });
    // 12.30 at 23 %: exactly 2.30
    expect(taxLine(1230, 2300, true)).toEqual({ gross: 1230, tax: 230, net: 1000 });
    // 1.00 at 6 %: 5.66 → 6
    expect(taxLine(100, 600, true)).toEqual({ gross: 100, tax: 6, net: 94 });
  });

  it("exclusive: the tax is added to the price, rounded half up", () => {
    // 9.99 at 21 %: 209.79 → 210
    expect(taxLine(999, 2100, false)).toEqual({ gross: 1209, tax: 210, net: 999 });
    // 0.50 at 5 %: 2.5 → 3
    expect(taxLine(50, 500, false)).toEqual({ gross: 53, tax: 3, net: 50 });
  });

  it("no rate, no tax", () => {
    expect(taxLine(999, 0, true)).toEqual({ gross: 999, tax: 0, net: 999 });
    expect(taxLine(999, 0, false)).toEqual({ gross: 999, tax: 0, net: 999 });
  });
});

describe("periods and trials", () => {
  it("a month on from the 31st is the month's last day, and the 31st comes back", () => {
    const anchor = day("2027-01-31");
    expect([0, 1, 2, 3, 4].map((n) => iso(periodStart(anchor, "MONTHLY", n)))).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
  });

  it("February has 29 days in a leap year", () => {
    expect(iso(addMonths(day("2028-01-30"), 1))).toBe("2028-02-29");
    expect(iso(addMonths(day("2027-12-31"), 2))).toBe("2028-02-29");
  });

  it("a year on from 29 February is 28 February, and 29 February again in four years", () => {
    const anchor = day("2028-02-29");
    expect([1, 2, 4].map((n) => iso(periodStart(anchor, "ANNUAL", n)))).toEqual([
      "2029-02-28",
      "2030-02-28",
      "2032-02-29",
    ]);
  });

  it("days count across months and years", () => {
    expect(iso(periodStart(day("2026-12-30"), "DAILY", 3))).toBe("2027-01-02");
  });

  it("a trial of N days charges on day N, counted from the day of purchase", () => {
    const late = new Date("2027-02-20T23:59:00Z");
    expect(iso(firstCharge({ trialDays: 14 }, late, { trialUsed: false }).chargeDate)).toBe(
      "2027-03-06",
    );
    expect(iso(firstCharge({ trialDays: 14 }, late, { trialUsed: true }).chargeDate)).toBe(
      "2027-02-20",
    );
    // Into a leap February.
    expect(
      iso(firstCharge({ trialDays: 7 }, day("2028-02-25"), { trialUsed: false }).chargeDate),
    ).toBe("2028-03-03");
  });
});

const MONTHLY: Licence = {
  id: "MONTHLY",
  name: "Monthly pass",
  description: "Every event, every month",
  kind: "SUBSCRIPTION",
  purchaseStrategy: { subscriptionPeriod: "MONTHLY" },
  amounts: [
    { amount: 999, scale: 2, currency: "EUR", local: false, default: true },
    { amount: 1099, scale: 2, currency: "GBP", local: true, default: false, country: "GB" },
  ],
};
const TRIAL: Licence = { ...MONTHLY, id: "MONTHLY_TRIAL", trialDays: 7 };
const PPV: Licence = {
  id: "AFC_212",
  name: "AFC 212",
  kind: "PAY_PER_VIEW",
  grants: ["AFC_212"],
  amounts: [{ amount: 1999, scale: 2, currency: "EUR", local: false, default: true }],
};
const TAXES: TaxRules = {
  inclusive: true,
  estimateBasisPoints: 2300,
  rates: [
    { country: "PT", basisPoints: 2300 },
    { country: "DE", basisPoints: 1900 },
  ],
};
const NOW = new Date("2027-01-31T10:00:00Z");
const rule = (benefit: VoucherRule["benefit"], more: Partial<VoucherRule> = {}): VoucherRule => ({
  code: "SAVE",
  name: "Save",
  benefit,
  ...more,
});

describe("vouchers", () => {
  it("take a share, an amount no larger than the price, or periods", () => {
    expect(voucherEffect(rule({ kind: "PERCENTAGE", basisPoints: 2500 }), 999)).toEqual({
      off: 250,
      freePeriods: 0,
    });
    expect(voucherEffect(rule({ kind: "PERCENTAGE", basisPoints: 10000 }), 999)).toEqual({
      off: 999,
      freePeriods: 0,
    });
    expect(
      voucherEffect(rule({ kind: "FIXED_AMOUNT", amount: 500, scale: 2, currency: "EUR" }), 999),
    ).toEqual({ off: 500, freePeriods: 0 });
    expect(
      voucherEffect(rule({ kind: "FIXED_AMOUNT", amount: 5000, scale: 2, currency: "EUR" }), 999),
    ).toEqual({ off: 999, freePeriods: 0 });
    expect(voucherEffect(rule({ kind: "FREE_PERIODS", periods: 2 }), 999)).toEqual({
      off: 0,
      freePeriods: 2,
    });
  });

  it("apply within their dates, to their licences, in their currency, free periods to subscriptions", () => {
    const eur = { scale: 2, currency: "EUR" };
    const percent = { kind: "PERCENTAGE", basisPoints: 1000 } as const;
    const refuse = (r: VoucherRule, licence: Licence = MONTHLY, unit = eur) =>
      voucherRefusal(r, licence, unit, NOW);
    expect(refuse(rule(percent))).toBeNull();
    expect(refuse(rule(percent, { validFrom: "2027-02-01T00:00:00Z" }))).toBe("NOT_YET_VALID");
    expect(refuse(rule(percent, { validUntil: "2027-01-31T10:00:00Z" }))).toBe("EXPIRED");
    expect(refuse(rule(percent, { validUntil: "2027-01-31T10:00:01Z" }))).toBeNull();
    expect(refuse(rule(percent, { licences: ["ANNUAL"] }))).toBe("NOT_FOR_THIS_LICENCE");
    expect(refuse(rule({ kind: "FIXED_AMOUNT", amount: 100, scale: 2, currency: "GBP" }))).toBe(
      "NOT_FOR_THIS_CURRENCY",
    );
    expect(refuse(rule({ kind: "FREE_PERIODS", periods: 1 }), PPV)).toBe("NOT_FOR_THIS_KIND");
  });
});

describe("the basket", () => {
  const basket = (more: Partial<Parameters<typeof priceBasket>[0]> = {}) =>
    priceBasket({
      licences: [MONTHLY],
      country: "PT",
      taxes: TAXES,
      providers: [{ name: "sandbox-card", paymentProviderType: "CREDIT_CARD" }],
      now: NOW,
      ...more,
    });

  it("prices a licence for the country, taxed on its line", () => {
    expect(licenceAmount(MONTHLY, "GB").currency).toBe("GBP");
    expect(licenceAmount(MONTHLY, "FR").currency).toBe("EUR");
    expect(licenceAmount(MONTHLY, undefined).currency).toBe("EUR");
    expect(basket()).toEqual({
      basketItems: [
        {
          licenceId: "MONTHLY",
          name: "Monthly pass",
          description: "Every event, every month",
          catalogPrice: 999,
          currency: "EUR",
          scale: 2,
          tax: 187,
          total: 999,
        },
      ],
      availablePaymentProviders: [{ name: "sandbox-card", paymentProviderType: "CREDIT_CARD" }],
      currency: "EUR",
      scale: 2,
      tax: 187,
      totalDiscount: 0,
      total: 999,
      totalExcTax: 812,
      taxRateEstimated: false,
      taxInclusive: true,
    });
  });

  it("estimates the tax while the country is unknown, and charges none where there is no rate", () => {
    expect(taxRate(TAXES, undefined)).toEqual({ basisPoints: 2300, estimated: true });
    expect(basket({ country: undefined })).toMatchObject({ taxRateEstimated: true, tax: 187 });
    expect(basket({ country: "US" })).toMatchObject({
      taxRateEstimated: false,
      tax: 0,
      total: 999,
    });
  });

  it("adds tax to prices where the realm's prices exclude it", () => {
    const b = basket({ taxes: { ...TAXES, inclusive: false }, country: "DE" });
    // 9.99 + 19 % = 9.99 + 1.898 → 1.90
    expect(b).toMatchObject({ tax: 190, total: 1189, totalExcTax: 999, taxInclusive: false });
  });

  it("takes a percentage off before tax, and says what it took off", () => {
    const b = basket({ voucher: rule({ kind: "PERCENTAGE", basisPoints: 2500 }) });
    // 9.99 - 2.50 = 7.49, of which 23 % tax 1.40
    expect(b).toMatchObject({ total: 749, tax: 140, totalDiscount: 250 });
    expect(b.voucher).toEqual({ code: "SAVE", name: "Save", description: "", discount: 250 });
    const exclusive = basket({
      taxes: { ...TAXES, inclusive: false },
      voucher: rule({ kind: "PERCENTAGE", basisPoints: 2500 }),
    });
    // 7.49 + 1.7227 → 1.72 = 9.21; without the voucher 12.29: 3.08 off, tax included
    expect(exclusive).toMatchObject({ total: 921, tax: 172, totalDiscount: 308 });
  });

  it("a voucher of everything leaves nothing to pay, for the zero-balance provider alone", () => {
    const b = basket({
      licences: [PPV],
      voucher: rule({ kind: "PERCENTAGE", basisPoints: 10000 }),
    });
    expect(b).toMatchObject({ total: 0, tax: 0, totalDiscount: 1999 });
    expect(b.availablePaymentProviders).toEqual([
      { name: "zero-balance", paymentProviderType: "ZERO_BALANCE" },
    ]);
  });

  it("a trial charges nothing now and names the day and amount of the first charge", () => {
    const b = basket({ licences: [TRIAL] });
    expect(b).toMatchObject({ total: 0, tax: 0, totalDiscount: 0 });
    expect(b.firstCharge).toEqual({ date: "2027-02-07", total: 999, freeDays: 7 });
    // A method is still needed for that charge.
    expect(b.availablePaymentProviders.map((p) => p.paymentProviderType)).toEqual(["CREDIT_CARD"]);
    // Its discount falls on the first charge.
    const discounted = basket({
      licences: [TRIAL],
      voucher: rule({ kind: "PERCENTAGE", basisPoints: 5000 }),
    });
    // Half of 9.99 off is 4.995, and the discount is what is rounded half up: 5.00 off, 4.99 due.
    expect(discounted.firstCharge).toEqual({ date: "2027-02-07", total: 499, freeDays: 7 });
    // No second trial.
    expect(basket({ licences: [TRIAL], trialsUsed: ["MONTHLY_TRIAL"] })).toMatchObject({
      total: 999,
    });
  });

  it("free periods move the first charge on by whole periods, from the end of any trial", () => {
    const free = rule({ kind: "FREE_PERIODS", periods: 1 });
    const b = basket({ voucher: free });
    // Bought on 31 January: the first charge is a month on, on February's last day.
    expect(b.firstCharge).toEqual({ date: "2027-02-28", total: 999, freeDays: 28 });
    expect(b).toMatchObject({ total: 0, totalDiscount: 999 });
    const afterTrial = basket({ licences: [TRIAL], voucher: free });
    expect(afterTrial.firstCharge).toEqual({ date: "2027-03-07", total: 999, freeDays: 35 });
  });

  it("refuses a voucher that fits no line, and currencies that do not add up", () => {
    expect(() =>
      basket({ voucher: rule({ kind: "PERCENTAGE", basisPoints: 10 }, { licences: ["ANNUAL"] }) }),
    ).toThrow(new BasketError("VOUCHER_REFUSED", "NOT_FOR_THIS_LICENCE"));
    const gbpOnly: Licence = {
      ...PPV,
      amounts: [{ amount: 500, scale: 2, currency: "GBP", local: true, default: true }],
    };
    expect(() => basket({ licences: [MONTHLY, gbpOnly] })).toThrow(BasketError);
    expect(() => basket({ licences: [] })).toThrow(new BasketError("EMPTY"));
  });
});
