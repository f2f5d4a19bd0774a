import type { PlaybackPreferences } from "./generated/playback-preferences.ts";

/**
 * What a viewer has until they save their own playback preferences, and what init's `pk`
 * answers (init is cached per role, so it never carries a viewer's own).
 */
export const DEFAULT_PLAYBACK_PREFERENCES: Readonly<PlaybackPreferences> = {
  subTitleLanguage: null,
  audioLanguage: null,
  autoAdvance: true,
  videoBackgroundAutoPlay: true,
};
