import type { ItemRef, ListId } from "../../contract/generated/viewer-lists.ts";
import { contentId } from "../realm/content-id.ts";

export type ListItemType = ItemRef["type"];

const ITEM_TYPES: readonly ListItemType[] = [
  "VOD_VIDEO",
  "LIVE_EVENT",
  "VOD_PLAYLIST",
  "VOD_SERIES",
];
const LIST_ID = /^(my-list|favourites|[1-9][0-9]{0,9})$/;

/** `TYPE:id`, the key the platform's list membership answers by. */
export function refKey(ref: ItemRef): string {
  return `${ref.type}:${ref.id}`;
}

/** A `TYPE:id` from an address or a form, or null when it names no item a list can hold. */
export function parseRef(value: unknown): ItemRef | null {
  if (typeof value !== "string") return null;
  const colon = value.indexOf(":");
  if (colon < 0) return null;
  const type = value.slice(0, colon) as ListItemType;
  const id = contentId(value.slice(colon + 1));
  return ITEM_TYPES.includes(type) && id !== null ? { type, id } : null;
}

/** The list features of a realm, as the route table decides them (spec section 2). */
export interface ListFeatures {
  myList: boolean;
  noWatchlists: boolean;
  watchlists: boolean;
}

/**
 * The list an item is added to by one press: my list where the realm has it, else favourites
 * where watchlists are disabled; null where neither exists (watchlists only: the menu picks).
 */
export function primaryList(features: ListFeatures): "my-list" | "favourites" | null {
  if (features.myList) return "my-list";
  if (features.noWatchlists) return "favourites";
  return null;
}

/** Whether the realm has any list an item can be added to. */
export function hasLists(features: ListFeatures): boolean {
  return features.myList || features.noWatchlists || features.watchlists;
}

/**
 * A list id from a form, when it names a list this realm has: my list, favourites, or (where
 * watchlists are enabled) a watchlist's number, which the platform checks belongs to the viewer.
 */
export function parseListId(value: unknown, features: ListFeatures): ListId | null {
  if (typeof value !== "string" || !LIST_ID.test(value)) return null;
  if (value === "my-list") return features.myList ? value : null;
  if (value === "favourites") return features.noWatchlists ? value : null;
  return features.watchlists && Number(value) <= 2_147_483_647 ? value : null;
}
