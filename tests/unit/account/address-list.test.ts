import { describe, expect, it } from "vitest";
import { addressLine, addressList } from "../../../app/account/addresses.ts";

const address = (id: number, countryCode: string, isDefault = false) => ({
  id,
  countryCode,
  postalCode: `P${id}`,
  city: "Porto",
  line1: `Rua ${id}`,
  line2: null,
  default: isDefault,
});

describe("the addresses of a GET /user/address answer (spec section 7)", () => {
  it("reads a list, the default first", () => {
    expect(addressList([address(1, "PT"), address(2, "BR", true)]).map((a) => a.id)).toEqual([
      2, 1,
    ]);
  });

  it("reads a map by id, taking the id from the key when the entry has none", () => {
    const { id: _id, ...withoutId } = address(7, "PT");
    expect(addressList({ "7": withoutId, "8": address(8, "BR", true) })).toEqual([
      address(8, "BR", true),
      address(7, "PT"),
    ]);
  });

  it("drops addresses in the unknown country ZZ, and anything that is no address", () => {
    expect(
      addressList([address(1, "ZZ"), address(2, "zz"), { id: 3 }, null, address(4, "PT")]),
    ).toEqual([address(4, "PT")]);
    expect(addressList(null)).toEqual([]);
    expect(addressList("nope")).toEqual([]);
  });

  it("names an address by street, postal code and city, and country", () => {
    expect(addressLine(address(1, "PT"), (code) => (code === "PT" ? "Portugal" : code))).toBe(
      "Rua 1, P1 Porto, Portugal",
    );
  });
});
