import type { LoopMedia } from "./sample.ts";

/**
 * Subtitles and audio of every stream, one track per language of the stream's realm
 * (`audioSubtitleLanguages`). Subtitles are segmented WebVTT, one cue file per media segment,
 * listed by the same playlist generators as the video (so discontinuities and sequence numbers
 * line up and hls.js places each cue in its loop of the sample). The cues say where in the
 * stream they are, which is what a demo needs to show that subtitles follow the picture.
 */
export interface MediaTrack {
  /** Path segment of its playlist, and its language (BCP 47). */
  language: string;
  /** The language's name in itself, as players list it. */
  name: string;
}

/** A realm without `audioSubtitleLanguages` streams English only. */
export const DEFAULT_MEDIA_LANGUAGES: readonly string[] = ["en"];

/** What a language code in a media path may look like (never a path separator or a dot). */
const LANGUAGE_SHAPE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

/** The EXT-X-MEDIA groups every variant names. */
export const SUBTITLE_GROUP = "subs";
export const AUDIO_GROUP = "audio";

// The sample was cut by ffmpeg, whose MPEG-TS timestamps start at 1.4 s (126000 at 90 kHz);
// each segment starts its own segmentSeconds later.
const FIRST_PTS = 126_000;
const PTS_PER_SECOND = 90_000;

/** The word a cue starts with, in the track's language (the sample's own text). */
const CUE_WORD: Record<string, string> = { en: "Subtitles", es: "Subtítulos", pt: "Legendas" };

function ownName(language: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([language], { type: "language" }).of(language);
  } catch {
    name = undefined;
  }
  const shown = name ?? language;
  return shown.charAt(0).toLocaleUpperCase(language) + shown.slice(1);
}

/** The tracks of a realm's streams, in the order of its languages. */
export function mediaTracks(languages: readonly string[] | undefined): MediaTrack[] {
  const usable = (languages ?? []).filter((code) => LANGUAGE_SHAPE.test(code));
  return (usable.length > 0 ? usable : DEFAULT_MEDIA_LANGUAGES).map((language) => ({
    language,
    name: ownName(language),
  }));
}

export function findMediaTrack(
  language: string,
  languages: readonly string[] | undefined,
): MediaTrack | undefined {
  return mediaTracks(languages).find((track) => track.language === language);
}

/** Whether a path segment can name a track at all (checked where no store lookup is made). */
export function isLanguageShaped(language: string): boolean {
  return LANGUAGE_SHAPE.test(language);
}

function clock(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
}

/** Cue file of segment `n`: one cue over the segment, mapped to its sample segment's PTS. */
export function subtitleSegment(media: LoopMedia, n: number, language = "en"): string {
  const pts = FIRST_PTS + (n % media.segmentCount) * media.segmentSeconds * PTS_PER_SECOND;
  const end = `00:00:${String(media.segmentSeconds).padStart(2, "0")}.000`;
  const word = CUE_WORD[language.split("-")[0]!] ?? `Subtitles (${language})`;
  return [
    "WEBVTT",
    `X-TIMESTAMP-MAP=MPEGTS:${pts},LOCAL:00:00:00.000`,
    "",
    `${n}`,
    `00:00:00.000 --> ${end}`,
    `${word} ${clock(n * media.segmentSeconds)}`,
    "",
  ].join("\n");
}
