import type { LoopMedia } from "./sample.ts";
import { playlistHeader, segmentLines } from "./timeline.ts";

/** How far back a viewer may seek in a live stream of a realm with DVR (spec section 9). */
export const DVR_WINDOW_SECONDS = 1740;
/**
 * The window of browsers that get the short DVR (spec section 9), and of realms without DVR:
 * enough segments for a player to hold a few behind the live edge, too few to seek in.
 */
export const SHORT_WINDOW_SECONDS = 10;

export function liveWindowSeconds(hasDvr: boolean, shortWindow: boolean): number {
  return hasDvr && !shortWindow ? DVR_WINDOW_SECONDS : SHORT_WINDOW_SECONDS;
}

export interface LiveSchedule {
  startAt: Date;
  endAt: Date;
}

export interface LiveWindowOptions {
  windowSeconds: number;
  /**
   * Once the event is over, list it whole from its first segment (the replay) instead of the
   * last window. A player that watched it live must see the window it knew end, not jump back:
   * media sequence numbers never go down within one playlist URL.
   */
  replay?: boolean;
}

export interface LiveWindow {
  started: boolean;
  ended: boolean;
  /** First and one-past-last segment listed. */
  first: number;
  end: number;
}

/**
 * Which segments a live playlist lists at `now`. Segment `n` covers the wall-clock time from
 * `startAt + n * segmentSeconds`, and is listed once it has wholly happened, so numbers (the
 * media sequence) follow from the clock alone and every server agrees without shared state.
 */
export function liveWindow(
  media: LoopMedia,
  schedule: LiveSchedule,
  now: Date,
  options: LiveWindowOptions,
): LiveWindow {
  const segmentMs = media.segmentSeconds * 1000;
  const elapsed = now.getTime() - schedule.startAt.getTime();
  if (elapsed < 0) return { started: false, ended: false, first: 0, end: 0 };
  const total = Math.ceil((schedule.endAt.getTime() - schedule.startAt.getTime()) / segmentMs);
  const ended = now.getTime() >= schedule.endAt.getTime();
  const end = ended ? total : Math.min(total, Math.floor(elapsed / segmentMs));
  const windowSegments = Math.max(1, Math.floor(options.windowSeconds / media.segmentSeconds));
  const first = ended && options.replay ? 0 : Math.max(0, end - windowSegments);
  return { started: true, ended, first, end };
}

/** The media playlist of one rendition of a live event as it stands at `now`. */
export function liveMediaPlaylist(
  media: LoopMedia,
  schedule: LiveSchedule,
  now: Date,
  options: LiveWindowOptions & { segmentUri: (n: number) => string },
): string {
  const window = liveWindow(media, schedule, now, options);
  const start = schedule.startAt.getTime();
  const lines = [
    ...playlistHeader(media, window.first),
    ...segmentLines(media, {
      from: window.first,
      to: window.end,
      uri: options.segmentUri,
      programDateTime: (n) => new Date(start + n * media.segmentSeconds * 1000),
    }),
  ];
  if (window.ended) lines.push("#EXT-X-ENDLIST");
  return `${lines.join("\n")}\n`;
}
