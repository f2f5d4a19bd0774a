import type { Card } from "../../contract/generated/card.ts";

/** The server renders this many; the browser then pages by viewport. */
export const GRID_FIRST_PAGE = 20;

/** Spec §9: 9 items up to 720 px wide, 16 up to 1510 px, else 20. */
export function pageSizeForWidth(width: number): number {
  if (width <= 720) return 9;
  if (width <= 1510) return 16;
  return 20;
}

export interface GridProgress {
  loaded: number;
  visible: number;
  totalHits: number;
  /** The last fetch brought nothing new: the source has no more, whatever totalHits says. */
  exhausted: boolean;
}

export type LoadMorePlan = { kind: "reveal"; visible: number } | { kind: "fetch"; page: number };

/**
 * What "load more" does next: show cards already loaded when there are enough, else fetch.
 * Pages are counted in the current page size, so the page chosen starts at or before the first
 * card not loaded yet; cards fetched twice are dropped by mergeCards.
 */
export function planLoadMore(progress: GridProgress, pageSize: number): LoadMorePlan {
  const target = progress.visible + pageSize;
  const complete = progress.exhausted || progress.loaded >= progress.totalHits;
  if (progress.loaded >= target || complete) {
    return { kind: "reveal", visible: Math.min(target, progress.loaded) };
  }
  return { kind: "fetch", page: Math.floor(progress.loaded / pageSize) + 1 };
}

export function hasMore(progress: GridProgress): boolean {
  return (
    progress.visible < progress.loaded ||
    (!progress.exhausted && progress.loaded < progress.totalHits)
  );
}

export function cardKey(card: Pick<Card, "id" | "type">): string {
  return `${card.type}-${card.id}`;
}

export function mergeCards<C extends Pick<Card, "id" | "type">>(existing: C[], incoming: C[]): C[] {
  const seen = new Set(existing.map(cardKey));
  return [...existing, ...incoming.filter((card) => !seen.has(cardKey(card)))];
}
