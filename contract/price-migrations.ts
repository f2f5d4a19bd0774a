import type { AccountSubscription } from "./generated/account.ts";

type UpcomingPriceMigration = NonNullable<AccountSubscription["upcomingPriceMigration"]>;

/**
 * Spec section 4: a price migration is listed only when its consent deadline is in the future
 * and the customer has not confirmed.
 */
export function listsPriceMigration(
  migration: Pick<UpcomingPriceMigration, "consent"> | undefined,
  now: Date,
): boolean {
  return (
    migration !== undefined &&
    !migration.consent.customerConfirmed &&
    new Date(migration.consent.deadline).getTime() > now.getTime()
  );
}
