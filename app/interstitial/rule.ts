import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";

/** The realm setting the rule reads (schemas/realm-settings.schema.json, `interstitial`). */
export type InterstitialSettings = Pick<RealmSettings, "interstitial">;

/** Paths on which an enabled interstitial always shows. */
const ALWAYS_WHEN_ENABLED = new Set(["playlist", "interstitial", "season"]);

/**
 * Spec §2 "Video pages": the interstitial video page shows when enabled by config and the path
 * is playlist, interstitial or season, or the query has showInterstitial=true on a
 * non-interstitial path; or when the series interstitial setting is on and the path is a series.
 *
 * `route` is the name of the route the path matched (app/realm/route-table.json), so both a
 * `/realm/{name}/…` path and one on the realm's own domain give the same answer. Only routes
 * that show a collection (playlist, season, series, interstitial) act on the answer.
 */
export function showsInterstitial(
  route: string,
  query: URLSearchParams,
  settings: InterstitialSettings,
): boolean {
  const { enabled = false, series = false } = settings.interstitial ?? {};
  if (series && route === "series") return true;
  if (!enabled) return false;
  if (ALWAYS_WHEN_ENABLED.has(route)) return true;
  return route !== "interstitial" && query.get("showInterstitial") === "true";
}
