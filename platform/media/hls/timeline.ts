import type { LoopMedia } from "./sample.ts";

/**
 * Segment `n` of a looped timeline plays sample segment `n % segmentCount`. Where a loop starts
 * again the timestamps jump back to the sample's first frame, so a player must be told
 * (EXT-X-DISCONTINUITY) or it stalls waiting for media that never comes.
 */
export function startsLoop(media: LoopMedia, n: number): boolean {
  return n > 0 && n % media.segmentCount === 0;
}

/** Loop boundaries strictly before segment `n`: its discontinuity sequence number. */
export function loopsBefore(media: LoopMedia, n: number): number {
  return Math.floor(n / media.segmentCount);
}

export interface SegmentListOptions {
  /** First and one-past-last segment numbers. */
  from: number;
  to: number;
  uri: (n: number) => string;
  /** Wall-clock time of segment `n`'s first frame, for EXT-X-PROGRAM-DATE-TIME. */
  programDateTime?: (n: number) => Date;
}

/**
 * The segment lines of a media playlist. No discontinuity tag is written before the first
 * segment listed: the playlist's EXT-X-DISCONTINUITY-SEQUENCE already counts that boundary.
 */
export function segmentLines(media: LoopMedia, options: SegmentListOptions): string[] {
  const lines: string[] = [];
  for (let n = options.from; n < options.to; n++) {
    if (n > options.from && startsLoop(media, n)) lines.push("#EXT-X-DISCONTINUITY");
    if (options.programDateTime) {
      lines.push(`#EXT-X-PROGRAM-DATE-TIME:${options.programDateTime(n).toISOString()}`);
    }
    lines.push(`#EXTINF:${media.segmentSeconds.toFixed(3)},`, options.uri(n));
  }
  return lines;
}

export function playlistHeader(media: LoopMedia, first: number): string[] {
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:6",
    `#EXT-X-TARGETDURATION:${Math.ceil(media.segmentSeconds)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${loopsBefore(media, first)}`,
    "#EXT-X-INDEPENDENT-SEGMENTS",
  ];
}
