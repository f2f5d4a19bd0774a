import type { Card } from "../../contract/generated/card.ts";
import type { ItemRef, ViewerList } from "../../contract/generated/viewer-lists.ts";

/** Which lists page: my list, favourites, or the watchlists. */
export type ListsPage = "myList" | "favourites" | "watchlists";

export interface ShownItem {
  card: Card;
  href: string;
}

export interface ShownList {
  id: string;
  kind: ViewerList["kind"];
  name: string | null;
  items: ShownItem[];
}

export type ListsView =
  | { state: "signedOut"; page: ListsPage; signIn: string }
  | { state: "failed"; page: ListsPage; retry: string }
  | {
      state: "ready";
      page: ListsPage;
      lists: ShownList[];
      home: string;
      /** The page's own path, which its forms post to. */
      here: string;
      /** The watchlist whose deletion awaits confirmation (`?delete=`). */
      confirmDelete: string | null;
    };

/** What a lists form's action says back (fetchers read it; a plain post renders it). */
export interface ListAnswer {
  ok: boolean;
  intent: string;
  listId: string;
  /** Label key of what went wrong. */
  error?: string;
  /** The field the error belongs to, and what was typed in it (kept for another try). */
  field?: string;
  value?: string;
}

/** The card types a list may hold. */
export const ITEM_TYPES = new Set<string>([
  "VOD_VIDEO",
  "LIVE_EVENT",
  "VOD_PLAYLIST",
  "VOD_SERIES",
]);

/**
 * The list's items (as its cards) in order, with `item` moved one place up (-1) or down (1);
 * null when it cannot move (first up, last down, or not in the list).
 */
export function movedOrder(cards: Card[], item: ItemRef, step: -1 | 1): ItemRef[] | null {
  const refs = cards
    .filter((c) => ITEM_TYPES.has(c.type))
    .map((c) => ({ type: c.type, id: c.id }) as ItemRef);
  const at = refs.findIndex((r) => r.type === item.type && r.id === item.id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= refs.length) return null;
  [refs[at], refs[to]] = [refs[to]!, refs[at]!];
  return refs;
}
