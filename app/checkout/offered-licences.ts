import type { Licence } from "../../schemas/generated/licence.ts";

/**
 * The licences a checkout offers to choose from. A pay-per-view pass is bought for its event or
 * video (from that item's "Buy this event"), so the plan list shows it only when it is the one
 * asked for; a realm that sells nothing but passes lists them all.
 */
export function offeredLicences(
  licences: readonly Licence[],
  asked: string | undefined,
): Licence[] {
  const plans = licences.filter((l) => l.kind !== "PAY_PER_VIEW" || l.id === asked);
  return plans.some((l) => l.kind !== "PAY_PER_VIEW") ? plans : [...licences];
}
