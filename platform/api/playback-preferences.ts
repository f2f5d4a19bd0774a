import { Hono } from "hono";
import type { PlaybackPreferences } from "../../contract/generated/playback-preferences.ts";
import { profileKeyOf } from "../playback/history.ts";
import {
  readPlaybackPreferences,
  realmMediaLanguage,
  savePlaybackPreferences,
  type PreferencesOwner,
} from "../playback/preferences.ts";
import { accountOf, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { requireJsonBody } from "./contract.ts";
import { ApiError } from "./errors.ts";

/**
 * `/user/playback-preferences`: how the player starts for the viewer, kept per profile where
 * the realm has profiles (the token's `pro`), else per account; a sign-in anywhere reads the
 * same. Named as init's `pk` names them. Init's own answer is the realm's defaults, since
 * clients cache it per role: a viewer's values come from here.
 */
export const playbackPreferences = new Hono<PlatformEnv>();

playbackPreferences.use("/user/playback-preferences", authenticate, requireAccount);

async function ownerOf(c: Parameters<typeof accountOf>[0]): Promise<PreferencesOwner> {
  const user = await accountOf(c);
  return { userId: user.id, profileKey: profileKeyOf(c.get("viewer")!.pro?.id) };
}

playbackPreferences.get("/user/playback-preferences", async (c) => {
  const owner = await ownerOf(c);
  c.header("Cache-Control", "private, no-store");
  return c.json(await readPlaybackPreferences(c.get("store").db, owner));
});

/**
 * `PUT` all four: each language one of the realm's `audioSubtitleLanguages` (as the realm
 * spells it) or null. 400 `INVALID_LOCALE` with the field's pointer otherwise; nothing saved.
 */
playbackPreferences.put("/user/playback-preferences", requireJsonBody, async (c) => {
  const body = await readObject<PlaybackPreferences>(c.req.raw);
  const { audioSubtitleLanguages: languages } = c.get("realm").settings as {
    audioSubtitleLanguages?: string[];
  };
  const language = (field: "subTitleLanguage" | "audioLanguage") => {
    const asked = body[field];
    if (asked === null) return null;
    const known = realmMediaLanguage(asked, languages);
    if (!known) {
      throw new ApiError(
        400,
        "INVALID_LOCALE",
        `'${asked.slice(0, 20)}' is not one of this realm's audio and subtitle languages (${(languages ?? []).join(", ")})`,
        undefined,
        `/${field}`,
      );
    }
    return known;
  };
  const saved: PlaybackPreferences = {
    subTitleLanguage: language("subTitleLanguage"),
    audioLanguage: language("audioLanguage"),
    autoAdvance: body.autoAdvance,
    videoBackgroundAutoPlay: body.videoBackgroundAutoPlay,
  };
  const owner = await ownerOf(c);
  await savePlaybackPreferences(c.get("store").db, owner, saved);
  c.header("Cache-Control", "private, no-store");
  return c.json(saved);
});
