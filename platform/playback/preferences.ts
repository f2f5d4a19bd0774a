import { and, eq } from "drizzle-orm";
import type { PlaybackPreferences } from "../../contract/generated/playback-preferences.ts";
import { DEFAULT_PLAYBACK_PREFERENCES } from "../../contract/playback-preferences.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** Whose preferences: an account, and its profile (`profileKey` 0 without profiles). */
export interface PreferencesOwner {
  userId: number;
  profileKey: number;
}

export async function readPlaybackPreferences(
  db: Db,
  owner: PreferencesOwner,
): Promise<PlaybackPreferences> {
  const [row] = await db
    .select()
    .from(t.playbackPreferences)
    .where(
      and(
        eq(t.playbackPreferences.userId, owner.userId),
        eq(t.playbackPreferences.profileKey, owner.profileKey),
      ),
    );
  if (!row) return { ...DEFAULT_PLAYBACK_PREFERENCES };
  return {
    subTitleLanguage: row.subtitleLanguage,
    audioLanguage: row.audioLanguage,
    autoAdvance: row.autoAdvance,
    videoBackgroundAutoPlay: row.videoBackgroundAutoPlay,
  };
}

/** Saves all four at once (one row per owner, so two saves at once leave one of them whole). */
export async function savePlaybackPreferences(
  db: Db,
  owner: PreferencesOwner,
  preferences: PlaybackPreferences,
): Promise<void> {
  const values = {
    subtitleLanguage: preferences.subTitleLanguage,
    audioLanguage: preferences.audioLanguage,
    autoAdvance: preferences.autoAdvance,
    videoBackgroundAutoPlay: preferences.videoBackgroundAutoPlay,
    updatedAt: new Date(),
  };
  await db
    .insert(t.playbackPreferences)
    .values({ ...owner, ...values })
    .onConflictDoUpdate({
      target: [t.playbackPreferences.userId, t.playbackPreferences.profileKey],
      set: values,
    });
}

/**
 * A language as the realm lists it in `audioSubtitleLanguages` (matched without regard to
 * case), or undefined when the realm has no such language.
 */
export function realmMediaLanguage(
  language: string,
  audioSubtitleLanguages: readonly string[] | undefined,
): string | undefined {
  const wanted = language.toLowerCase();
  return (audioSubtitleLanguages ?? []).find((code) => code.toLowerCase() === wanted);
}
