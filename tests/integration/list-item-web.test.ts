import type { ActionFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import {
  listItemAction,
  listItemLoader,
  PENDING_ADD_TTL_MS,
} from "../../app/lists/list-item.server.ts";
import { listMembershipLoader } from "../../app/lists/membership.server.ts";
import { sessionStorage } from "../../app/session/session.server.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { loaderArgs, sessionCookieFor, WEB_SESSION, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";

const LIST_PATH = /^\/api\/v2\/(lists\/[^/]+\/items\/[A-Z_]+\/\d+|list-membership|lists)$/;

/**
 * The web tier against the seeded platform, with the list endpoints of the contract played
 * here (add and remove answer a ListChange, membership says "in my list" for VOD_VIDEO:1).
 * Every platform call's method and path is recorded.
 */
function web() {
  const calls: string[] = [];
  const context = webContext(platform.api, {
    calls,
    intercept: (request) => {
      const url = new URL(request.url);
      if (!LIST_PATH.test(url.pathname)) return undefined;
      if (url.pathname === "/api/v2/list-membership") {
        const refs = url.searchParams.getAll("ref");
        return Response.json({
          memberships: Object.fromEntries(
            refs.map((ref) => [ref, ref === "VOD_VIDEO:1" ? ["my-list"] : []]),
          ),
        });
      }
      if (url.pathname === "/api/v2/lists") {
        return Response.json({
          lists: [
            { id: "my-list", kind: "MY_LIST", name: null, itemCount: 1 },
            { id: "4", kind: "WATCHLIST", name: "Title fights", itemCount: 0 },
          ],
        });
      }
      const listId = url.pathname.split("/")[4]!;
      return Response.json({
        changed: true,
        list: {
          id: listId,
          kind:
            listId === "my-list" ? "MY_LIST" : listId === "favourites" ? "FAVOURITES" : "WATCHLIST",
          name: null,
          itemCount: request.method === "PUT" ? 1 : 0,
        },
      });
    },
  });
  const listCalls = () => calls.filter((call) => /\/api\/v2\/list/.test(call));
  return { context, calls, listCalls };
}

async function signedInCookie(realm: Realm) {
  const account = await accountWithSession(platform.store, realm, {
    profiles: [{ name: "Sam", type: "ADULT" }],
  });
  return sessionCookieFor(realm, {
    accessToken: account.authorisationToken,
    refreshToken: account.refreshToken,
  });
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

const ADD = {
  intent: "add",
  list: "my-list",
  ref: "VOD_VIDEO:12",
  returnTo: "/realm/arena/vod/12?t=3",
};

describe("list-item: a signed-in viewer's form post", () => {
  it("adds with the viewer's session and goes back with a toast", async () => {
    const { context, listCalls } = web();
    const cookie = await signedInCookie("arena");
    const res = await listItemAction(post(context, "arena", ADD, cookie));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/realm/arena/vod/12?t=3");
    expect(res.headers.get("Set-Cookie")).toMatch(/__flash=/);
    expect(listCalls()).toEqual(["PUT /api/v2/lists/my-list/items/VOD_VIDEO/12"]);
  });

  it("removes, and answers a script with JSON", async () => {
    const { context, listCalls } = web();
    const cookie = await signedInCookie("arena");
    const res = await listItemAction(
      post(context, "arena", { ...ADD, intent: "remove", viaScript: "1" }, cookie),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, inList: false, list: { id: "my-list" } });
    expect(listCalls()).toEqual(["DELETE /api/v2/lists/my-list/items/VOD_VIDEO/12"]);
  });

  it("adds to favourites on liga and to a watchlist on arena", async () => {
    const liga = web();
    await listItemAction(
      post(
        liga.context,
        "liga",
        { intent: "add", list: "favourites", ref: "LIVE_EVENT:5", returnTo: "/realm/liga/live/5" },
        await signedInCookie("liga"),
      ),
    );
    expect(liga.listCalls()).toEqual(["PUT /api/v2/lists/favourites/items/LIVE_EVENT/5"]);
    const arena = web();
    await listItemAction(
      post(
        arena.context,
        "arena",
        { ...ADD, list: "4", ref: "VOD_SERIES:8" },
        await signedInCookie("arena"),
      ),
    );
    expect(arena.listCalls()).toEqual(["PUT /api/v2/lists/4/items/VOD_SERIES/8"]);
  });

  it("says so when the platform refuses, by toast or by status", async () => {
    const calls: string[] = [];
    const context = webContext(platform.api, {
      calls,
      intercept: (request) =>
        new URL(request.url).pathname.startsWith("/api/v2/lists/")
          ? Response.json({ code: "NOT_FOUND", messages: ["No such content"] }, { status: 404 })
          : undefined,
    });
    const cookie = await signedInCookie("arena");
    const plain = await listItemAction(post(context, "arena", ADD, cookie));
    expect(plain.status).toBe(302);
    expect(plain.headers.get("Location")).toBe("/realm/arena/vod/12?t=3");
    expect(plain.headers.get("Set-Cookie")).toMatch(/__flash=/);
    const scripted = await listItemAction(
      post(context, "arena", { ...ADD, viaScript: "1" }, cookie),
    );
    expect(scripted.status).toBe(404);
    expect(await scripted.json()).toMatchObject({ ok: false, error: "listChangeFailed" });
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
      const { context, listCalls } = web();
      const cookie = await signedInCookie(realm);
      const fields = { ...ADD, returnTo: `/realm/${realm}/home`, ...change };
      const plain = await listItemAction(post(context, realm, fields, cookie));
      expect(plain.status).toBe(302);
      expect(plain.headers.get("Location")).toBe(`/realm/${realm}/home`);
      expect(plain.headers.get("Set-Cookie")).toMatch(/__flash=/);
      const scripted = await listItemAction(
        post(context, realm, { ...fields, viaScript: "1" }, cookie),
      );
      expect(scripted.status).toBe(400);
      expect(await scripted.json()).toEqual({ ok: false, error: "listItemNotValid" });
      expect(listCalls()).toEqual([]);
    });
  }

  it("never goes back anywhere but this realm's pages", async () => {
    const cookie = await signedInCookie("arena");
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
      const res = await listItemAction(post(context, "arena", { ...ADD, returnTo }, cookie));
      expect(res.headers.get("Location"), returnTo).toBe("/realm/arena");
    }
  });

  it("answers only posts", async () => {
    const { context } = web();
    const args = post(context, "arena", ADD);
    const put = new Request(args.request.url, { method: "PUT", body: "x" });
    expect((await listItemAction({ ...args, request: put })).status).toBe(405);
  });
});

describe("list-item: sign in first, then the add is carried out", () => {
  it("sends a visitor to sign-in, keeping the add in the session cookie only", async () => {
    const { context, listCalls } = web();
    const res = await listItemAction(post(context, "arena", ADD));
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("Location")!, "http://localhost");
    expect(location.pathname).toBe("/realm/arena/login");
    expect(location.searchParams.get("from")).toBe("/list-item");
    expect(listCalls()).toEqual([]);
    const session = await sessionOf("arena", context.sessionCookie);
    expect(session.get("pendingListAdd")).toMatchObject({
      list: "my-list",
      ref: "VOD_VIDEO:12",
      returnTo: "/realm/arena/vod/12?t=3",
    });
    expect(context.sessionCookie).toMatch(/HttpOnly/i);
  });

  it("adds once signed in, forgets it, and goes back where the viewer was", async () => {
    const first = web();
    await listItemAction(post(first.context, "arena", ADD));
    // Sign-in keeps the session's other fields and adds the tokens.
    const account = await accountWithSession(platform.store, "arena", {
      profiles: [{ name: "Sam", type: "ADULT" }],
    });
    const session = await sessionOf("arena", first.context.sessionCookie);
    session.set("accessToken", account.authorisationToken);
    session.set("refreshToken", account.refreshToken);
    const cookie = (await sessionStorage(WEB_SESSION, "/realm/arena").commitSession(session)).split(
      ";",
    )[0]!;

    const back = web();
    const res = await listItemLoader(
      loaderArgs(back.context, "/realm/arena/list-item", { Cookie: cookie }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/realm/arena/vod/12?t=3");
    expect(res.headers.get("Set-Cookie")).toMatch(/__flash=/);
    expect(back.listCalls()).toEqual(["PUT /api/v2/lists/my-list/items/VOD_VIDEO/12"]);
    const after = await sessionOf("arena", back.context.sessionCookie);
    expect(after.get("pendingListAdd")).toBeUndefined();
    expect(after.get("accessToken")).toBe(account.authorisationToken);
  });

  it("sends a liga guest to sign-in too; a remove just asks to sign in", async () => {
    const res = await platform.api.call("liga", "/api/v2/login/guest/checkin", { method: "POST" });
    const tokens = (await res.json()) as { authorisationToken: string; refreshToken: string };
    const guest = await sessionCookieFor("liga", {
      accessToken: tokens.authorisationToken,
      refreshToken: tokens.refreshToken,
    });
    const fields = {
      intent: "add",
      list: "favourites",
      ref: "VOD_VIDEO:3",
      returnTo: "/realm/liga/vod/3",
    };
    const added = web();
    const add = await listItemAction(post(added.context, "liga", fields, guest));
    expect(add.headers.get("Location")).toBe("/realm/liga/login?from=%2Flist-item");
    expect(added.listCalls()).toEqual([]);
    const removed = web();
    const remove = await listItemAction(
      post(removed.context, "liga", { ...fields, intent: "remove" }, guest),
    );
    expect(remove.headers.get("Location")).toBe("/realm/liga/login?from=%2Fvod%2F3");
    expect(removed.context.sessionCookie).toBeUndefined();
  });

  it("refuses a pending add that is stale, names another realm's page, or another realm's list", async () => {
    const account = await accountWithSession(platform.store, "arena", {
      profiles: [{ name: "Sam", type: "ADULT" }],
    });
    const cases = [
      [
        {
          list: "my-list",
          ref: "VOD_VIDEO:12",
          returnTo: "/realm/arena/vod/12",
          at: Date.now() - PENDING_ADD_TTL_MS - 1,
        },
        "/realm/arena/vod/12",
      ],
      [
        {
          list: "favourites",
          ref: "VOD_VIDEO:12",
          returnTo: "/realm/arena/vod/12",
          at: Date.now(),
        },
        "/realm/arena/vod/12",
      ],
      [
        { list: "my-list", ref: "NEWS:1", returnTo: "//evil.test/", at: Date.now() },
        "/realm/arena",
      ],
    ] as const;
    for (const [pending, location] of cases) {
      const storage = sessionStorage(WEB_SESSION, "/realm/arena");
      const session = await storage.getSession();
      session.set("accessToken", account.authorisationToken);
      session.set("refreshToken", account.refreshToken);
      session.set("pendingListAdd", { ...pending });
      const cookie = (await storage.commitSession(session)).split(";")[0]!;
      const { context, listCalls } = web();
      const res = await listItemLoader(
        loaderArgs(context, "/realm/arena/list-item", { Cookie: cookie }),
      );
      expect(res.headers.get("Location")).toBe(location);
      expect(listCalls()).toEqual([]);
      expect(
        (await sessionOf("arena", context.sessionCookie)).get("pendingListAdd"),
      ).toBeUndefined();
    }
  });

  it("with nothing pending, goes to the realm's root", async () => {
    const { context } = web();
    const res = await listItemLoader(loaderArgs(context, "/realm/liga/list-item"));
    expect(res.headers.get("Location")).toBe("/realm/liga");
  });
});

describe("list-membership", () => {
  it("asks the platform once for every item of the page, with the viewer's lists on arena", async () => {
    const { context, listCalls } = web();
    const cookie = await signedInCookie("arena");
    const res = await listMembershipLoader(
      loaderArgs(
        context,
        "/realm/arena/list-membership?ref=VOD_VIDEO:1&ref=LIVE_EVENT:2&ref=VOD_VIDEO:1&ref=VOD_SERIES:3",
        { Cookie: cookie },
      ),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(await res.json()).toEqual({
      memberships: { "VOD_VIDEO:1": ["my-list"], "LIVE_EVENT:2": [], "VOD_SERIES:3": [] },
      lists: [
        { id: "my-list", kind: "MY_LIST", name: null, itemCount: 1 },
        { id: "4", kind: "WATCHLIST", name: "Title fights", itemCount: 0 },
      ],
    });
    expect(listCalls().sort()).toEqual([
      "GET /api/v2/list-membership?ref=VOD_VIDEO%3A1&ref=LIVE_EVENT%3A2&ref=VOD_SERIES%3A3",
      "GET /api/v2/lists",
    ]);
  });

  it("on liga asks only for membership", async () => {
    const { context, listCalls } = web();
    const res = await listMembershipLoader(
      loaderArgs(context, "/realm/liga/list-membership?ref=VOD_VIDEO:1", {
        Cookie: await signedInCookie("liga"),
      }),
    );
    expect((await res.json()) as unknown).toEqual({
      memberships: { "VOD_VIDEO:1": ["my-list"] },
      lists: [],
    });
    expect(listCalls()).toEqual(["GET /api/v2/list-membership?ref=VOD_VIDEO%3A1"]);
  });

  it("is empty for visitors, and refuses refs that name no item", async () => {
    const { context, listCalls } = web();
    const anonymous = await listMembershipLoader(
      loaderArgs(context, "/realm/liga/list-membership?ref=VOD_VIDEO:1"),
    );
    expect(await anonymous.json()).toEqual({ memberships: {}, lists: [] });
    const cookie = await signedInCookie("arena");
    for (const query of [
      "ref=VOD_VIDEO:x",
      "ref=NEWS:1",
      `${"ref=VOD_VIDEO:1&".repeat(1)}${Array.from({ length: 201 }, (_, i) => `ref=VOD_VIDEO:${i + 1}`).join("&")}`,
    ]) {
      const res = await listMembershipLoader(
        loaderArgs(context, `/realm/arena/list-membership?${query}`, { Cookie: cookie }),
      );
      expect(res.status, query.slice(0, 30)).toBe(400);
    }
    expect(listCalls()).toEqual([]);
  });
});
