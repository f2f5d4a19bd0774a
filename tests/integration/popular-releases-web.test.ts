import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadComposedPageRoute } from "../../app/composer/page-route.server.ts";
import type { ResolvedBlock } from "../../blocks/resolve.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { loaderArgs, sessionCookieFor, webContext } from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";

async function signedIn(realm: Realm) {
  const account = await accountWithSession(platform.store, realm, {
    profiles: [{ name: "Sam", type: "ADULT" }],
  });
  const cookie = await sessionCookieFor(realm, {
    accessToken: account.authorisationToken,
    refreshToken: account.refreshToken,
  });
  return { ...account, cookie };
}

async function videoId(realm: Realm, key: string) {
  const [row] = await platform.store.db
    .select({ id: t.videos.id })
    .from(t.videos)
    .where(and(eq(t.videos.realm, realm), eq(t.videos.externalKey, key)));
  return row!.id;
}

/** Records that the account watched a video `hoursAgo`, as the playback heartbeats do. */
async function watched(userId: number, contentId: number, hoursAgo: number) {
  await platform.store.db.insert(t.watchHistory).values({
    userId,
    kind: "vod",
    contentId,
    positionSeconds: 60,
    watchedAt: new Date(Date.now() - hoursAgo * 3_600_000),
  });
}

/** The one grid of a composed page, as the route resolved it for a signed-in viewer. */
async function gridOf(realm: Realm, page: "popular" | "releases", cookie: string) {
  const answer = await loadComposedPageRoute(
    loaderArgs(webContext(platform.api), `/realm/${realm}/${page}`, { Cookie: cookie }),
    "page",
    page,
  );
  const blocks = Object.values(answer.data.zones).flat() as ResolvedBlock[];
  const grid = blocks.find((b) => b.config.type === "grid")!;
  expect(grid.status, `${realm} ${page}`).toBe("ok");
  return (grid as ResolvedBlock & { data: ResultSet }).data;
}

describe("the popular and releases pages", () => {
  it("list what most viewers watched this week first, and nothing older than a week", async () => {
    const [a, b, c] = [await signedIn("arena"), await signedIn("arena"), await signedIn("arena")];
    const most = await videoId("arena", "replay-afc-209-main-card");
    const fewer = await videoId("arena", "replay-afc-fight-night-85");
    const old = await videoId("arena", "replay-afc-208-prelims");
    for (const viewer of [a, b, c]) await watched(viewer.user.id, most, 30);
    await watched(a.user.id, fewer, 2);
    // Watched by everyone, but more than 7 days ago: no longer popular.
    for (const viewer of [a, b, c]) await watched(viewer.user.id, old, 24 * 8);

    const grid = await gridOf("arena", "popular", a.cookie);
    const ids = grid.hits.map((hit) => hit.id);
    expect(ids.slice(0, 2)).toEqual([most, fewer]);
    expect(ids).not.toContain(old);
  });

  it("list the newest videos and replays first, in both realms", async () => {
    for (const realm of ["arena", "liga"] as const) {
      const viewer = await signedIn(realm);
      const grid = await gridOf(realm, "releases", viewer.cookie);
      expect(grid.hits.length).toBeGreaterThan(3);
      expect(grid.hits.every((hit) => hit.type === "VOD_VIDEO")).toBe(true);
      const newest = await platform.store.db
        .select({ id: t.videos.id, publishedAt: t.videos.publishedAt })
        .from(t.videos)
        .where(eq(t.videos.realm, realm));
      newest.sort((x, y) => y.publishedAt.getTime() - x.publishedAt.getTime() || x.id - y.id);
      expect(grid.hits.map((hit) => hit.id)).toEqual(
        newest.slice(0, grid.hits.length).map((row) => row.id),
      );
    }
  });
});
