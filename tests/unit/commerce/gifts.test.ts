import { describe, expect, it } from "vitest";
import type { Licence } from "../../../schemas/generated/licence.ts";
import { priceBasket } from "../../../platform/commerce/basket.ts";
import {
  giftItems,
  GIFT_CODE_PATTERN,
  newGiftCode,
  normaliseGiftCode,
} from "../../../platform/commerce/gifts.ts";
import {
  giftCodeProblem,
  giftFormProblems,
  readGiftCode,
  readGiftForm,
} from "../../../app/gifts/gift-form.ts";

const MONTHLY: Licence = {
  id: "MONTHLY",
  name: "Monthly",
  kind: "SUBSCRIPTION",
  purchaseStrategy: { subscriptionPeriod: "MONTHLY" },
  trialDays: 7,
  grants: ["ALL_ACCESS"],
  amounts: [
    { amount: 699, scale: 2, currency: "EUR", local: false, default: true },
    { amount: 2990, scale: 2, currency: "BRL", local: true, default: false, country: "BR" },
  ],
};
const PASS: Licence = {
  id: "PASS",
  name: "Pass",
  kind: "PAY_PER_VIEW",
  amounts: [{ amount: 499, scale: 2, currency: "EUR", local: false, default: true }],
};

describe("gift codes", () => {
  it("are 16 characters without look-alikes, and never the same twice", () => {
    const codes = new Set(Array.from({ length: 2000 }, newGiftCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) expect(code).toMatch(GIFT_CODE_PATTERN);
    expect([...codes].join("")).not.toMatch(/[01IO]/);
  });

  it("are read in any case, with spaces and dashes", () => {
    expect(normaliseGiftCode("abcd-efgh jkmn-pqrs")).toBe("ABCDEFGHJKMNPQRS");
    expect(readGiftCode(" zzzz-zzzz ")).toBe("ZZZZZZZZ");
    expect(readGiftCode("<script>")).toBe("");
  });

  it("turned down, each says why in its own words", () => {
    expect(giftCodeProblem("GIFT_CODE_USED")).toBe("giftCodeUsed");
    expect(giftCodeProblem("GIFT_CODE_EXPIRED")).toBe("giftCodeExpired");
    expect(giftCodeProblem("GIFT_CODE_UNKNOWN")).toBe("giftCodeUnknown");
    expect(giftCodeProblem("SOMETHING_ELSE")).toBe("errorOccurredPleaseTryAgain");
  });
});

describe("gift items and their basket", () => {
  it("are the subscriptions, priced for the country, with a range of periods", () => {
    expect(giftItems([MONTHLY, PASS], "BR")).toEqual([
      {
        externalId: "MONTHLY",
        name: "Monthly",
        description: "",
        period: "MONTHLY",
        itemPrice: { amount: 2990, currency: "BRL", scale: 2 },
        options: { numberOfPeriods: { type: "INT_RANGE", min: 1, max: 12 } },
      },
    ]);
  });

  it("a gift of three periods charges three now, with no trial and no later charge", () => {
    const basket = priceBasket({
      licences: [MONTHLY],
      country: "BR",
      providers: [{ name: "Cardstream", paymentProviderType: "CREDIT_CARD" }],
      now: new Date("2026-01-31T10:00:00Z"),
      giftPeriods: 3,
    });
    expect(basket).toMatchObject({ total: 3 * 2990, totalDiscount: 0 });
    expect(basket.basketItems[0]).toMatchObject({ catalogPrice: 3 * 2990, total: 3 * 2990 });
    expect(basket.firstCharge).toBeUndefined();
  });
});

describe("the gift form", () => {
  const items = giftItems([MONTHLY], undefined);
  const form = (values: Record<string, string>) =>
    giftFormProblems(readGiftForm(new URLSearchParams(values)), items);

  it("names each problem, in form order", () => {
    expect(Object.entries(form({ periods: "0", email: "x", note: "a".repeat(501) }))).toEqual([
      ["item", "requiredField"],
      ["periods", "giftPeriodsInvalid"],
      ["email", "pleaseProvideValidEmail"],
      ["note", "giftNoteTooLong"],
    ]);
    expect(form({ item: "MONTHLY", periods: "13", email: "" })).toEqual({
      periods: "giftPeriodsInvalid",
      email: "pleaseProvideYourEmail",
    });
  });

  it("has nothing to say of a complete gift", () => {
    expect(form({ item: "MONTHLY", periods: "12", email: "friend@example.com", note: "" })).toEqual(
      {},
    );
  });
});
