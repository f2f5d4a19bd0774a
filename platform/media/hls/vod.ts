import type { LoopMedia } from "./sample.ts";
import { playlistHeader, segmentLines } from "./timeline.ts";

/**
 * Segments of a video of `durationSeconds`: whole segments only, rounded up, because every
 * sample segment really holds `segmentSeconds` of media and a shorter EXTINF would misstate it.
 */
export function vodSegmentCount(media: LoopMedia, durationSeconds: number): number {
  return Math.max(1, Math.ceil(durationSeconds / media.segmentSeconds));
}

/** The complete media playlist of one rendition of a video, looping the sample to its length. */
export function vodMediaPlaylist(
  media: LoopMedia,
  durationSeconds: number,
  segmentUri: (n: number) => string,
): string {
  const lines = [
    ...playlistHeader(media, 0),
    "#EXT-X-PLAYLIST-TYPE:VOD",
    ...segmentLines(media, {
      from: 0,
      to: vodSegmentCount(media, durationSeconds),
      uri: segmentUri,
    }),
    "#EXT-X-ENDLIST",
  ];
  return `${lines.join("\n")}\n`;
}
