import type en from "../../contract/locales/en.json";

type LabelKey = keyof typeof en;

export type ListIntent = "add" | "remove";

/** Which of the realm's lists: its label differs (my list, favourites, a named watchlist). */
export type ListKind = "MY_LIST" | "FAVOURITES" | "WATCHLIST";

export function listKind(listId: string): ListKind {
  return listId === "my-list" ? "MY_LIST" : listId === "favourites" ? "FAVOURITES" : "WATCHLIST";
}

const CHANGED: Record<ListKind, Record<ListIntent, LabelKey>> = {
  MY_LIST: { add: "addedToMyList", remove: "removedFromMyList" },
  FAVOURITES: { add: "addedToFavourites", remove: "removedFromFavourites" },
  WATCHLIST: { add: "addedToWatchlist", remove: "removedFromWatchlist" },
};

/** The toast after a change: "Added to My List", "Removed from favourites"... */
export function changeLabel(intent: ListIntent, listId: string): LabelKey {
  return CHANGED[listKind(listId)][intent];
}

const ACTION: Record<Exclude<ListKind, "WATCHLIST">, Record<ListIntent, LabelKey>> = {
  MY_LIST: { add: "addToMyList", remove: "removeFromMyList" },
  FAVOURITES: { add: "addToFavourites", remove: "removeFromFavourites" },
};

/** The control's accessible name: what pressing it does ("Add to My List"). */
export function actionLabel(listId: "my-list" | "favourites", inList: boolean): LabelKey {
  return ACTION[listKind(listId) as "MY_LIST" | "FAVOURITES"][inList ? "remove" : "add"];
}
