import type { Address } from "../../contract/generated/addresses.ts";
import { UNKNOWN_COUNTRY } from "../../contract/postal-address.ts";

const isAddress = (value: unknown): value is Address =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Address).countryCode === "string" &&
  typeof (value as Address).postalCode === "string";

/**
 * The addresses of a `GET /user/address` answer, which is a list or a map by id (spec section
 * 7): the default first, and none in the unknown country ZZ, which no one lives in.
 */
export function addressList(answer: unknown): Address[] {
  const entries = Array.isArray(answer)
    ? answer
    : typeof answer === "object" && answer !== null
      ? Object.entries(answer).map(([id, value]) =>
          isAddress(value) && (value as Partial<Address>).id === undefined
            ? { ...value, id: Number(id) }
            : value,
        )
      : [];
  return entries
    .filter(isAddress)
    .filter((address) => address.countryCode.toUpperCase() !== UNKNOWN_COUNTRY)
    .sort((a, b) => Number(b.default === true) - Number(a.default === true));
}

/** One line for an address, as lists and buttons name it: street, postal code and city. */
export function addressLine(address: Address, countryName: (code: string) => string): string {
  return [
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(" "),
  ]
    .filter((part): part is string => Boolean(part))
    .concat(countryName(address.countryCode))
    .join(", ");
}
