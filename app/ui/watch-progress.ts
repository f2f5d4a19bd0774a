import type { WatchHistoryItem } from "../../contract/generated/watch-history.ts";

/**
 * How far a profile got into a video or event of its watch history, and whether it is worth
 * offering to continue. Pure, so the server decides once and the browser renders what it sent.
 */

/** Less than this is a glance (an autoplay, a wrong click), not something to come back to. */
export const CONTINUE_MIN_SECONDS = 10;
/** From this share on, what is left is credits and post-fight talk: the viewer has finished. */
export const CONTINUE_MAX_FRACTION = 0.95;

export interface WatchProgress {
  /** Share watched, 0 to 1. */
  fraction: number;
  /** Seconds from where the profile stopped to the end. */
  remainingSeconds: number;
}

/**
 * The length a history item resumes against, in seconds, or null when it cannot be resumed:
 * a video's duration; an event's length once it has ended (its replay). An event still live
 * is rejoined at the live edge, not resumed, so it has no progress.
 */
export function resumableLength(item: WatchHistoryItem, now: Date): number | null {
  const { card } = item;
  if (item.kind === "vod") return card.duration && card.duration > 0 ? card.duration : null;
  if (card.live || !card.startDate || !card.endDate) return null;
  const start = Date.parse(card.startDate);
  const end = Date.parse(card.endDate);
  if (!Number.isFinite(start) || !Number.isFinite(end) || end > now.getTime()) return null;
  const length = (end - start) / 1000;
  return length > 0 ? length : null;
}

/** Where the profile is in the item, or null when it has no length to measure against. */
export function watchProgress(item: WatchHistoryItem, now: Date): WatchProgress | null {
  const length = resumableLength(item, now);
  if (length === null) return null;
  const position = Math.min(Math.max(item.position, 0), length);
  return { fraction: position / length, remainingSeconds: length - position };
}

/** Started for real and not finished: what a "continue watching" row offers. */
export function worthContinuing(item: WatchHistoryItem, now: Date): boolean {
  const progress = watchProgress(item, now);
  return (
    progress !== null &&
    item.position >= CONTINUE_MIN_SECONDS &&
    progress.fraction < CONTINUE_MAX_FRACTION
  );
}

/** Whole percent watched, for a progress bar's value; never 100 while anything is left. */
export function percentWatched(progress: WatchProgress): number {
  const percent = Math.floor(progress.fraction * 100);
  return progress.remainingSeconds > 0 ? Math.min(percent, 99) : 100;
}

/**
 * What is left as a label: key and options for the translation. Minutes are rounded up, so
 * a viewer with 20 seconds to go reads "1 min left", never "0 min left".
 */
export function timeLeftLabel(remainingSeconds: number): {
  key: "timeLeftMinutes" | "timeLeftHours" | "timeLeftWholeHours" | "timeLeftNone";
  options: Record<string, number>;
} {
  if (remainingSeconds <= 0) return { key: "timeLeftNone", options: {} };
  const minutes = Math.ceil(remainingSeconds / 60);
  if (minutes < 60) return { key: "timeLeftMinutes", options: { count: minutes } };
  const hours = Math.floor(minutes / 60);
  if (minutes % 60 === 0) return { key: "timeLeftWholeHours", options: { hours } };
  return { key: "timeLeftHours", options: { hours, minutes: minutes % 60 } };
}
