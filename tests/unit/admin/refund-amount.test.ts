import { describe, expect, it } from "vitest";
import { minorUnits, typedAmount } from "../../../app/admin/refund-amount.ts";

describe("a refund amount as an admin types it", () => {
  it("reads a decimal point or comma into minor units of the order's scale", () => {
    expect(minorUnits("12.50", 2)).toBe(1250);
    expect(minorUnits("12,5", 2)).toBe(1250);
    expect(minorUnits(" 7 ", 2)).toBe(700);
    expect(minorUnits("0.01", 2)).toBe(1);
    expect(minorUnits("1500", 0)).toBe(1500);
    // 0.1 + 0.2 in floats is 0.30000000000000004: digits are never read as a float.
    expect(minorUnits("0.3", 2)).toBe(30);
  });

  it("refuses nothing, zero, a negative, more decimals than the currency has, and words", () => {
    for (const typed of ["", "0", "0.00", "-5", "1.234", "1e3", "12.", "abc", "1,000.00"]) {
      expect(minorUnits(typed, 2), typed).toBeNull();
    }
    expect(minorUnits("1.5", 0)).toBeNull();
  });

  it("writes minor units back as the amount the form starts with", () => {
    expect(typedAmount(999, 2)).toBe("9.99");
    expect(typedAmount(5, 2)).toBe("0.05");
    expect(typedAmount(1500, 0)).toBe("1500");
    expect(minorUnits(typedAmount(123456, 3), 3)).toBe(123456);
  });
});
