import { describe, expect, it } from "vitest";
import {
  cardBehaviour,
  cardBrand,
  cardProblems,
  cardSummary,
  passesLuhn,
} from "../../../platform/commerce/cards.ts";

const card = (change: Partial<Record<"number" | "expiry" | "cvc" | "holder", string>> = {}) => ({
  number: "4242 4242 4242 4242",
  expiry: "11/26",
  cvc: "123",
  holder: "Ana Torcedora",
  ...change,
});
const now = new Date("2026-11-26T12:00:00Z");

describe("card rules", () => {
  it("Luhn", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("378282246310005")).toBe(true);
  });

  it("a card is good to the end of its expiry month", () => {
    expect(cardProblems(card({ expiry: "11/26" }), now)).toEqual([]);
    expect(cardProblems(card({ expiry: "10/26" }), now)).toEqual(["INVALID_CARD_EXPIRY"]);
    expect(cardProblems(card({ expiry: "00/30" }), now)).toEqual(["INVALID_CARD_EXPIRY"]);
    expect(cardProblems(card({ expiry: "1/30" }), now)).toEqual(["INVALID_CARD_EXPIRY"]);
  });

  it("four CVC digits for Amex, three for the others; a name; every problem at once", () => {
    expect(cardProblems(card({ number: "3782 822463 10005", cvc: "1234" }), now)).toEqual([]);
    expect(cardProblems(card({ number: "3782 822463 10005", cvc: "123" }), now)).toEqual([
      "INVALID_CARD_CVC",
    ]);
    expect(cardProblems(card({ cvc: "1234" }), now)).toEqual(["INVALID_CARD_CVC"]);
    expect(cardProblems({ number: "12ab", expiry: "", cvc: "", holder: "" }, now)).toEqual([
      "INVALID_CARD_NUMBER",
      "INVALID_CARD_EXPIRY",
      "INVALID_CARD_CVC",
      "INVALID_CARD_HOLDER",
    ]);
  });

  it("keeps only brand, last four and expiry", () => {
    expect(cardSummary(card({ number: "5555-5555-5555-4444", expiry: "03 / 29" }))).toEqual({
      brand: "Mastercard",
      last4: "4444",
      expiry: "03/29",
    });
    expect(cardBrand("378282246310005")).toBe("Amex");
  });

  it("the sandbox's documented test numbers", () => {
    expect(cardBehaviour(card())).toBe("SUCCEED");
    expect(cardBehaviour(card({ number: "4000000000000002" }))).toBe("DECLINE");
    expect(cardBehaviour(card({ number: "4000 0000 0000 3220" }))).toBe("CHALLENGE");
    expect(cardBehaviour(card({ number: "4000000000000119" }))).toBe("NETWORK_ERROR");
    expect(cardBehaviour(card({ number: "5555555555554444" }))).toBe("SUCCEED");
  });
});
