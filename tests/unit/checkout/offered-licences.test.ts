import { describe, expect, it } from "vitest";
import type { Licence } from "../../../schemas/generated/licence.ts";
import { offeredLicences } from "../../../app/checkout/offered-licences.ts";
import { pricedFor } from "../../../app/checkout/viewer-prices.server.ts";

const amount = (amount: number, currency: string, extra: object = {}) => ({
  amount,
  scale: 2,
  currency,
  local: false,
  default: false,
  ...extra,
});

const MONTHLY: Licence = {
  id: "MONTHLY",
  name: "Monthly",
  kind: "SUBSCRIPTION",
  amounts: [amount(999, "EUR", { default: true }), amount(899, "GBP", { country: "GB" })],
};
const ANNUAL: Licence = { ...MONTHLY, id: "ANNUAL", name: "Annual" };
const PASS: Licence = {
  id: "FINAL_PASS",
  name: "Final",
  kind: "PAY_PER_VIEW",
  amounts: [amount(1499, "EUR", { default: true }), amount(1299, "GBP", { country: "GB" })],
};
const OTHER_PASS: Licence = { ...PASS, id: "SEMI_PASS", name: "Semi-final" };

describe("the licences a checkout offers", () => {
  it("lists the plans and leaves out passes, which are bought from their item", () => {
    expect(offeredLicences([MONTHLY, PASS, ANNUAL], undefined).map((l) => l.id)).toEqual([
      "MONTHLY",
      "ANNUAL",
    ]);
  });

  it("keeps the pass asked for beside the plans, and no other pass", () => {
    expect(offeredLicences([MONTHLY, PASS, OTHER_PASS], "FINAL_PASS").map((l) => l.id)).toEqual([
      "MONTHLY",
      "FINAL_PASS",
    ]);
  });

  it("lists every pass of a realm that sells nothing else", () => {
    expect(offeredLicences([PASS, OTHER_PASS], undefined).map((l) => l.id)).toEqual([
      "FINAL_PASS",
      "SEMI_PASS",
    ]);
  });
});

describe("licences priced for the viewer's country", () => {
  it("keeps the one price the basket charges there", () => {
    const [pass] = pricedFor([PASS], "GB");
    expect(pass!.amounts).toEqual([amount(1299, "GBP", { country: "GB", default: true })]);
  });

  it("keeps the default price for a country without its own, or an unknown one", () => {
    expect(pricedFor([PASS], "FR")[0]!.amounts).toEqual([amount(1499, "EUR", { default: true })]);
    expect(pricedFor([PASS], undefined)[0]!.amounts).toEqual([
      amount(1499, "EUR", { default: true }),
    ]);
  });
});
