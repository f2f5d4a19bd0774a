import { watchProgress, worthContinuing, type WatchProgress } from "../../app/ui/watch-progress.ts";
import type { Card } from "../../contract/generated/card.ts";
import type { WatchHistoryItem } from "../../contract/generated/watch-history.ts";

/** One card of the row: what to resume, and how far the profile got. */
export interface ContinueItem {
  kind: WatchHistoryItem["kind"];
  card: Card;
  progress: WatchProgress;
}

/** The row's cards: the history's unfinished items, most recently watched first, at most `max`. */
export function continueItems(history: WatchHistoryItem[], now: Date, max: number): ContinueItem[] {
  return history
    .filter((item) => worthContinuing(item, now))
    .slice(0, max)
    .map((item) => ({ kind: item.kind, card: item.card, progress: watchProgress(item, now)! }));
}
