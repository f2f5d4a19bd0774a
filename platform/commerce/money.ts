/**
 * Money as the platform keeps it: integers in a currency's minor units at a scale (1499 at
 * scale 2 is 14.99), never floats. Rates are integers too, in basis points (hundredths of a
 * percent: 2300 is 23 %). Every division rounds half up, once per line; the rule is pinned by
 * tests/unit/commerce/money.test.ts.
 */

/** A whole number of minor units in one currency at one scale. */
export interface Money {
  amount: number;
  scale: number;
  currency: string;
}

export const BASIS_POINTS = 10_000;

/** `numerator / denominator` rounded half up, for non-negative integers. */
export function divideRoundingHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError(`not a safe integer: ${numerator} / ${denominator}`);
  }
  if (numerator < 0 || denominator <= 0) {
    throw new RangeError(`rounding needs a non-negative numerator and a positive denominator`);
  }
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** `amount × basisPoints / 10,000`, rounded half up. */
export function share(amount: number, basisPoints: number): number {
  return divideRoundingHalfUp(amount * basisPoints, BASIS_POINTS);
}

/** Whether two amounts can be added or compared: the same currency at the same scale. */
export function sameUnit(a: Omit<Money, "amount">, b: Omit<Money, "amount">): boolean {
  return a.currency === b.currency && a.scale === b.scale;
}

export interface TaxedLine {
  /** What the line charges, tax included. */
  gross: number;
  /** The tax in it. */
  tax: number;
  /** The line without tax. */
  net: number;
}

/**
 * The tax of one line at `basisPoints`. With inclusive prices the price is the gross and the
 * tax is the part of it the rate makes (price × rate / (1 + rate)); otherwise the price is the
 * net and the tax is added (price × rate). Either way rounded half up, once, on this line.
 */
export function taxLine(price: number, basisPoints: number, inclusive: boolean): TaxedLine {
  if (inclusive) {
    const tax = divideRoundingHalfUp(price * basisPoints, BASIS_POINTS + basisPoints);
    return { gross: price, tax, net: price - tax };
  }
  const tax = share(price, basisPoints);
  return { gross: price + tax, tax, net: price };
}

/** An amount as a decimal string of its units ("14.99" for 1499 at scale 2), for display and logs. */
export function decimalString({ amount, scale }: Pick<Money, "amount" | "scale">): string {
  const digits = String(Math.abs(amount)).padStart(scale + 1, "0");
  const whole = scale === 0 ? digits : digits.slice(0, -scale);
  const fraction = scale === 0 ? "" : `.${digits.slice(-scale)}`;
  return `${amount < 0 ? "-" : ""}${whole}${fraction}`;
}
