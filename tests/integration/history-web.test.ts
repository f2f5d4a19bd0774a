import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadComposedPageRoute } from "../../app/composer/page-route.server.ts";
import { historyLoader } from "../../app/history/history.server.ts";
import type { HistoryView } from "../../app/history/view.ts";
import { liveNowLoader } from "../../app/live-now/live-now.server.ts";
import type { LiveNowAnswer } from "../../app/live-now/live-now.ts";
import type { ResolvedBlock } from "../../blocks/resolve.ts";
import type { Card } from "../../contract/generated/card.ts";
import * as t from "../../platform/store/schema.ts";
import { accountWithSession } from "../fixtures/accounts.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import {
  guestSessionCookie,
  loaderArgs,
  sessionCookieFor,
  thrownResponse,
  webContext,
} from "../fixtures/web-context.ts";

const platform = useSeededPlatform();

type Realm = "arena" | "liga";

async function idOf(realm: Realm, table: typeof t.videos | typeof t.events, key: string) {
  const [row] = await platform.store.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.realm, realm), eq(table.externalKey, key)));
  return row!.id;
}

/** A new account of `realm` signed in in a browser: its platform auth and its cookie. */
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

/** Watches `what` ("vod/12", "live/3") up to `position` seconds and stops, as a player does. */
async function watch(realm: Realm, auth: Record<string, string>, what: string, position: number) {
  const start = await platform.api.call(realm, `/api/v2/playback/${what}`, { headers: auth });
  expect(start.status, what).toBe(200);
  const { sessionId } = (await start.json()) as { sessionId: string };
  const beat = await platform.api.call(realm, "/api/v2/playback/heartbeat", {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ sessionId, position }),
  });
  expect(beat.status).toBe(204);
  // The player closes: its stream stops counting against the account's limit.
  const end = await platform.api.call(realm, `/api/v2/playback/session/${sessionId}`, {
    method: "DELETE",
    headers: auth,
  });
  expect(end.status).toBe(204);
}

async function cardOf(realm: Realm, path: string): Promise<Card> {
  return (await platform.api.call(realm, path)).json() as Promise<Card>;
}

describe("the history page's loader", () => {
  it("lists what the profile watched through heartbeats, most recent first, with progress and watch links", async () => {
    const viewer = await signedIn("arena");
    const video = await idOf("arena", t.videos, "replay-afc-208-prelims");
    const replay = await idOf("arena", t.events, "afc-208-prelims");
    const channel = await idOf("arena", t.events, "afc-24-7");
    const videoCard = await cardOf("arena", `/api/v2/vod/${video}`);
    await watch("arena", viewer.auth, `vod/${video}`, videoCard.duration! / 4);
    await watch("arena", viewer.auth, `live/${replay}`, 1800);
    await watch("arena", viewer.auth, `live/${channel}`, 120);

    const answer = await historyLoader(
      loaderArgs(webContext(platform.api), "/realm/arena/history", { Cookie: viewer.cookie }),
    );
    expect(answer.init?.headers).toEqual({ "Cache-Control": "private, no-store" });
    const view = answer.data as Extract<HistoryView, { state: "ready" }>;
    expect(view.state).toBe("ready");
    expect(view.more).toBeNull();
    expect(view.items.map((item) => [item.kind, item.card.id, item.href])).toEqual([
      ["live", channel, `/realm/arena/live/${channel}`],
      ["live", replay, `/realm/arena/live/${replay}`],
      ["vod", video, `/realm/arena/vod/${video}`],
    ]);
    // Live now: rejoined live, so no progress. The ended event resumes its replay.
    expect(view.items[0]!.progress).toBeNull();
    expect(view.items[1]!.progress).toEqual({ fraction: 1800 / 7200, remainingSeconds: 5400 });
    expect(view.items[2]!.progress).toEqual({
      fraction: 0.25,
      remainingSeconds: (videoCard.duration! * 3) / 4,
    });
  });

  it("shows 20 at first and offers more while the platform has more", async () => {
    const viewer = await signedIn("liga");
    const free = await platform.store.db
      .select({ id: t.videos.id })
      .from(t.videos)
      .where(and(eq(t.videos.realm, "liga"), isNull(t.videos.licence)))
      .limit(21);
    expect(free).toHaveLength(21);
    const calls: string[] = [];
    for (const { id } of free.slice(0, 21)) await watch("liga", viewer.auth, `vod/${id}`, 30);
    const first = await historyLoader(
      loaderArgs(webContext(platform.api, { calls }), "/realm/liga/history", {
        Cookie: viewer.cookie,
      }),
    );
    const page = first.data as Extract<HistoryView, { state: "ready" }>;
    expect(page.items).toHaveLength(20);
    expect(page.more).toBe("/realm/liga/history?rpp=40");
    expect(calls).toContain("GET /api/v2/history?rpp=21");
    const all = await historyLoader(
      loaderArgs(webContext(platform.api), "/realm/liga/history?rpp=40", {
        Cookie: viewer.cookie,
      }),
    );
    const rest = all.data as Extract<HistoryView, { state: "ready" }>;
    expect(rest.items).toHaveLength(21);
    expect(rest.more).toBeNull();
  });

  it("has an empty list for a profile that watched nothing", async () => {
    const viewer = await signedIn("arena");
    const answer = await historyLoader(
      loaderArgs(webContext(platform.api), "/realm/arena/history", { Cookie: viewer.cookie }),
    );
    expect(answer.data).toEqual({ state: "ready", items: [], more: null, home: "/realm/arena" });
  });

  it("asks a guest to sign in, without asking the platform for a history guests do not have", async () => {
    const calls: string[] = [];
    const answer = await historyLoader(
      loaderArgs(webContext(platform.api, { calls }), "/realm/liga/history", {
        Cookie: await guestSessionCookie(platform.api, "liga"),
      }),
    );
    expect(answer.data).toEqual({
      state: "signedOut",
      signIn: "/realm/liga/login?from=%2Fhistory",
    });
    expect(calls.filter((call) => call.includes("/history"))).toEqual([]);
  });

  it("sends signed-out viewers of a realm without guest access to sign in (the route's guard)", async () => {
    const redirect = await thrownResponse(() =>
      historyLoader(loaderArgs(webContext(platform.api), "/realm/arena/history")),
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/realm/arena/login?from=%2Fhistory");
  });

  it("sends a viewer whose session ended elsewhere to sign in and back, not to its error state", async () => {
    const viewer = await signedIn("arena");
    // Signed out everywhere (another device): the cookie's tokens are refused from now on.
    await platform.store.db
      .update(t.refreshTokens)
      .set({ revokedAt: new Date() })
      .where(eq(t.refreshTokens.userId, viewer.user.id));
    const redirect = await thrownResponse(() =>
      historyLoader(
        loaderArgs(webContext(platform.api), "/realm/arena/history?rpp=40", {
          Cookie: viewer.cookie,
        }),
      ),
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/realm/arena/login?from=%2Fhistory%3Frpp%3D40");
    expect(redirect.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("shows its error state, 503, when the platform fails to answer the history", async () => {
    const viewer = await signedIn("arena");
    const failing = webContext(platform.api, {
      intercept: (request) =>
        new URL(request.url).pathname === "/api/v2/history"
          ? Response.json(
              { status: 503, code: "STORE_UNAVAILABLE", messages: ["down"] },
              {
                status: 503,
              },
            )
          : undefined,
    });
    const answer = await historyLoader(
      loaderArgs(failing, "/realm/arena/history?rpp=40", { Cookie: viewer.cookie }),
    );
    expect(answer.init?.status).toBe(503);
    expect(answer.data).toEqual({ state: "failed", retry: "/realm/arena/history?rpp=40" });
  });
});

describe("the continue-watching row on the home page", () => {
  const row = (zones: { main?: ResolvedBlock[] }) => {
    const block = zones.main!.find((b) => b.config.type === "continueWatching")!;
    expect(block.status).toBe("ok");
    return (block as { data: { items: { kind: string; card: { id: number } }[] } }).data.items;
  };
  const home = (realm: Realm, path: string, headers: Record<string, string>, calls?: string[]) =>
    loadComposedPageRoute(
      loaderArgs(webContext(platform.api, { calls }), path, headers),
      "page",
      "home",
    );

  it("shows each signed-in viewer their own unfinished items, and guests nothing, however close together", async () => {
    const first = await signedIn("arena");
    const second = await signedIn("arena");
    const started = await idOf("arena", t.videos, "replay-afc-209-main-card");
    const finished = await idOf("arena", t.videos, "replay-afc-fight-night-85");
    const startedCard = await cardOf("arena", `/api/v2/vod/${started}`);
    const finishedCard = await cardOf("arena", `/api/v2/vod/${finished}`);
    await watch("arena", first.auth, `vod/${started}`, startedCard.duration! / 3);
    await watch("arena", first.auth, `vod/${finished}`, finishedCard.duration! - 30);

    const mine = await home("arena", "/realm/arena/home", { Cookie: first.cookie });
    expect(row(mine.data.zones).map((item) => [item.kind, item.card.id])).toEqual([
      ["vod", started],
    ]);
    expect(mine.init?.headers).toEqual({ "Cache-Control": "private, no-cache" });

    // Within the seconds the resolved page is shared: neither another viewer nor a visitor
    // without an account gets the first viewer's row.
    const theirs = await home("arena", "/realm/arena/home", { Cookie: second.cookie });
    expect(row(theirs.data.zones)).toEqual([]);
    const calls: string[] = [];
    const visitor = await home("arena", "/realm/arena", {}, calls);
    expect(row(visitor.data.zones)).toEqual([]);
    expect(visitor.init?.headers).toEqual({
      "Cache-Control": "public, max-age=0, s-maxage=30, stale-while-revalidate=60",
    });
    expect(calls.filter((call) => call.includes("/history"))).toEqual([]);
    expect(
      row((await home("arena", "/realm/arena/home", { Cookie: first.cookie })).data.zones),
    ).toHaveLength(1);
  });

  it("is empty for a liga guest, who has no history to ask for", async () => {
    const calls: string[] = [];
    const page = await home(
      "liga",
      "/realm/liga/home",
      { Cookie: await guestSessionCookie(platform.api, "liga") },
      calls,
    );
    expect(row(page.data.zones)).toEqual([]);
    expect(calls.filter((call) => call.includes("/history"))).toEqual([]);
  });
});

describe("the live-now overlay's loader", () => {
  it("lists the events live now, as many as init counts for the header's button", async () => {
    const viewer = await signedIn("arena");
    const response = await liveNowLoader(
      loaderArgs(webContext(platform.api), "/realm/arena/live-now", { Cookie: viewer.cookie }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const answer = (await response.json()) as LiveNowAnswer;
    const live = (await (
      await platform.api.call("arena", "/api/v2/events?status=LIVE&rpp=50")
    ).json()) as { hits: Card[] };
    expect(answer.events.map((event) => event.id)).toEqual(live.hits.map((event) => event.id));
    expect(answer.events.length).toBeGreaterThan(0);
    expect(answer.events.every((event) => event.live)).toBe(true);
    const init = (await (
      await platform.api.call("arena", "/api/v1/init?countEvents=LIVE")
    ).json()) as { eventCount: number };
    expect(answer.totalHits).toBe(init.eventCount);
  });

  it("is for customers: a guest is sent away by the route's guard", async () => {
    const cookie = await guestSessionCookie(platform.api, "liga");
    const redirect = await thrownResponse(() =>
      liveNowLoader(
        loaderArgs(webContext(platform.api), "/realm/liga/live-now", { Cookie: cookie }),
      ),
    );
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe("/realm/liga/home");
  });

  it("answers 503 with the platform's code when the platform fails", async () => {
    const viewer = await signedIn("liga");
    const failing = webContext(platform.api, {
      intercept: (request) =>
        new URL(request.url).pathname === "/api/v2/events"
          ? new Response("bad gateway", { status: 502 })
          : undefined,
    });
    const response = await liveNowLoader(
      loaderArgs(failing, "/realm/liga/live-now", { Cookie: viewer.cookie }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 503, code: "GENERIC" });
  });
});
