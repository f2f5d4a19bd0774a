import { countryCode, licenceAmount } from "../../contract/licence-price.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";

/** The viewer's country as the edge in front of us says (`TERRITORY_HEADER`), when it does. */
export function edgeCountry(context: PlatformLoadContext): string | undefined {
  return countryCode(Object.values(context.territoryHeaders ?? {})[0]);
}

/**
 * The licences as a viewer in `country` is offered them: each with the one price the basket
 * would charge there (`licenceAmount`), so a list, a plan card or the "not licensed" modal
 * shows the amount and currency the checkout then asks for.
 */
export function pricedFor(licences: readonly Licence[], country: string | undefined): Licence[] {
  return licences.map((licence) => ({
    ...licence,
    amounts: [{ ...licenceAmount(licence, country), default: true }],
  }));
}
