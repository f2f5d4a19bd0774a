import { and, asc, count, eq, inArray, min, sql } from "drizzle-orm";
import type {
  ItemRef,
  ItemType,
  ListId,
  ViewerList,
} from "../../contract/generated/viewer-lists.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** Whose lists: an account, and its profile (0 when it acts as no profile). */
export interface ListOwner {
  userId: number;
  profileKey: number;
}

export type ListKind = ViewerList["kind"];
export type ListRow = typeof t.viewerLists.$inferSelect;
export type { ItemRef };

/** The most items a list holds, and the most watchlists a profile keeps. */
export const LIST_MAX_ITEMS = 200;
export const MAX_WATCHLISTS = 50;

export const ITEM_TYPES: readonly ItemType[] = [
  "VOD_VIDEO",
  "LIVE_EVENT",
  "VOD_PLAYLIST",
  "VOD_SERIES",
];

/** The list kinds a realm has (spec §2): my list unless disabled, favourites or watchlists. */
export function listKindsOf(settings: {
  myListMode?: unknown;
  watchlistsEnabled?: unknown;
}): ListKind[] {
  return [
    ...(settings.myListMode !== "DISABLED" ? (["MY_LIST"] as const) : []),
    ...(settings.watchlistsEnabled === true ? (["WATCHLIST"] as const) : (["FAVOURITES"] as const)),
  ];
}

/** The singleton list ids and their kinds. */
export const SINGLETONS = { "my-list": "MY_LIST", favourites: "FAVOURITES" } as const;
const SINGLETON_ID: Record<string, ListId> = { MY_LIST: "my-list", FAVOURITES: "favourites" };

/** The public id of a list row. */
export const listIdOf = (row: Pick<ListRow, "id" | "kind">): ListId =>
  SINGLETON_ID[row.kind] ?? String(row.id);

const ownedBy = (owner: ListOwner) =>
  and(eq(t.viewerLists.userId, owner.userId), eq(t.viewerLists.profileKey, owner.profileKey));

/** A singleton list as it stands, without creating it. */
export async function findSingleton(
  db: Db,
  owner: ListOwner,
  kind: "MY_LIST" | "FAVOURITES",
): Promise<ListRow | undefined> {
  const [row] = await db
    .select()
    .from(t.viewerLists)
    .where(and(ownedBy(owner), eq(t.viewerLists.singleton, kind)));
  return row;
}

/** A singleton list, created on first use; requests creating it at once make one row. */
export async function ensureSingleton(
  db: Db,
  owner: ListOwner,
  kind: "MY_LIST" | "FAVOURITES",
): Promise<ListRow> {
  await db
    .insert(t.viewerLists)
    .values({ ...owner, kind, singleton: kind })
    .onConflictDoNothing({
      target: [t.viewerLists.userId, t.viewerLists.profileKey, t.viewerLists.singleton],
    });
  return (await findSingleton(db, owner, kind))!;
}

/** One of the owner's watchlists, or undefined (another owner's lists are not found). */
export async function findWatchlist(
  db: Db,
  owner: ListOwner,
  id: number,
): Promise<ListRow | undefined> {
  const [row] = await db
    .select()
    .from(t.viewerLists)
    .where(and(ownedBy(owner), eq(t.viewerLists.id, id), eq(t.viewerLists.kind, "WATCHLIST")));
  return row;
}

/** The owner's lists of the given kinds with their item counts; missing singletons as empty. */
export async function listsOf(db: Db, owner: ListOwner, kinds: ListKind[]): Promise<ViewerList[]> {
  const rows = kinds.length
    ? await db
        .select({
          list: t.viewerLists,
          itemCount: sql<number>`(select count(*)::int from ${t.viewerListItems} where ${t.viewerListItems.listId} = ${t.viewerLists.id})`,
        })
        .from(t.viewerLists)
        .where(and(ownedBy(owner), inArray(t.viewerLists.kind, kinds)))
        .orderBy(asc(t.viewerLists.id))
    : [];
  const lists: ViewerList[] = [];
  for (const kind of kinds) {
    const ofKind = rows.filter((r) => r.list.kind === kind);
    if (kind !== "WATCHLIST" && ofKind.length === 0) {
      lists.push({ id: SINGLETON_ID[kind]!, kind, name: null, itemCount: 0 });
    }
    for (const r of ofKind) lists.push(view(r.list, r.itemCount));
  }
  return lists;
}

export const view = (row: ListRow, itemCount: number): ViewerList => ({
  id: listIdOf(row),
  kind: row.kind as ListKind,
  name: row.kind === "WATCHLIST" ? row.name : null,
  itemCount,
});

export async function itemCountOf(db: Db, listId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.viewerListItems)
    .where(eq(t.viewerListItems.listId, listId));
  return row?.n ?? 0;
}

/** The list's items, first first. */
export async function itemsOf(db: Db, listId: number): Promise<ItemRef[]> {
  const rows = await db
    .select({ type: t.viewerListItems.itemType, id: t.viewerListItems.contentId })
    .from(t.viewerListItems)
    .where(eq(t.viewerListItems.listId, listId))
    .orderBy(asc(t.viewerListItems.position), sql`${t.viewerListItems.createdAt} desc`);
  return rows.map((r) => ({ type: r.type as ItemType, id: r.id }));
}

export async function countWatchlists(db: Db, owner: ListOwner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(t.viewerLists)
    .where(and(ownedBy(owner), eq(t.viewerLists.kind, "WATCHLIST")));
  return row?.n ?? 0;
}

/** Why an add was refused: the list holds its most items already. */
export class ListFull extends Error {}

/**
 * Puts an item at the front of a list unless it is there already (`false` then). Runs in a
 * transaction holding the list row's lock, so parallel adds neither pass the limit nor share
 * a position, and the unique index keeps an item once however many requests add it.
 */
export async function addItem(db: Db, listId: number, item: ItemRef): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: t.viewerLists.id })
      .from(t.viewerLists)
      .where(eq(t.viewerLists.id, listId))
      .for("update");
    const [stats] = await tx
      .select({ n: count(), first: min(t.viewerListItems.position) })
      .from(t.viewerListItems)
      .where(eq(t.viewerListItems.listId, listId));
    if ((stats?.n ?? 0) >= LIST_MAX_ITEMS) {
      const [there] = await tx
        .select({ listId: t.viewerListItems.listId })
        .from(t.viewerListItems)
        .where(itemIs(listId, item));
      if (there) return false;
      throw new ListFull();
    }
    const inserted = await tx
      .insert(t.viewerListItems)
      .values({
        listId,
        itemType: item.type,
        contentId: item.id,
        position: (stats?.first ?? 1) - 1,
      })
      .onConflictDoNothing({
        target: [t.viewerListItems.listId, t.viewerListItems.itemType, t.viewerListItems.contentId],
      })
      .returning({ listId: t.viewerListItems.listId });
    return inserted.length > 0;
  });
}

const itemIs = (listId: number, item: ItemRef) =>
  and(
    eq(t.viewerListItems.listId, listId),
    eq(t.viewerListItems.itemType, item.type),
    eq(t.viewerListItems.contentId, item.id),
  );

/** Takes an item out of a list; `false` when it was not there. */
export async function removeItem(db: Db, listId: number, item: ItemRef): Promise<boolean> {
  const rows = await db
    .delete(t.viewerListItems)
    .where(itemIs(listId, item))
    .returning({ listId: t.viewerListItems.listId });
  return rows.length > 0;
}

export const refKey = (ref: ItemRef) => `${ref.type}:${ref.id}`;

/** Why a reorder was refused: the order does not name exactly the list's items. */
export class OrderMismatch extends Error {}

/**
 * Gives the list's items the order asked, which must name each of them once; checked and
 * written under the list row's lock, so an add in between cannot be lost or misplaced. Items
 * whose content is gone (`exists` says no) are not shown, so an order cannot name them: they
 * leave the list instead.
 */
export async function reorder(
  db: Db,
  listId: number,
  order: ItemRef[],
  exists: (db: Db, refs: ItemRef[]) => Promise<Set<string>>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .select({ id: t.viewerLists.id })
      .from(t.viewerLists)
      .where(eq(t.viewerLists.id, listId))
      .for("update");
    const current = (
      await tx
        .select({ type: t.viewerListItems.itemType, id: t.viewerListItems.contentId })
        .from(t.viewerListItems)
        .where(eq(t.viewerListItems.listId, listId))
    ).map((r): ItemRef => ({ type: r.type as ItemType, id: r.id }));
    const existing = await exists(tx, current);
    for (const gone of current.filter((r) => !existing.has(refKey(r)))) {
      await tx.delete(t.viewerListItems).where(itemIs(listId, gone));
    }
    const held = new Set([...existing]);
    const asked = new Set(order.map(refKey));
    if (
      asked.size !== order.length ||
      asked.size !== held.size ||
      [...asked].some((k) => !held.has(k))
    ) {
      throw new OrderMismatch(
        asked.size !== order.length
          ? "The order names an item more than once"
          : "The order must name exactly the items the list holds",
      );
    }
    if (order.length === 0) return;
    const values = sql.join(
      order.map((ref, position) => sql`(${ref.type}, ${ref.id}::int, ${position}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${t.viewerListItems} set "position" = v.position
      from (values ${values}) as v(item_type, content_id, position)
      where ${t.viewerListItems.listId} = ${listId}
        and ${t.viewerListItems.itemType} = v.item_type
        and ${t.viewerListItems.contentId} = v.content_id`);
  });
}

/** The ids of the owner's lists (of the given kinds) holding each item asked about. */
export async function membershipOf(
  db: Db,
  owner: ListOwner,
  kinds: ListKind[],
  refs: ItemRef[],
): Promise<Record<string, ListId[]>> {
  const answer: Record<string, ListId[]> = Object.fromEntries(refs.map((r) => [refKey(r), []]));
  if (refs.length === 0 || kinds.length === 0) return answer;
  const rows = await db
    .select({
      list: { id: t.viewerLists.id, kind: t.viewerLists.kind },
      type: t.viewerListItems.itemType,
      contentId: t.viewerListItems.contentId,
    })
    .from(t.viewerListItems)
    .innerJoin(t.viewerLists, eq(t.viewerLists.id, t.viewerListItems.listId))
    .where(
      and(
        ownedBy(owner),
        inArray(t.viewerLists.kind, kinds),
        inArray(t.viewerListItems.contentId, [...new Set(refs.map((r) => r.id))]),
      ),
    )
    .orderBy(asc(t.viewerLists.id));
  for (const row of rows) {
    answer[`${row.type}:${row.contentId}`]?.push(listIdOf(row.list));
  }
  return answer;
}
