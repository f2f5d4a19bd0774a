import type { Licence } from "../../schemas/generated/licence.ts";
import type { WatchItem } from "../../contract/generated/watch-item.ts";

/**
 * What a viewer refused as "not licensed" may buy to watch an item: the pay-per-view passes
 * naming it (init's licences carry the ids of what a pass opens), then the subscriptions
 * granting the licence it needs. The platform decides the playback itself; this only offers.
 */
export interface LicenceOffers {
  passes: Licence[];
  subscriptions: Licence[];
}

export function licenceOffers(licences: readonly Licence[], item: WatchItem): LicenceOffers {
  const type = item.type === "LIVE_EVENT" ? "EVENT" : "VIDEO";
  const passes = licences.filter(
    (l) =>
      l.kind === "PAY_PER_VIEW" &&
      (l.content ?? []).some((ref) => ref.type === type && ref.id === item.id),
  );
  const needed = item.licence;
  const subscriptions = needed
    ? licences.filter((l) => l.kind === "SUBSCRIPTION" && (l.grants ?? [l.id]).includes(needed))
    : [];
  return { passes, subscriptions };
}
