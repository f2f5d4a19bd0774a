import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadComposedPageRoute } from "../../app/composer/page-route.server.ts";
import { listsAction, listsLoader } from "../../app/lists/lists.server.ts";
import type { ListsView } from "../../app/lists/view.ts";
import type { ResolvedBlock } from "../../blocks/resolve.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { loaderArgs, sessionCookieFor, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

async function signedIn() {
  const account = await accountWithSession(platform.store, "arena");
  const cookie = await sessionCookieFor("arena", {
    accessToken: account.authorisationToken,
    refreshToken: account.refreshToken,
  });
  return { ...account, cookie };
}

async function arenaVideos(n: number) {
  const rows = await platform.store.db
    .select({ id: t.videos.id })
    .from(t.videos)
    .where(eq(t.videos.realm, "arena"))
    .orderBy(t.videos.id)
    .limit(n);
  return rows.map((r) => r.id);
}

const add = (auth: Record<string, string>, id: number) =>
  platform.api.call("arena", `/api/v2/lists/my-list/items/VOD_VIDEO/${id}`, {
    method: "PUT",
    headers: auth,
  });

/** A form post to a lists page, as a browser without scripts sends it. */
function post(path: string, cookie: string, fields: Record<string, string>) {
  const args = loaderArgs(webContext(platform.api), path, { Cookie: cookie });
  return listsAction({
    ...args,
    request: new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    }),
  });
}

async function view(path: string, cookie: string, page: "myList" | "watchlists" = "myList") {
  const answer = await listsLoader(
    page,
    loaderArgs(webContext(platform.api), path, { Cookie: cookie }),
  );
  return answer.data as ListsView;
}

describe("the my list page's loader and action", () => {
  it("shows the items in order and moves and removes them by plain form posts", async () => {
    const viewer = await signedIn();
    const [a, b] = await arenaVideos(2);
    await add(viewer.auth, a!);
    await add(viewer.auth, b!);
    const ids = async () => {
      const shown = await view("/realm/arena/my-list", viewer.cookie);
      expect(shown.state).toBe("ready");
      return shown.state === "ready" ? shown.lists[0]!.items.map((i) => i.card.id) : [];
    };
    expect(await ids()).toEqual([b, a]);
    const moved = await post("/realm/arena/my-list", viewer.cookie, {
      intent: "move",
      listId: "my-list",
      type: "VOD_VIDEO",
      id: String(b),
      direction: "down",
    }).catch((thrown: unknown) => thrown);
    expect((moved as Response).status).toBe(302);
    expect((moved as Response).headers.get("Location")).toBe("/realm/arena/my-list");
    expect(await ids()).toEqual([a, b]);
    await post("/realm/arena/my-list", viewer.cookie, {
      intent: "remove",
      listId: "my-list",
      type: "VOD_VIDEO",
      id: String(a),
    }).catch(() => null);
    expect(await ids()).toEqual([b]);
  });

  it("keeps a refused watchlist name and says why", async () => {
    const viewer = await signedIn();
    const refused = await post("/realm/arena/watchlists", viewer.cookie, {
      intent: "create",
      listId: "",
      name: "   ",
    });
    expect(refused).toMatchObject({
      init: { status: 400 },
      data: { ok: false, error: "watchlistNameInvalid", field: "name", value: "   " },
    });
  });

  it("invites a visitor without an account to sign in and come back", async () => {
    // Arena's my list is a content page (signed-out visitors go to sign-in first); its
    // watchlists page answers everyone.
    const shown = await view("/realm/arena/watchlists", "", "watchlists");
    expect(shown).toEqual({
      state: "signedOut",
      page: "watchlists",
      signIn: "/realm/arena/login?from=%2Fwatchlists",
    });
  });
});

describe("the my list row on arena's home page", () => {
  const row = (zones: { main?: ResolvedBlock[] }) => {
    const block = zones.main!.find((b) => b.config.type === "myList")!;
    expect(block.status).toBe("ok");
    return (block as { data: unknown }).data;
  };
  const home = (headers: Record<string, string>, path = "/realm/arena/home") =>
    loadComposedPageRoute(loaderArgs(webContext(platform.api), path, headers), "page", "home");

  it("shows each viewer their own list, and a visitor without an account nobody's", async () => {
    const first = await signedIn();
    const second = await signedIn();
    const [video] = await arenaVideos(1);
    await add(first.auth, video!);
    const mine = row((await home({ Cookie: first.cookie })).data.zones) as {
      list: { kind: string; items: { id: number }[] };
    };
    expect(mine.list.kind).toBe("MY_LIST");
    expect(mine.list.items.map((c) => c.id)).toEqual([video]);
    expect(row((await home({ Cookie: second.cookie })).data.zones)).toEqual({
      signedIn: true,
      list: { kind: "MY_LIST", items: [] },
    });
    // Arena's root (its home page) is open to visitors without an account.
    expect(row((await home({}, "/realm/arena")).data.zones)).toEqual({ signedIn: false });
  });
});
