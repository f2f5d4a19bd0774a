import { index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./identity.ts";

/* Viewer lists: my list, favourites and named watchlists, per account and profile. */

/**
 * One list of an account's profile (`profileKey` 0 for an account without profiles, as in
 * `watch_history`). My list and favourites are singletons, keyed by `singleton` so that two
 * requests creating one at once make one row; watchlists have no `singleton` (nulls never
 * conflict) and a name.
 */
export const viewerLists = pgTable(
  "viewer_lists",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profileKey: integer("profile_key").notNull().default(0),
    /** MY_LIST, FAVOURITES or WATCHLIST. */
    kind: text("kind").notNull(),
    /** The kind again for my list and favourites, null for watchlists. */
    singleton: text("singleton"),
    name: text("name"),
    createdAt: createdAt(),
  },
  (t) => [
    // Also serves every lookup of an owner's lists (its first two columns).
    uniqueIndex("viewer_lists_singleton_idx").on(t.userId, t.profileKey, t.singleton),
  ],
);

/** An item of a list: a video, event, playlist or series, at most once per list. */
export const viewerListItems = pgTable(
  "viewer_list_items",
  {
    listId: integer("list_id")
      .notNull()
      .references(() => viewerLists.id, { onDelete: "cascade" }),
    /** VOD_VIDEO, LIVE_EVENT, VOD_PLAYLIST or VOD_SERIES. */
    itemType: text("item_type").notNull(),
    contentId: integer("content_id").notNull(),
    /** Ascending from the front of the list; new items take one less than the first. */
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("viewer_list_items_item_idx").on(t.listId, t.itemType, t.contentId),
    index("viewer_list_items_order_idx").on(t.listId, t.position),
  ],
);
