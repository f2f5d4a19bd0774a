import { describe, expect, it } from "vitest";
import {
  fieldProblem,
  formProblems,
  normalFieldValue,
  normalPhoneNumber,
  type SignupField,
} from "../../../contract/signup-fields.ts";

/** Liga's phone field (platform/seed/realms/liga/realm.json). */
const PHONE: SignupField = {
  id: "phoneNumber",
  type: "tel",
  required: false,
  regex: "^\\+?[0-9]{8,15}$",
  error: "invalidPhoneNumber",
};
const TAX: SignupField = {
  id: "taxNumber",
  type: "text",
  required: true,
  regex: "^\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}$",
  error: "invalidTaxNumber",
};

describe("phone numbers (sign-up and missing information)", () => {
  it("drop spaces, dashes, dots and brackets, and keep the rest", () => {
    expect(normalPhoneNumber("+55 11 91234-5678")).toBe("+5511912345678");
    expect(normalPhoneNumber("+55 (11) 9.1234-5678")).toBe("+5511912345678");
    expect(normalPhoneNumber("[11]\t91234 5678")).toBe("11912345678");
    expect(normalPhoneNumber("+55 11 CALL")).toBe("+5511CALL");
  });

  it("are checked against the realm's pattern once normalised", () => {
    expect(fieldProblem(PHONE, "+55 11 91234-5678")).toBeNull();
    expect(fieldProblem(PHONE, "(11) 91234.5678")).toBeNull();
    expect(fieldProblem(PHONE, "+55 11 CALL-ME")).toBe("invalidPhoneNumber");
    expect(fieldProblem(PHONE, " - ")).toBeNull();
    expect(
      formProblems({ name: "PBR", fields: [PHONE, TAX] } as never, {
        phoneNumber: "+55 11 91234-5678",
        taxNumber: "123.456.789-09",
      }),
    ).toEqual({});
  });

  it("only phone fields are normalised: other fields keep their dots and dashes", () => {
    expect(normalFieldValue(PHONE, "+55 11 91234-5678")).toBe("+5511912345678");
    expect(normalFieldValue(TAX, "123.456.789-09")).toBe("123.456.789-09");
    expect(normalFieldValue({ id: "mobile", type: "tel" }, "0 (1) 2")).toBe("012");
  });
});
