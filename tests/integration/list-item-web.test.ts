import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { takeFlashToast } from "../../app/feedback/flash.server.ts";
import {
  listItemAction,
  listItemLoader,
  PENDING_ADD_TTL_MS,
} from "../../app/lists/list-item.server.ts";
import { listMembershipLoader } from "../../app/lists/membership.server.ts";
import { sessionStorage } from "../../app/session/session.server.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { loaderArgs, sessionCookieFor, WEB_SESSION, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";
type Viewer = Awaited<ReturnType<typeof signedIn>>;

/** The web tier against the seeded platform; every platform call's method and path is recorded. */
function web() {
  const calls: string[] = [];
  const context = webContext(platform.api, { calls });
  const listCalls = () => calls.filter((call) => /\/api\/v2\/list/.test(call));
  return { context, calls, listCalls };
}

/** The id of the first item of a catalogue table in a realm's demo content. */
async function firstId(
  table: typeof t.videos | typeof t.events | typeof t.series,
  realm: Realm,
): Promise<number> {
  const [row] = await platform.store.db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.realm, realm))
    .orderBy(table.id)
    .limit(1);
  if (!row) throw new Error(`no ${realm} demo content in this table`);
  return row.id;
}

/** A content id no table holds. */
async function missingVideoId(): Promise<number> {
  const rows = await platform.store.db.select({ id: t.videos.id }).from(t.videos);
  return Math.max(0, ...rows.map((r) => r.id)) + 1000;
}

/** A new account with a real session, and the web session cookie signing in makes for it. */
async function signedIn(realm: Realm) {
  const account = await accountWithSession(platform.store, realm, {
    profiles: [{ name: "Sam", type: "ADULT" }],
  });
  const cookie = await sessionCookieFor(realm, {
    accessToken: account.authorisationToken,
    refreshToken: account.refreshToken,
  });
  return { account, cookie };
}

/** A platform list call as the viewer (set-up and checks go through the real API too). */
async function api(realm: Realm, viewer: Viewer, method: string, path: string, body?: unknown) {
  const res = await platform.api.call(realm, `/api/v2${path}`, {
    method,
    headers: viewer.account.auth,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return res.status === 204 ? null : ((await res.json()) as Record<string, unknown>);
}

/** What a list of the viewer really holds, as the platform shows it: `TYPE:id`, first first. */
async function listItems(realm: Realm, viewer: Viewer, list: string): Promise<string[]> {
  const detail = (await api(realm, viewer, "GET", `/lists/${list}`)) as {
    items: { type: string; id: number }[];
  };
  return detail.items.map((card) => `${card.type}:${card.id}`);
}

/** A new watchlist of the viewer's, made through the platform: its id. */
async function newWatchlist(viewer: Viewer, name: string): Promise<string> {
  const created = (await api("arena", viewer, "POST", "/lists", { name })) as { id: string };
  return created.id;
}

function post(
  context: ReturnType<typeof web>["context"],
  realm: Realm,
  fields: Record<string, string>,
  cookie?: string,
): ActionFunctionArgs {
  return {
    request: new Request(`http://localhost/realm/${realm}/list-item`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams(fields),
    }),
    params: { realm },
    context: context as ActionFunctionArgs["context"],
  };
}

/** The session a response's cookie holds (what the next request will carry). */
async function sessionOf(realm: Realm, cookie: string | undefined) {
  return sessionStorage(WEB_SESSION, `/realm/${realm}`).getSession(cookie?.split(";")[0]);
}

/** The toast a redirect leaves for the next page: its level and label. */
async function toastOf(res: Response) {
  const setCookie = res.headers.get("Set-Cookie");
  expect(setCookie).toMatch(/__flash=/);
  const next = new Request("http://localhost/", {
    headers: { Cookie: setCookie!.split(";")[0]! },
  });
  const { toast } = await takeFlashToast(next, { session: WEB_SESSION });
  return { level: toast?.level, label: toast?.label };
}

/** The add form of an arena video page for the first demo video. */
async function arenaAdd() {
  const video = await firstId(t.videos, "arena");
  return {
    video,
    ref: `VOD_VIDEO:${video}`,
    fields: {
      intent: "add",
      list: "my-list",
      ref: `VOD_VIDEO:${video}`,
      returnTo: `/realm/arena/vod/${video}?t=3`,
    },
  };
}

describe("list-item: a signed-in viewer's form post", () => {
  it("adds with the viewer's session and goes back with a toast", async () => {
    const { fields, ref, video } = await arenaAdd();
    const viewer = await signedIn("arena");
    const { context, listCalls } = web();
    const res = await listItemAction(post(context, "arena", fields, viewer.cookie));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/realm/arena/vod/${video}?t=3`);
    expect(await toastOf(res)).toEqual({ level: "success", label: "addedToMyList" });
    expect(listCalls()).toEqual([`PUT /api/v2/lists/my-list/items/VOD_VIDEO/${video}`]);
    expect(await listItems("arena", viewer, "my-list")).toEqual([ref]);
  });

  it("removes, and answers a script with JSON", async () => {
    const { fields, video } = await arenaAdd();
    const viewer = await signedIn("arena");
    await api("arena", viewer, "PUT", `/lists/my-list/items/VOD_VIDEO/${video}`);
    const { context, listCalls } = web();
    const res = await listItemAction(
      post(context, "arena", { ...fields, intent: "remove", viaScript: "1" }, viewer.cookie),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      inList: false,
      list: { id: "my-list", kind: "MY_LIST", name: null, itemCount: 0 },
    });
    expect(listCalls()).toEqual([`DELETE /api/v2/lists/my-list/items/VOD_VIDEO/${video}`]);
    expect(await listItems("arena", viewer, "my-list")).toEqual([]);
  });

  it("adds to favourites on liga and to a watchlist on arena", async () => {
    const event = await firstId(t.events, "liga");
    const ligaViewer = await signedIn("liga");
    const liga = web();
    const favourite = await listItemAction(
      post(
        liga.context,
        "liga",
        {
          intent: "add",
          list: "favourites",
          ref: `LIVE_EVENT:${event}`,
          returnTo: `/realm/liga/live/${event}`,
        },
        ligaViewer.cookie,
      ),
    );
    expect(await toastOf(favourite)).toEqual({ level: "success", label: "addedToFavourites" });
    expect(liga.listCalls()).toEqual([`PUT /api/v2/lists/favourites/items/LIVE_EVENT/${event}`]);
    expect(await listItems("liga", ligaViewer, "favourites")).toEqual([`LIVE_EVENT:${event}`]);

    const series = await firstId(t.series, "arena");
    const arenaViewer = await signedIn("arena");
    const watchlist = await newWatchlist(arenaViewer, "Title fights");
    const arena = web();
    const res = await listItemAction(
      post(
        arena.context,
        "arena",
        {
          ...(await arenaAdd()).fields,
          list: watchlist,
          ref: `VOD_SERIES:${series}`,
          viaScript: "1",
        },
        arenaViewer.cookie,
      ),
    );
    expect(await res.json()).toEqual({
      ok: true,
      inList: true,
      list: { id: watchlist, kind: "WATCHLIST", name: "Title fights", itemCount: 1 },
    });
    expect(arena.listCalls()).toEqual([
      `PUT /api/v2/lists/${watchlist}/items/VOD_SERIES/${series}`,
    ]);
    expect(await listItems("arena", arenaViewer, watchlist)).toEqual([`VOD_SERIES:${series}`]);
    expect(await listItems("arena", arenaViewer, "my-list")).toEqual([]);
  });

  it("says so when the platform refuses, by toast or by status", async () => {
    const { fields } = await arenaAdd();
    const viewer = await signedIn("arena");
    const other = await signedIn("arena");
    const othersWatchlist = await newWatchlist(other, "Not yours");
    const refusals = [
      ["content that does not exist", { ref: `VOD_VIDEO:${await missingVideoId()}` }],
      ["another realm's content", { ref: `VOD_VIDEO:${await firstId(t.videos, "liga")}` }],
      ["another viewer's watchlist", { list: othersWatchlist }],
    ] as const;
    for (const [what, change] of refusals) {
      const { context, listCalls } = web();
      const plain = await listItemAction(
        post(context, "arena", { ...fields, ...change }, viewer.cookie),
      );
      expect(plain.status, what).toBe(302);
      expect(plain.headers.get("Location"), what).toBe(fields.returnTo);
      expect(await toastOf(plain), what).toEqual({ level: "error", label: "listChangeFailed" });
      const scripted = await listItemAction(
        post(context, "arena", { ...fields, ...change, viaScript: "1" }, viewer.cookie),
      );
      expect(scripted.status, what).toBe(404);
      expect(await scripted.json(), what).toEqual({
        ok: false,
        error: "listChangeFailed",
        code: "NOT_FOUND",
      });
      expect(listCalls(), what).toHaveLength(2);
    }
    expect(await listItems("arena", viewer, "my-list")).toEqual([]);
    expect(await listItems("arena", other, othersWatchlist)).toEqual([]);
  });
});

describe("list-item: what it refuses", () => {
  const refused = [
    ["a ref that is no item", "arena", { ref: "VOD_VIDEO:abc" }],
    ["a season (no list holds one)", "arena", { ref: "VOD_SEASON:3" }],
    ["an id past the largest", "arena", { ref: "VOD_VIDEO:99999999999" }],
    ["favourites where watchlists are on", "arena", { list: "favourites" }],
    ["my list where the realm has none", "liga", { list: "my-list" }],
    ["a watchlist where the realm has none", "liga", { list: "4" }],
    ["an unknown list", "arena", { list: "everything" }],
    ["an unknown intent", "arena", { intent: "toggle" }],
  ] as const;

  for (const [what, realm, change] of refused) {
    it(`refuses ${what} without asking the platform`, async () => {
      const video = await firstId(t.videos, realm);
      const viewer = await signedIn(realm);
      const { context, listCalls } = web();
      const fields = {
        intent: "add",
        list: realm === "arena" ? "my-list" : "favourites",
        ref: `VOD_VIDEO:${video}`,
        returnTo: `/realm/${realm}/home`,
        ...change,
      };
      const plain = await listItemAction(post(context, realm, fields, viewer.cookie));
      expect(plain.status).toBe(302);
      expect(plain.headers.get("Location")).toBe(`/realm/${realm}/home`);
      expect(await toastOf(plain)).toEqual({ level: "error", label: "listItemNotValid" });
      const scripted = await listItemAction(
        post(context, realm, { ...fields, viaScript: "1" }, viewer.cookie),
      );
      expect(scripted.status).toBe(400);
      expect(await scripted.json()).toEqual({ ok: false, error: "listItemNotValid" });
      expect(listCalls()).toEqual([]);
      const lists = (await api(realm, viewer, "GET", "/lists")) as {
        lists: { itemCount: number }[];
      };
      expect(lists.lists.map((list) => list.itemCount)).toEqual([0]);
    });
  }

  it("never goes back anywhere but this realm's pages", async () => {
    const { fields } = await arenaAdd();
    const viewer = await signedIn("arena");
    for (const returnTo of [
      "https://evil.test/realm/arena",
      "//evil.test/realm/arena",
      "/\\evil.test",
      "/%2F%2Fevil.test",
      "/realm/arena/../../evil",
      "javascript:alert(1)",
      "/realm/liga/home",
      "/realm/arenafake",
      "",
    ]) {
      const { context } = web();
      const res = await listItemAction(
        post(context, "arena", { ...fields, returnTo }, viewer.cookie),
      );
      expect(res.headers.get("Location"), returnTo).toBe("/realm/arena");
    }
    expect(await listItems("arena", viewer, "my-list")).toEqual([fields.ref]);
  });

  it("answers only posts", async () => {
    const { context } = web();
    const args = post(context, "arena", (await arenaAdd()).fields);
    const put = new Request(args.request.url, { method: "PUT", body: "x" });
    expect((await listItemAction({ ...args, request: put })).status).toBe(405);
  });
});

describe("list-item: sign in first, then the add is carried out", () => {
  /** The session cookie after signing in with `cookie`'s session: its other fields kept. */
  async function signInKeeping(realm: Realm, cookie: string | undefined, viewer: Viewer) {
    const session = await sessionOf(realm, cookie);
    session.set("accessToken", viewer.account.authorisationToken);
    session.set("refreshToken", viewer.account.refreshToken);
    return (await sessionStorage(WEB_SESSION, `/realm/${realm}`).commitSession(session)).split(
      ";",
    )[0]!;
  }

  it("sends a visitor to sign-in, keeping the add in the session cookie only", async () => {
    const { fields, ref, video } = await arenaAdd();
    const { context, listCalls } = web();
    const res = await listItemAction(post(context, "arena", fields));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/realm/arena/login");
    expect(location.searchParams.get("from")).toBe("/list-item");
    expect(listCalls()).toEqual([]);
    const session = await sessionOf("arena", context.sessionCookie);
    expect(session.get("pendingListAdd")).toMatchObject({
      list: "my-list",
      ref,
      returnTo: `/realm/arena/vod/${video}?t=3`,
    });
    expect(context.sessionCookie).toMatch(/HttpOnly/i);
    const script = web();
    const scripted = await listItemAction(
      post(script.context, "arena", { ...fields, viaScript: "1" }),
    );
    expect(scripted.status).toBe(401);
    expect(await scripted.json()).toEqual({
      ok: false,
      signIn: "/realm/arena/login?from=%2Flist-item",
    });
  });

  it("adds once signed in, forgets it, and goes back where the viewer was", async () => {
    const { fields, ref, video } = await arenaAdd();
    const first = web();
    await listItemAction(post(first.context, "arena", fields));
    const viewer = await signedIn("arena");
    const cookie = await signInKeeping("arena", first.context.sessionCookie, viewer);

    const back = web();
    const res = await listItemLoader(
      loaderArgs(back.context, "/realm/arena/list-item", { Cookie: cookie }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/realm/arena/vod/${video}?t=3`);
    expect(await toastOf(res)).toEqual({ level: "success", label: "addedToMyList" });
    expect(back.listCalls()).toEqual([`PUT /api/v2/lists/my-list/items/VOD_VIDEO/${video}`]);
    expect(await listItems("arena", viewer, "my-list")).toEqual([ref]);
    const after = await sessionOf("arena", back.context.sessionCookie);
    expect(after.get("pendingListAdd")).toBeUndefined();
    expect(after.get("accessToken")).toBe(viewer.account.authorisationToken);
  });

  it("sends a liga guest to sign-in too, then adds to the account's favourites", async () => {
    const res = await platform.api.call("liga", "/api/v2/login/guest/checkin", { method: "POST" });
    const tokens = (await res.json()) as { authorisationToken: string; refreshToken: string };
    const guest = await sessionCookieFor("liga", {
      accessToken: tokens.authorisationToken,
      refreshToken: tokens.refreshToken,
    });
    const video = await firstId(t.videos, "liga");
    const fields = {
      intent: "add",
      list: "favourites",
      ref: `VOD_VIDEO:${video}`,
      returnTo: `/realm/liga/vod/${video}`,
    };
    const removed = web();
    const remove = await listItemAction(
      post(removed.context, "liga", { ...fields, intent: "remove" }, guest),
    );
    expect(remove.headers.get("Location")).toBe(
      `/realm/liga/login?from=${encodeURIComponent(`/vod/${video}`)}`,
    );
    expect(removed.context.sessionCookie).toBeUndefined();
    expect(removed.listCalls()).toEqual([]);

    const added = web();
    const add = await listItemAction(post(added.context, "liga", fields, guest));
    expect(add.headers.get("Location")).toBe("/realm/liga/login?from=%2Flist-item");
    expect(added.listCalls()).toEqual([]);

    // Coming back still a guest asks to sign in again and keeps the add.
    const still = web();
    const again = await listItemLoader(
      loaderArgs(still.context, "/realm/liga/list-item", {
        Cookie: added.context.sessionCookie!.split(";")[0]!,
      }),
    );
    expect(again.headers.get("Location")).toBe("/realm/liga/login?from=%2Flist-item");
    expect(still.listCalls()).toEqual([]);

    const viewer = await signedIn("liga");
    const cookie = await signInKeeping("liga", added.context.sessionCookie, viewer);
    const back = web();
    const done = await listItemLoader(
      loaderArgs(back.context, "/realm/liga/list-item", { Cookie: cookie }),
    );
    expect(done.headers.get("Location")).toBe(`/realm/liga/vod/${video}`);
    expect(await toastOf(done)).toEqual({ level: "success", label: "addedToFavourites" });
    expect(await listItems("liga", viewer, "favourites")).toEqual([`VOD_VIDEO:${video}`]);
  });

  it("refuses a pending add that is stale, names another realm's page or list, or is gone", async () => {
    const video = await firstId(t.videos, "arena");
    const missing = await missingVideoId();
    const viewer = await signedIn("arena");
    const cases = [
      [
        {
          list: "my-list",
          ref: `VOD_VIDEO:${video}`,
          returnTo: `/realm/arena/vod/${video}`,
          at: Date.now() - PENDING_ADD_TTL_MS - 1,
        },
        `/realm/arena/vod/${video}`,
        "listItemNotValid",
        [],
      ],
      [
        {
          list: "favourites",
          ref: `VOD_VIDEO:${video}`,
          returnTo: `/realm/arena/vod/${video}`,
          at: Date.now(),
        },
        `/realm/arena/vod/${video}`,
        "listItemNotValid",
        [],
      ],
      [
        { list: "my-list", ref: "NEWS:1", returnTo: "//evil.test/", at: Date.now() },
        "/realm/arena",
        "listItemNotValid",
        [],
      ],
      [
        {
          list: "my-list",
          ref: `VOD_VIDEO:${missing}`,
          returnTo: `/realm/arena/vod/${missing}`,
          at: Date.now(),
        },
        `/realm/arena/vod/${missing}`,
        "listChangeFailed",
        [`PUT /api/v2/lists/my-list/items/VOD_VIDEO/${missing}`],
      ],
    ] as const;
    for (const [pending, location, label, expectedCalls] of cases) {
      const storage = sessionStorage(WEB_SESSION, "/realm/arena");
      const session = await storage.getSession();
      session.set("accessToken", viewer.account.authorisationToken);
      session.set("refreshToken", viewer.account.refreshToken);
      session.set("pendingListAdd", { ...pending });
      const cookie = (await storage.commitSession(session)).split(";")[0]!;
      const { context, listCalls } = web();
      const res = await listItemLoader(
        loaderArgs(context, "/realm/arena/list-item", { Cookie: cookie }),
      );
      expect(res.headers.get("Location")).toBe(location);
      expect(await toastOf(res)).toEqual({ level: "error", label });
      expect(listCalls()).toEqual(expectedCalls);
      expect(
        (await sessionOf("arena", context.sessionCookie)).get("pendingListAdd"),
      ).toBeUndefined();
    }
    expect(await listItems("arena", viewer, "my-list")).toEqual([]);
  });

  it("with nothing pending, goes to the realm's root", async () => {
    const { context, listCalls } = web();
    const res = await listItemLoader(loaderArgs(context, "/realm/liga/list-item"));
    expect(res.headers.get("Location")).toBe("/realm/liga");
    expect(listCalls()).toEqual([]);
  });
});

describe("list-membership", () => {
  it("asks the platform once for every item of the page, with the viewer's lists on arena", async () => {
    const video = await firstId(t.videos, "arena");
    const event = await firstId(t.events, "arena");
    const series = await firstId(t.series, "arena");
    const viewer = await signedIn("arena");
    await api("arena", viewer, "PUT", `/lists/my-list/items/VOD_VIDEO/${video}`);
    const watchlist = await newWatchlist(viewer, "Title fights");
    await api("arena", viewer, "PUT", `/lists/${watchlist}/items/VOD_VIDEO/${video}`);
    await api("arena", viewer, "PUT", `/lists/${watchlist}/items/LIVE_EVENT/${event}`);

    const { context, listCalls } = web();
    const refs = [
      `VOD_VIDEO:${video}`,
      `LIVE_EVENT:${event}`,
      `VOD_VIDEO:${video}`,
      `VOD_SERIES:${series}`,
    ];
    const res = await listMembershipLoader(
      loaderArgs(
        context,
        `/realm/arena/list-membership?${refs.map((ref) => `ref=${ref}`).join("&")}`,
        { Cookie: viewer.cookie },
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const answer = (await res.json()) as { memberships: Record<string, string[]> };
    expect(answer).toEqual({
      memberships: {
        [`VOD_VIDEO:${video}`]: expect.arrayContaining(["my-list", watchlist]),
        [`LIVE_EVENT:${event}`]: [watchlist],
        [`VOD_SERIES:${series}`]: [],
      },
      lists: [
        { id: "my-list", kind: "MY_LIST", name: null, itemCount: 1 },
        { id: watchlist, kind: "WATCHLIST", name: "Title fights", itemCount: 2 },
      ],
    });
    expect(answer.memberships[`VOD_VIDEO:${video}`]).toHaveLength(2);
    expect(listCalls().sort()).toEqual([
      `GET /api/v2/list-membership?ref=VOD_VIDEO%3A${video}&ref=LIVE_EVENT%3A${event}&ref=VOD_SERIES%3A${series}`,
      "GET /api/v2/lists",
    ]);
  });

  it("on liga asks only for membership", async () => {
    const video = await firstId(t.videos, "liga");
    const event = await firstId(t.events, "liga");
    const viewer = await signedIn("liga");
    await api("liga", viewer, "PUT", `/lists/favourites/items/VOD_VIDEO/${video}`);
    const { context, listCalls } = web();
    const res = await listMembershipLoader(
      loaderArgs(
        context,
        `/realm/liga/list-membership?ref=VOD_VIDEO:${video}&ref=LIVE_EVENT:${event}`,
        { Cookie: viewer.cookie },
      ),
    );
    expect((await res.json()) as unknown).toEqual({
      memberships: { [`VOD_VIDEO:${video}`]: ["favourites"], [`LIVE_EVENT:${event}`]: [] },
      lists: [],
    });
    expect(listCalls()).toEqual([
      `GET /api/v2/list-membership?ref=VOD_VIDEO%3A${video}&ref=LIVE_EVENT%3A${event}`,
    ]);
  });

  it("is empty for visitors, and refuses refs that name no item", async () => {
    const video = await firstId(t.videos, "arena");
    const { context, listCalls } = web();
    const anonymous = await listMembershipLoader(
      loaderArgs(context, `/realm/liga/list-membership?ref=VOD_VIDEO:${video}`),
    );
    expect(await anonymous.json()).toEqual({ memberships: {}, lists: [] });
    const viewer = await signedIn("arena");
    for (const query of [
      "ref=VOD_VIDEO:x",
      "ref=NEWS:1",
      Array.from({ length: 201 }, (_, i) => `ref=VOD_VIDEO:${i + 1}`).join("&"),
    ]) {
      const res = await listMembershipLoader(
        loaderArgs(context, `/realm/arena/list-membership?${query}`, { Cookie: viewer.cookie }),
      );
      expect(res.status, query.slice(0, 30)).toBe(400);
      expect(await res.json()).toEqual({ error: "listItemNotValid" });
    }
    expect(listCalls()).toEqual([]);
  });
});
