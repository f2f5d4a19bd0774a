import { describe, expect, it } from "vitest";
import {
  detailProblem,
  detailProblems,
  detailsPayload,
  missingInformationForm,
  type DetailFormField,
} from "../../app/account/missing-information.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import type { UserDetails } from "../../contract/generated/user-details.ts";

const TAX = "^\\d{3}\\.?\\d{3}\\.?\\d{3}-?\\d{2}$";
const DATE = "^\\d{4}-\\d{2}-\\d{2}$";

const settings: Pick<RealmSettings, "authenticationProviders"> = {
  authenticationProviders: [
    {
      name: "PBR",
      fields: [
        { id: "email", type: "email", required: true, order: 0 },
        {
          id: "birthDate",
          type: "text",
          required: false,
          order: 5,
          regex: DATE,
          error: "invalidBirthDate",
        },
        {
          id: "taxNumber",
          type: "text",
          required: true,
          order: 2,
          regex: TAX,
          empty: "requiredField",
          error: "invalidTaxNumber",
        },
        { id: "phoneNumber", type: "tel", required: false, order: 4 },
        { id: "fullName", type: "text", required: true, order: 1 },
      ],
    },
  ],
};

const details = (overrides: Partial<UserDetails> = {}): UserDetails => ({
  email: "a@b.test",
  contactEmail: null,
  name: { fullName: "Ana", preferredName: null },
  birthDate: null,
  taxNumber: null,
  phoneNumber: null,
  ...overrides,
});

const field = (
  id: DetailFormField["id"],
  extra: Partial<DetailFormField> = {},
): DetailFormField => ({
  id,
  type: "text",
  required: true,
  error: "invalid",
  empty: "requiredField",
  ...extra,
});

describe("the missing-information form", () => {
  it("asks for the missing details (required), then the empty optional ones, in form order", () => {
    const form = missingInformationForm(settings, ["taxNumber"], details());
    expect(form.map((f) => [f.id, f.required])).toEqual([
      ["taxNumber", true],
      ["phoneNumber", false],
      ["birthDate", false],
    ]);
    expect(form[0]).toMatchObject({
      regex: TAX,
      error: "invalidTaxNumber",
      empty: "requiredField",
    });
    // Defaults for fields that name no message of their own.
    expect(form[1]).toMatchObject({ error: "invalidPhoneNumber", empty: "requiredField" });
  });

  it("leaves out optional details the account already has", () => {
    const form = missingInformationForm(
      settings,
      ["taxNumber"],
      details({ phoneNumber: "123456789" }),
    );
    expect(form.map((f) => f.id)).toEqual(["taxNumber", "birthDate"]);
  });

  it("still asks for a missing detail the realm's form does not describe", () => {
    const form = missingInformationForm({ authenticationProviders: [] }, ["fullName"], details());
    expect(form).toEqual([field("fullName", { error: "invalidFullName" })]);
  });
});

describe("validation (spec section 5)", () => {
  it("says requiredField for an empty required field, whatever its pattern", () => {
    expect(detailProblem(field("fullName"), "")).toBe("requiredField");
    expect(detailProblem(field("fullName"), "   ")).toBe("requiredField");
    expect(detailProblem(field("phoneNumber"), "")).toBe("requiredField");
    expect(detailProblem(field("taxNumber", { regex: TAX }), "")).toBe("requiredField");
  });

  it("tells an empty tax number from an invalid one", () => {
    const tax = field("taxNumber", { regex: TAX, error: "invalidTaxNumber" });
    expect(detailProblem(tax, "")).toBe("requiredField");
    expect(detailProblem(tax, "12.34")).toBe("invalidTaxNumber");
    expect(detailProblem(tax, "123.456.789-09")).toBeNull();
    expect(detailProblem(tax, "12345678909")).toBeNull();
  });

  it("checks a date of birth against the field's pattern only when one is given", () => {
    const optional = field("birthDate", {
      required: false,
      regex: DATE,
      error: "invalidBirthDate",
    });
    expect(detailProblem(optional, "")).toBeNull();
    expect(detailProblem(optional, "02/04/1990")).toBe("invalidBirthDate");
    expect(detailProblem(optional, "1990-04-02")).toBeNull();
    expect(detailProblem({ ...optional, required: true }, "")).toBe("requiredField");
  });

  it("reads a phone number without its spaces", () => {
    const phone = field("phoneNumber", { regex: "^\\+?[0-9]{8,15}$", error: "invalidPhoneNumber" });
    expect(detailProblem(phone, "+55 11 91234 5678")).toBeNull();
    expect(detailProblem(phone, "12 34")).toBe("invalidPhoneNumber");
  });

  it("collects every field's problem", () => {
    const fields = [
      field("fullName"),
      field("taxNumber", { regex: TAX, error: "invalidTaxNumber" }),
    ];
    expect(detailProblems(fields, { fullName: "", taxNumber: "x" })).toEqual({
      fullName: "requiredField",
      taxNumber: "invalidTaxNumber",
    });
    expect(detailProblems(fields, { fullName: "Ana", taxNumber: "123.456.789-09" })).toEqual({});
  });
});

describe("what is sent", () => {
  it("sends the full name as name.fullName, the phone without spaces, and no empty optional field", () => {
    const fields = [
      field("fullName"),
      field("phoneNumber", { required: false }),
      field("birthDate", { required: false }),
    ];
    expect(
      detailsPayload(fields, { fullName: " Ana Lima ", phoneNumber: "+55 11 9123", birthDate: "" }),
    ).toEqual({ name: { fullName: "Ana Lima" }, phoneNumber: "+55119123" });
  });
});
