import type { LoopMedia } from "./sample.ts";

/**
 * Subtitles of every stream: segmented WebVTT, one cue file per media segment, listed by the
 * same playlist generators as the video (so discontinuities and sequence numbers line up and
 * hls.js places each cue in its loop of the sample). The cues say where in the stream they are,
 * which is what a demo needs to show that subtitles follow the picture.
 */
export interface SubtitleTrack {
  /** Path segment of its playlist, and its language (BCP 47). */
  language: string;
  name: string;
}

export const SUBTITLE_TRACKS: readonly SubtitleTrack[] = [{ language: "en", name: "English" }];

/** The EXT-X-MEDIA group every variant names. */
export const SUBTITLE_GROUP = "subs";

// The sample was cut by ffmpeg, whose MPEG-TS timestamps start at 1.4 s (126000 at 90 kHz);
// each segment starts its own segmentSeconds later.
const FIRST_PTS = 126_000;
const PTS_PER_SECOND = 90_000;

export function findSubtitleTrack(language: string): SubtitleTrack | undefined {
  return SUBTITLE_TRACKS.find((track) => track.language === language);
}

function clock(totalSeconds: number): string {
  const h = Math.floor(totalSeconds / 3600);
  const m = Math.floor((totalSeconds % 3600) / 60);
  const s = totalSeconds % 60;
  return [h, m, s].map((n) => String(n).padStart(2, "0")).join(":");
}

/** Cue file of segment `n`: one cue over the segment, mapped to its sample segment's PTS. */
export function subtitleSegment(media: LoopMedia, n: number): string {
  const pts = FIRST_PTS + (n % media.segmentCount) * media.segmentSeconds * PTS_PER_SECOND;
  const end = `00:00:${String(media.segmentSeconds).padStart(2, "0")}.000`;
  return [
    "WEBVTT",
    `X-TIMESTAMP-MAP=MPEGTS:${pts},LOCAL:00:00:00.000`,
    "",
    `${n}`,
    `00:00:00.000 --> ${end}`,
    `Subtitles ${clock(n * media.segmentSeconds)}`,
    "",
  ].join("\n");
}
