import type { Card } from "../../contract/generated/card.ts";
import type { Sponsor } from "../../schemas/generated/sponsor.ts";

/** One run of videos in viewing order: a playlist's, a season's, or one season of a series. */
export interface VideoGroup {
  /** The season a group of a series is; null for the one list of a playlist or season. */
  season: { id: number; title: string } | null;
  videos: Card[];
}

/** What the interstitial page shows of a playlist, season or series. */
export interface Interstitial {
  /** The collection's own card: title, description, artwork and counts. */
  item: Card;
  sponsor: Sponsor | null;
  /** Its videos in viewing order; the first video of the first group is the one Play opens. */
  groups: VideoGroup[];
}

/** The video the Play button opens: the first of the collection, if it has any. */
export function firstVideo(interstitial: Interstitial): Card | null {
  for (const group of interstitial.groups) if (group.videos[0]) return group.videos[0];
  return null;
}
