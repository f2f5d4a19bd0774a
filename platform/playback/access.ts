import { countryCode } from "../../contract/licence-price.ts";
import { and, gt, inArray, isNull, lte, or, eq } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** The geo rules of a stream: an allow list (null: everywhere) and a block list. */
export interface TerritoryRules {
  allowedTerritories: string[] | null;
  blockedTerritories: string[];
}

/**
 * Whether a viewer in `territory` may play a stream. An unknown territory (the edge said
 * nothing) passes block lists but not allow lists: rights granted only for some territories
 * need proof of being in one.
 */
export function territoryAllows(rules: TerritoryRules, territory: string | undefined): boolean {
  if (territory && rules.blockedTerritories.includes(territory)) return false;
  if (rules.allowedTerritories) return !!territory && rules.allowedTerritories.includes(territory);
  return true;
}

/** The territory an edge header gives: an ISO 3166-1 alpha-2 code, else unknown. */
export const readTerritory: (value: string | undefined) => string | undefined = countryCode;

/**
 * Whether the account holds any of `licences` at `now`: an active entitlement that has begun and
 * not ended.
 */
export async function holdsAnyLicence(
  db: Db,
  userId: number,
  licences: readonly string[],
  now: Date,
): Promise<boolean> {
  if (licences.length === 0) return false;
  const [row] = await db
    .select({ id: t.entitlements.id })
    .from(t.entitlements)
    .where(
      and(
        eq(t.entitlements.userId, userId),
        inArray(t.entitlements.licence, [...licences]),
        eq(t.entitlements.status, "ACTIVE"),
        lte(t.entitlements.startsAt, now),
        or(isNull(t.entitlements.endsAt), gt(t.entitlements.endsAt, now)),
      ),
    )
    .limit(1);
  return !!row;
}
