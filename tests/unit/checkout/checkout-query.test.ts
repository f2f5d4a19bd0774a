import { describe, expect, it } from "vitest";
import {
  checkoutSearch,
  hiddenFields,
  readCheckoutQuery,
} from "../../../app/checkout/checkout-query.ts";
import { postalCodeProblem } from "../../../contract/postal-address.ts";
import { formatMoney, trialDate } from "../../../app/checkout/money.ts";

describe("a checkout's URL", () => {
  it("round-trips what the steps chose", () => {
    const query = readCheckoutQuery(
      new URLSearchParams(
        "licence=LIGA_MENSAL&step=3&voucher=torcida20&country=br&postalCode=01310-100&provider=Cardstream&return=/vod/12",
      ),
    );
    expect(query).toEqual({
      licence: "LIGA_MENSAL",
      step: "3",
      voucher: "TORCIDA20",
      country: "BR",
      postalCode: "01310-100",
      provider: "Cardstream",
      returnTo: "/vod/12",
    });
    expect(readCheckoutQuery(new URLSearchParams(checkoutSearch(query, 4)))).toEqual({
      ...query,
      step: "4",
    });
  });

  it("drops what is malformed, and a way back that leaves the site", () => {
    expect(
      readCheckoutQuery(
        new URLSearchParams(
          "licence=../x&voucher=a%20b&country=BRA&return=//evil.test/x&provider=",
        ),
      ),
    ).toEqual({});
    expect(readCheckoutQuery(new URLSearchParams("return=/%2F%2Fevil.test"))).toEqual({});
    expect(readCheckoutQuery(new URLSearchParams("return=https://evil.test"))).toEqual({});
  });

  it("carries every choice but the step's own as hidden fields", () => {
    const query = { licence: "A", voucher: "V", country: "GB", returnTo: "/live/1" };
    expect(hiddenFields(query, ["voucher"])).toEqual([
      { name: "licence", value: "A" },
      { name: "country", value: "GB" },
      { name: "return", value: "/live/1" },
    ]);
  });
});

describe("billing postal code (spec section 5)", () => {
  it("is required, and printable ASCII only", () => {
    expect(postalCodeProblem(undefined)).toBe("requiredField");
    expect(postalCodeProblem("  ")).toBe("requiredField");
    expect(postalCodeProblem("SW1A 1AA")).toBeUndefined();
    expect(postalCodeProblem("01310-100")).toBeUndefined();
    expect(postalCodeProblem("São")).toBe("billingAddressPostalCodeMustBePrintableAscii");
    expect(postalCodeProblem("12\t34")).toBe("billingAddressPostalCodeMustBePrintableAscii");
  });
});

describe("money on the page", () => {
  it("is written in the viewer's locale from minor units, exactly", () => {
    expect(formatMoney("en-GB", { amount: 999, scale: 2, currency: "EUR" })).toBe("€9.99");
    expect(formatMoney("pt-BR", { amount: 2990, scale: 2, currency: "BRL" })).toBe("R$\u00a029,90");
    expect(formatMoney("en-GB", { amount: 0, scale: 2, currency: "GBP" })).toBe("£0.00");
    // 0.1 + 0.2 is never asked of a float: the decimal goes to Intl as written.
    expect(formatMoney("en", { amount: 30, scale: 2, currency: "USD" })).toBe("$0.30");
  });

  it("writes a trial's charge date DD/MM/YYYY", () => {
    expect(trialDate("2027-02-28")).toBe("28/02/2027");
  });
});
