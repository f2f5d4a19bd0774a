import type { PlaybackPreferences } from "../../contract/generated/playback-preferences.ts";

/** The viewer's playback preferences, with the languages the realm offers for them. */
export interface PlaybackChoices {
  values: PlaybackPreferences;
  /** The realm's `audioSubtitleLanguages`. */
  languages: string[];
}
