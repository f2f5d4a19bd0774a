import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { BodySchemaName } from "../../contract/schemas/index.ts";
import { validateBody } from "../../contract/validator.ts";
import { createTokenIssuer } from "../../platform/auth/tokens.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { TEST_TOKEN_SECRET, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";
type Auth = Record<string, string>;

const FAMILY = [
  { name: "Sam", type: "ADULT" as const },
  { name: "Kid", type: "CHILD" as const },
];

/** Ids of the first `n` rows of a catalogue table in a realm. */
async function idsOf(
  table: typeof t.videos | typeof t.events | typeof t.playlists | typeof t.series,
  realm: Realm,
  n = 3,
) {
  const rows = await platform.store.db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.realm, realm))
    .orderBy(table.id)
    .limit(n);
  return rows.map((r) => r.id);
}

async function call(
  realm: Realm,
  auth: Auth,
  method: string,
  path: string,
  body?: unknown,
  expected?: BodySchemaName,
) {
  const res = await platform.api.call(realm, `/api/v2${path}`, {
    method,
    headers: auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  const json = res.status === 204 ? null : await res.json();
  if (expected && res.ok) expect(validateBody(expected, json).issues).toEqual([]);
  return { status: res.status, body: json };
}

const add = (realm: Realm, auth: Auth, list: string, type: string, id: number) =>
  call(realm, auth, "PUT", `/lists/${list}/items/${type}/${id}`, undefined, "listChange");
const remove = (realm: Realm, auth: Auth, list: string, type: string, id: number) =>
  call(realm, auth, "DELETE", `/lists/${list}/items/${type}/${id}`, undefined, "listChange");
const detail = (realm: Realm, auth: Auth, list: string) =>
  call(realm, auth, "GET", `/lists/${list}`, undefined, "listDetail");
const cardIds = (body: { items: { type: string; id: number }[] }) =>
  body.items.map((c) => `${c.type}:${c.id}`);

describe("viewer lists", () => {
  it("lists the kinds the realm has: my list and watchlists on arena, favourites on liga", async () => {
    const arena = await accountWithSession(platform.store, "arena");
    const liga = await accountWithSession(platform.store, "liga");
    const a = await call("arena", arena.auth, "GET", "/lists", undefined, "viewerLists");
    expect(a.status).toBe(200);
    expect(a.body.lists).toEqual([{ id: "my-list", kind: "MY_LIST", name: null, itemCount: 0 }]);
    const l = await call("liga", liga.auth, "GET", "/lists", undefined, "viewerLists");
    expect(l.body.lists).toEqual([
      { id: "favourites", kind: "FAVOURITES", name: null, itemCount: 0 },
    ]);
  });

  it("adds to the front, idempotently, and shows the items as cards in list order", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const [video] = await idsOf(t.videos, "arena");
    const [event] = await idsOf(t.events, "arena");
    const [playlist] = await idsOf(t.playlists, "arena");
    const [series] = await idsOf(t.series, "arena");
    expect((await detail("arena", viewer.auth, "my-list")).body).toEqual({
      list: { id: "my-list", kind: "MY_LIST", name: null, itemCount: 0 },
      items: [],
    });
    const first = await add("arena", viewer.auth, "my-list", "VOD_VIDEO", video!);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      changed: true,
      list: { id: "my-list", kind: "MY_LIST", name: null, itemCount: 1 },
    });
    const again = await add("arena", viewer.auth, "my-list", "VOD_VIDEO", video!);
    expect(again.body).toMatchObject({ changed: false, list: { itemCount: 1 } });
    await add("arena", viewer.auth, "my-list", "LIVE_EVENT", event!);
    await add("arena", viewer.auth, "my-list", "VOD_PLAYLIST", playlist!);
    await add("arena", viewer.auth, "my-list", "VOD_SERIES", series!);
    const shown = await detail("arena", viewer.auth, "my-list");
    expect(shown.status).toBe(200);
    expect(cardIds(shown.body)).toEqual([
      `VOD_SERIES:${series}`,
      `VOD_PLAYLIST:${playlist}`,
      `LIVE_EVENT:${event}`,
      `VOD_VIDEO:${video}`,
    ]);
    expect(shown.body.items[1].vodCount).toBeGreaterThan(0);
    expect(shown.body.list.itemCount).toBe(4);
    const lists = await call("arena", viewer.auth, "GET", "/lists");
    expect(lists.body.lists[0]).toMatchObject({ id: "my-list", itemCount: 4 });
  });

  it("removes idempotently", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const [video] = await idsOf(t.videos, "liga");
    // Removing from a list never used changes nothing.
    expect((await remove("liga", viewer.auth, "favourites", "VOD_VIDEO", video!)).body).toEqual({
      changed: false,
      list: { id: "favourites", kind: "FAVOURITES", name: null, itemCount: 0 },
    });
    await add("liga", viewer.auth, "favourites", "VOD_VIDEO", video!);
    const gone = await remove("liga", viewer.auth, "favourites", "VOD_VIDEO", video!);
    expect(gone.body).toMatchObject({ changed: true, list: { itemCount: 0 } });
    const twice = await remove("liga", viewer.auth, "favourites", "VOD_VIDEO", video!);
    expect(twice.body).toMatchObject({ changed: false, list: { itemCount: 0 } });
  });

  it("keeps one row and distinct positions under parallel adds", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const videos = await idsOf(t.videos, "arena", 6);
    const same = await Promise.all(
      Array.from({ length: 5 }, () =>
        add("arena", viewer.auth, "my-list", "VOD_VIDEO", videos[0]!),
      ),
    );
    expect(same.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(same.filter((r) => r.body.changed)).toHaveLength(1);
    await Promise.all(
      videos.slice(1).map((id) => add("arena", viewer.auth, "my-list", "VOD_VIDEO", id)),
    );
    const rows = await platform.store.db
      .select({ position: t.viewerListItems.position, id: t.viewerListItems.contentId })
      .from(t.viewerListItems)
      .innerJoin(t.viewerLists, eq(t.viewerLists.id, t.viewerListItems.listId))
      .where(eq(t.viewerLists.userId, viewer.user.id));
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.position)).size).toBe(6);
    const singletons = await platform.store.db
      .select()
      .from(t.viewerLists)
      .where(eq(t.viewerLists.userId, viewer.user.id));
    expect(singletons).toHaveLength(1);
  });

  it("refuses content of another realm and ids that do not exist, and bad types", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const [ligaVideo] = await idsOf(t.videos, "liga");
    const [ligaSeries] = await idsOf(t.series, "liga");
    const other = await add("arena", viewer.auth, "my-list", "VOD_VIDEO", ligaVideo!);
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("NOT_FOUND");
    expect((await add("arena", viewer.auth, "my-list", "VOD_SERIES", ligaSeries!)).status).toBe(
      404,
    );
    expect((await add("arena", viewer.auth, "my-list", "VOD_VIDEO", 2_000_000_000)).status).toBe(
      404,
    );
    const badType = await add("arena", viewer.auth, "my-list", "NEWS", 1);
    expect(badType.status).toBe(400);
    expect(badType.body.code).toBe("INVALID_TYPE");
    expect((await detail("arena", viewer.auth, "my-list")).body.items).toEqual([]);
  });

  it("keeps each profile's lists apart, and lets a child profile keep its own", async () => {
    const adult = await accountWithSession(platform.store, "arena", { profiles: FAMILY });
    const child = await createTokenIssuer(TEST_TOKEN_SECRET).issueAccess({
      sub: String(adult.user.id),
      rlm: "arena",
      rol: ["CUSTOMER"],
      gue: false,
      pro: { id: adult.profiles[1]!.id, type: "c" },
    });
    const childAuth = { Authorization: `Bearer ${child}` };
    const [a, b] = await idsOf(t.videos, "arena", 2);
    await add("arena", adult.auth, "my-list", "VOD_VIDEO", a!);
    expect((await add("arena", childAuth, "my-list", "VOD_VIDEO", b!)).status).toBe(200);
    expect(cardIds((await detail("arena", adult.auth, "my-list")).body)).toEqual([
      `VOD_VIDEO:${a}`,
    ]);
    expect(cardIds((await detail("arena", childAuth, "my-list")).body)).toEqual([`VOD_VIDEO:${b}`]);
    const created = await call("arena", adult.auth, "POST", "/lists", { name: "Sam's" });
    const seen = await call("arena", childAuth, "GET", `/lists/${created.body.id}`);
    expect(seen.status).toBe(404);
    expect((await call("arena", childAuth, "DELETE", `/lists/${created.body.id}`)).status).toBe(
      404,
    );
    const membership = await call(
      "arena",
      childAuth,
      "GET",
      `/list-membership?ref=VOD_VIDEO:${a}&ref=VOD_VIDEO:${b}`,
      undefined,
      "listMembership",
    );
    expect(membership.body.memberships).toEqual({
      [`VOD_VIDEO:${a}`]: [],
      [`VOD_VIDEO:${b}`]: ["my-list"],
    });
  });

  it("creates, renames and deletes watchlists, which another account cannot reach", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const stranger = await accountWithSession(platform.store, "arena");
    const created = await call("arena", viewer.auth, "POST", "/lists", { name: "  Title fights " });
    expect(created.status).toBe(201);
    expect(validateBody("viewerList", created.body).issues).toEqual([]);
    expect(created.body).toMatchObject({ kind: "WATCHLIST", name: "Title fights", itemCount: 0 });
    const id = created.body.id as string;
    const [video] = await idsOf(t.videos, "arena");
    expect((await add("arena", viewer.auth, id, "VOD_VIDEO", video!)).body).toMatchObject({
      changed: true,
      list: { id, kind: "WATCHLIST", name: "Title fights", itemCount: 1 },
    });
    const renamed = await call("arena", viewer.auth, "PUT", `/lists/${id}`, { name: "Classics" });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id, kind: "WATCHLIST", name: "Classics", itemCount: 1 });
    const all = await call("arena", viewer.auth, "GET", "/lists", undefined, "viewerLists");
    expect(all.body.lists.map((l: { id: string }) => l.id)).toEqual(["my-list", id]);
    const membership = await call(
      "arena",
      viewer.auth,
      "GET",
      `/list-membership?ref=VOD_VIDEO:${video}`,
    );
    expect(membership.body.memberships).toEqual({ [`VOD_VIDEO:${video}`]: [id] });

    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { name: "Mine now" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call("arena", stranger.auth, method, `/lists/${id}`, body);
      expect(res.status).toBe(404);
    }
    expect((await add("arena", stranger.auth, id, "VOD_VIDEO", video!)).status).toBe(404);

    const blank = await call("arena", viewer.auth, "PUT", `/lists/${id}`, { name: "   " });
    expect(blank.status).toBe(400);
    expect(blank.body.code).toBe("INVALID_BODY");
    const fixed = await call("arena", viewer.auth, "PUT", "/lists/my-list", { name: "Mine" });
    expect(fixed.status).toBe(409);
    expect(fixed.body.code).toBe("LIST_NOT_EDITABLE");
    expect((await call("arena", viewer.auth, "DELETE", "/lists/my-list")).status).toBe(409);

    expect((await call("arena", viewer.auth, "DELETE", `/lists/${id}`)).status).toBe(204);
    expect((await call("arena", viewer.auth, "GET", `/lists/${id}`)).status).toBe(404);
    const left = await platform.store.db
      .select()
      .from(t.viewerListItems)
      .where(eq(t.viewerListItems.listId, Number(id)));
    expect(left).toEqual([]);
  });

  it("answers 404 LIST_NOT_AVAILABLE for a kind of list the realm does not have", async () => {
    const arena = await accountWithSession(platform.store, "arena");
    const liga = await accountWithSession(platform.store, "liga");
    const [arenaVideo] = await idsOf(t.videos, "arena");
    const [ligaVideo] = await idsOf(t.videos, "liga");
    const favourites = await add("arena", arena.auth, "favourites", "VOD_VIDEO", arenaVideo!);
    expect(favourites.status).toBe(404);
    expect(favourites.body.code).toBe("LIST_NOT_AVAILABLE");
    expect((await detail("liga", liga.auth, "my-list")).body.code).toBe("LIST_NOT_AVAILABLE");
    expect((await add("liga", liga.auth, "my-list", "VOD_VIDEO", ligaVideo!)).status).toBe(404);
    const create = await call("liga", liga.auth, "POST", "/lists", { name: "Derbies" });
    expect(create.status).toBe(404);
    expect(create.body.code).toBe("LIST_NOT_AVAILABLE");
    expect((await detail("liga", liga.auth, "7")).body.code).toBe("LIST_NOT_AVAILABLE");
    expect((await detail("arena", arena.auth, "watch-later")).status).toBe(404);
  });

  it("reorders only with exactly the list's items", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const [a, b, c] = await idsOf(t.videos, "arena", 3);
    for (const id of [a, b, c]) await add("arena", viewer.auth, "my-list", "VOD_VIDEO", id!);
    const ref = (id: number | undefined) => ({ type: "VOD_VIDEO", id });
    const order = (items: unknown[]) =>
      call("arena", viewer.auth, "PUT", "/lists/my-list/order", { items }, "listDetail");
    const done = await order([ref(a), ref(c), ref(b)]);
    expect(done.status).toBe(200);
    expect(cardIds(done.body)).toEqual([`VOD_VIDEO:${a}`, `VOD_VIDEO:${c}`, `VOD_VIDEO:${b}`]);
    for (const wrong of [
      [ref(a), ref(c)],
      [ref(a), ref(c), ref(b), { type: "LIVE_EVENT", id: 1 }],
      [ref(a), ref(a), ref(c)],
      [ref(a), ref(a), ref(b), ref(c)],
    ]) {
      const refused = await order(wrong);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("LIST_ORDER_MISMATCH");
    }
    const malformed = await order([{ type: "VOD_VIDEO" }]);
    expect(malformed.status).toBe(400);
    expect(cardIds((await detail("arena", viewer.auth, "my-list")).body)).toEqual([
      `VOD_VIDEO:${a}`,
      `VOD_VIDEO:${c}`,
      `VOD_VIDEO:${b}`,
    ]);
    // A new item goes in front of the new order.
    const [event] = await idsOf(t.events, "arena");
    await add("arena", viewer.auth, "my-list", "LIVE_EVENT", event!);
    expect(cardIds((await detail("arena", viewer.auth, "my-list")).body)[0]).toBe(
      `LIVE_EVENT:${event}`,
    );
  });

  it("holds at most 200 items", async () => {
    const viewer = await accountWithSession(platform.store, "arena");
    const [video, other] = await idsOf(t.videos, "arena", 2);
    await add("arena", viewer.auth, "my-list", "VOD_VIDEO", video!);
    const [list] = await platform.store.db
      .select()
      .from(t.viewerLists)
      .where(and(eq(t.viewerLists.userId, viewer.user.id), eq(t.viewerLists.kind, "MY_LIST")));
    // 199 more items (their content ids need not exist for the limit to apply).
    await platform.store.db.insert(t.viewerListItems).values(
      Array.from({ length: 199 }, (_, i) => ({
        listId: list!.id,
        itemType: "LIVE_EVENT",
        contentId: 1_000_000 + i,
        position: i + 1,
      })),
    );
    const full = await add("arena", viewer.auth, "my-list", "VOD_VIDEO", other!);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe("LIST_FULL");
    // Adding one already there still changes nothing rather than failing.
    expect((await add("arena", viewer.auth, "my-list", "VOD_VIDEO", video!)).body).toMatchObject({
      changed: false,
      list: { itemCount: 200 },
    });
    // Items whose content is gone are left out of the detail; an order names only what is
    // shown, and the gone items leave the list.
    expect(cardIds((await detail("arena", viewer.auth, "my-list")).body)).toEqual([
      `VOD_VIDEO:${video}`,
    ]);
    const reordered = await call("arena", viewer.auth, "PUT", "/lists/my-list/order", {
      items: [{ type: "VOD_VIDEO", id: video }],
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body.list.itemCount).toBe(1);
    expect((await add("arena", viewer.auth, "my-list", "VOD_VIDEO", other!)).status).toBe(200);
  });

  it("refuses anonymous callers and guests the way account calls do", async () => {
    const anonymous = await call("liga", {}, "GET", "/lists");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe("AUTHENTICATION_REQUIRED");
    const checkin = await platform.api.call("liga", "/api/v2/login/guest/checkin", {
      method: "POST",
    });
    const { authorisationToken } = (await checkin.json()) as { authorisationToken: string };
    const guest = { Authorization: `Bearer ${authorisationToken}` };
    for (const [method, path] of [
      ["GET", "/lists"],
      ["GET", "/lists/favourites"],
      ["PUT", "/lists/favourites/items/VOD_VIDEO/1"],
      ["GET", "/list-membership?ref=VOD_VIDEO:1"],
    ] as const) {
      const res = await call("liga", guest, method, path);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("FORBIDDEN");
    }
  });

  it("checks membership refs", async () => {
    const viewer = await accountWithSession(platform.store, "liga");
    const bad = await call("liga", viewer.auth, "GET", "/list-membership?ref=VIDEO:1");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("INVALID_QUERY");
    const many = Array.from({ length: 201 }, (_, i) => `ref=VOD_VIDEO:${i + 1}`).join("&");
    expect((await call("liga", viewer.auth, "GET", `/list-membership?${many}`)).status).toBe(400);
    const none = await call("liga", viewer.auth, "GET", "/list-membership");
    expect(none.body).toEqual({ memberships: {} });
  });
});
