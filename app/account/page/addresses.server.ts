import type { AddressInput } from "../../../contract/generated/address-input.ts";
import type { Address } from "../../../contract/generated/addresses.ts";
import type { RealmSettings } from "../../../schemas/generated/realm-settings.ts";
import { PlatformError, type PlatformClient } from "../../api-client/client.ts";
import { billingCountries } from "../../checkout/billing-countries.ts";
import type { LabelKey } from "../../feedback/toast.ts";
import { addressList } from "../addresses.ts";
import type { AddressIntent } from "./view.ts";

/** The address forms' fields, as the platform's bodies name them. */
export const ADDRESS_FIELDS = ["line1", "line2", "postalCode", "city", "countryCode"] as const;

export const ADDRESS_INTENTS: readonly AddressIntent[] = [
  "addAddress",
  "removeAddress",
  "defaultAddress",
  "billing",
];

/**
 * The account's addresses and the countries an address may be in. A failed fetch is an empty
 * list (spec section 8), so the details above it still show and can be changed.
 */
export async function addressesPart(
  client: PlatformClient,
  settings: RealmSettings,
): Promise<{ addresses: Address[]; countries: string[] }> {
  let addresses: Address[] = [];
  try {
    addresses = addressList(await client.call("addresses"));
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.warn(`account addresses: ${error.message}`);
  }
  return { addresses, countries: billingCountries(settings) };
}

/** What an address form typed, as the refusal gives it back (trimmed to what fits). */
export function typedAddress(form: FormData, intent: AddressIntent): Record<string, string> {
  const fields: readonly string[] =
    intent === "billing" ? [...ADDRESS_FIELDS, "fullName", "taxNumber"] : ADDRESS_FIELDS;
  return Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? "").slice(0, 300)]));
}

function addressBody(form: FormData): AddressInput {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const optional = (name: string) => text(name) || null;
  return {
    countryCode: text("countryCode"),
    postalCode: text("postalCode"),
    city: optional("city"),
    line1: optional("line1"),
    line2: optional("line2"),
  };
}

/** Runs one address form against the platform; the toast of its success. */
export async function runAddressIntent(
  intent: AddressIntent,
  form: FormData,
  client: PlatformClient,
): Promise<LabelKey> {
  const id = String(form.get("addressId") ?? "");
  switch (intent) {
    case "addAddress":
      await client.call("addAddress", { body: addressBody(form) });
      return "addressAdded";
    case "defaultAddress":
      await client.call("updateAddress", { params: { id }, body: { default: true } });
      return "addressMadeDefault";
    case "removeAddress":
      await client.call("removeAddress", { params: { id } });
      return "addressRemoved";
    case "billing": {
      const taxNumber = String(form.get("taxNumber") ?? "").trim();
      await client.call("updateBillingDetails", {
        body: {
          fullName: String(form.get("fullName") ?? ""),
          taxNumber: taxNumber || null,
          address: addressBody(form),
        },
      });
      return "billingDetailsSaved";
    }
  }
}
