import { and, eq, inArray } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import type {
  ItemType,
  ListChange,
  ListDetail,
  ListMembership,
  ListName,
  ListOrder,
  ViewerLists,
} from "../../contract/generated/viewer-lists.ts";
import {
  addItem,
  countWatchlists,
  ensureSingleton,
  findSingleton,
  findWatchlist,
  ITEM_TYPES,
  itemCountOf,
  itemsOf,
  LIST_MAX_ITEMS,
  ListFull,
  listKindsOf,
  listsOf,
  MAX_WATCHLISTS,
  membershipOf,
  OrderMismatch,
  removeItem,
  reorder,
  SINGLETONS,
  view,
  type ItemRef,
  type ListKind,
  type ListOwner,
  type ListRow,
} from "../lists/lists.ts";
import { profileKeyOf } from "../playback/history.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { accountOf, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import { type Card, eventCard, playlistCard, seriesCard, videoCard } from "./cards.ts";
import { playlistVodCount, seriesSeasonCount } from "./content.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { idParam, storedNumber } from "./pagination.ts";

/** The acting profile's my list, favourites and watchlists (spec §2), on v2. */
export const lists = new Hono<PlatformEnv>();

/** The paths of the lists API, below a version. */
export const LIST_PATHS = ["/lists", "/lists/*", "/list-membership"];

/**
 * Lists are the viewer's own: no answer about them is stored by a cache, refusals included
 * (the app runs this before it checks request bodies).
 */
export const privateAnswer = createMiddleware<PlatformEnv>(async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "private, no-store");
});

for (const path of LIST_PATHS) lists.use(path, authenticate, requireAccount);

async function ownerOf(c: Context<PlatformEnv>): Promise<ListOwner> {
  const user = await accountOf(c);
  return { userId: user.id, profileKey: profileKeyOf(c.get("viewer")!.pro?.id) };
}

const kindsOf = (c: Context<PlatformEnv>) =>
  listKindsOf(c.get("realm").settings as { myListMode?: unknown; watchlistsEnabled?: unknown });

const KIND_NAMES: Record<ListKind, string> = {
  MY_LIST: "my list",
  FAVOURITES: "favourites",
  WATCHLIST: "watchlists",
};

function requireKind(c: Context<PlatformEnv>, kind: ListKind) {
  if (!kindsOf(c).includes(kind)) {
    throw new ApiError(404, "LIST_NOT_AVAILABLE", `This realm has no ${KIND_NAMES[kind]}`);
  }
}

/**
 * The list a `listId` names, for the acting profile. My list and favourites are created on
 * first use when `create` is set; otherwise one never used is `null` (it is empty).
 */
async function listOf(
  c: Context<PlatformEnv>,
  owner: ListOwner,
  create: boolean,
): Promise<{ kind: ListKind; row: ListRow | null }> {
  const raw = c.req.param("listId") ?? "";
  const { db } = c.get("store");
  if (raw in SINGLETONS) {
    const kind = SINGLETONS[raw as keyof typeof SINGLETONS];
    requireKind(c, kind);
    const row = create
      ? await ensureSingleton(db, owner, kind)
      : await findSingleton(db, owner, kind);
    return { kind, row: row ?? null };
  }
  const id = /^[1-9]\d*$/.test(raw) ? storedNumber(raw) : null;
  if (id === null) throw notFound("List");
  requireKind(c, "WATCHLIST");
  const row = await findWatchlist(db, owner, id);
  if (!row) throw notFound("List");
  return { kind: "WATCHLIST", row };
}

const emptyList = (kind: ListKind) => ({
  id: kind === "MY_LIST" ? "my-list" : "favourites",
  kind,
  name: null,
  itemCount: 0,
});

/**
 * Cards of the items of the realm, by `TYPE:id`; items whose content does not exist (or is
 * another realm's) have none.
 */
export async function cardsOf(db: Db, realm: string, refs: ItemRef[]): Promise<Map<string, Card>> {
  const ids = (type: ItemType) => refs.filter((r) => r.type === type).map((r) => r.id);
  const when = <T>(type: ItemType, load: (ids: number[]) => Promise<T[]>) =>
    ids(type).length ? load(ids(type)) : Promise.resolve([] as T[]);
  const now = new Date();
  const [videos, events, playlists, series] = await Promise.all([
    when("VOD_VIDEO", (ids) =>
      db
        .select()
        .from(t.videos)
        .where(and(eq(t.videos.realm, realm), inArray(t.videos.id, ids))),
    ),
    when("LIVE_EVENT", (ids) =>
      db
        .select()
        .from(t.events)
        .where(and(eq(t.events.realm, realm), inArray(t.events.id, ids))),
    ),
    when("VOD_PLAYLIST", (ids) =>
      db
        .select({ row: t.playlists, n: playlistVodCount })
        .from(t.playlists)
        .where(and(eq(t.playlists.realm, realm), inArray(t.playlists.id, ids))),
    ),
    when("VOD_SERIES", (ids) =>
      db
        .select({ row: t.series, n: seriesSeasonCount })
        .from(t.series)
        .where(and(eq(t.series.realm, realm), inArray(t.series.id, ids))),
    ),
  ]);
  const cards = new Map<string, Card>();
  for (const v of videos) cards.set(`VOD_VIDEO:${v.id}`, videoCard(v));
  for (const e of events) cards.set(`LIVE_EVENT:${e.id}`, eventCard(e, now));
  for (const p of playlists) cards.set(`VOD_PLAYLIST:${p.row.id}`, playlistCard(p.row, p.n));
  for (const s of series) cards.set(`VOD_SERIES:${s.row.id}`, seriesCard(s.row, s.n));
  return cards;
}

async function detailOf(
  c: Context<PlatformEnv>,
  kind: ListKind,
  row: ListRow | null,
): Promise<ListDetail> {
  if (!row) return { list: emptyList(kind), items: [] };
  const { db } = c.get("store");
  const refs = await itemsOf(db, row.id);
  const cards = await cardsOf(db, c.get("realm").name, refs);
  return {
    list: view(row, refs.length),
    items: refs.flatMap((r) => cards.get(`${r.type}:${r.id}`) ?? []),
  };
}

/** The item a path names; it must be content of the caller's realm. */
async function itemOf(c: Context<PlatformEnv>): Promise<ItemRef> {
  const itemType = c.req.param("type") as ItemType;
  if (!ITEM_TYPES.includes(itemType)) {
    throw badRequest("INVALID_TYPE", `An item's type must be one of ${ITEM_TYPES.join(", ")}`);
  }
  return { type: itemType, id: idParam(c.req.param("contentId") ?? "") };
}

lists.get("/lists", async (c) => {
  const owner = await ownerOf(c);
  const answer: ViewerLists = { lists: await listsOf(c.get("store").db, owner, kindsOf(c)) };
  return c.json(answer);
});

lists.post("/lists", async (c) => {
  requireKind(c, "WATCHLIST");
  const owner = await ownerOf(c);
  const { db } = c.get("store");
  const { name } = await readObject<ListName>(c.req.raw);
  if ((await countWatchlists(db, owner)) >= MAX_WATCHLISTS) {
    throw new ApiError(
      409,
      "TOO_MANY_LISTS",
      `A profile keeps at most ${MAX_WATCHLISTS} watchlists`,
    );
  }
  const [row] = await db
    .insert(t.viewerLists)
    .values({ ...owner, kind: "WATCHLIST", name: name.trim() })
    .returning();
  return c.json(view(row!, 0), 201);
});

lists.get("/lists/:listId", async (c) => {
  const owner = await ownerOf(c);
  const { kind, row } = await listOf(c, owner, false);
  return c.json(await detailOf(c, kind, row));
});

/** Only watchlists have a name to change and can be deleted. */
function requireWatchlist(kind: ListKind) {
  if (kind !== "WATCHLIST") {
    throw new ApiError(
      409,
      "LIST_NOT_EDITABLE",
      "My list and favourites cannot be renamed or deleted",
    );
  }
}

lists.put("/lists/:listId", async (c) => {
  const owner = await ownerOf(c);
  const { kind, row } = await listOf(c, owner, false);
  requireWatchlist(kind);
  const { name } = await readObject<ListName>(c.req.raw);
  const { db } = c.get("store");
  const [renamed] = await db
    .update(t.viewerLists)
    .set({ name: name.trim() })
    .where(eq(t.viewerLists.id, row!.id))
    .returning();
  return c.json(view(renamed!, await itemCountOf(db, row!.id)));
});

lists.delete("/lists/:listId", async (c) => {
  const owner = await ownerOf(c);
  const { kind, row } = await listOf(c, owner, false);
  requireWatchlist(kind);
  await c.get("store").db.delete(t.viewerLists).where(eq(t.viewerLists.id, row!.id));
  return c.body(null, 204);
});

lists.put("/lists/:listId/items/:type/:contentId", async (c) => {
  const owner = await ownerOf(c);
  const item = await itemOf(c);
  const { db } = c.get("store");
  const cards = await cardsOf(db, c.get("realm").name, [item]);
  if (!cards.size) throw notFound("Content");
  const { row } = await listOf(c, owner, true);
  let changed: boolean;
  try {
    changed = await addItem(db, row!.id, item);
  } catch (error) {
    if (!(error instanceof ListFull)) throw error;
    throw new ApiError(409, "LIST_FULL", `A list holds at most ${LIST_MAX_ITEMS} items`);
  }
  const answer: ListChange = { changed, list: view(row!, await itemCountOf(db, row!.id)) };
  return c.json(answer);
});

lists.delete("/lists/:listId/items/:type/:contentId", async (c) => {
  const owner = await ownerOf(c);
  const item = await itemOf(c);
  const { db } = c.get("store");
  const { kind, row } = await listOf(c, owner, false);
  if (!row) return c.json({ changed: false, list: emptyList(kind) } satisfies ListChange);
  const changed = await removeItem(db, row.id, item);
  const answer: ListChange = { changed, list: view(row, await itemCountOf(db, row.id)) };
  return c.json(answer);
});

lists.put("/lists/:listId/order", async (c) => {
  const owner = await ownerOf(c);
  const { items } = await readObject<ListOrder>(c.req.raw);
  const { kind, row } = await listOf(c, owner, items.length > 0);
  try {
    if (row) {
      const realm = c.get("realm").name;
      await reorder(c.get("store").db, row.id, items, async (tx, refs) => {
        return new Set((await cardsOf(tx, realm, refs)).keys());
      });
    } else if (items.length) throw new OrderMismatch("The list is empty");
  } catch (error) {
    if (!(error instanceof OrderMismatch)) throw error;
    throw new ApiError(409, "LIST_ORDER_MISMATCH", error.message);
  }
  return c.json(await detailOf(c, kind, row));
});

const REF = /^(VOD_VIDEO|LIVE_EVENT|VOD_PLAYLIST|VOD_SERIES):([1-9]\d{0,9})$/;

lists.get("/list-membership", async (c) => {
  const raw = c.req.queries("ref") ?? [];
  if (raw.length > LIST_MAX_ITEMS) {
    throw badRequest("INVALID_QUERY", `Ask about at most ${LIST_MAX_ITEMS} items at once`);
  }
  const refs = raw.map((value): ItemRef => {
    const match = REF.exec(value);
    const id = match ? storedNumber(match[2]!) : null;
    if (!match || id === null) {
      throw badRequest(
        "INVALID_QUERY",
        `'ref' must be TYPE:id with TYPE one of ${ITEM_TYPES.join(", ")}: '${value.slice(0, 40)}' is not`,
      );
    }
    return { type: match[1] as ItemType, id };
  });
  const owner = await ownerOf(c);
  const answer: ListMembership = {
    memberships: await membershipOf(c.get("store").db, owner, kindsOf(c), refs),
  };
  return c.json(answer);
});
