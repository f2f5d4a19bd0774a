import { describe, expect, it } from "vitest";
import type { BodySchemaName } from "../../contract/schemas/index.ts";
import { validateBody } from "../../contract/validator.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

const json = async (realm: "arena" | "liga", path: string) => {
  const res = await platform.api.call(realm, path);
  expect(res.status, path).toBe(200);
  return res.json();
};

describe("events", () => {
  it("lists what is live now, including the 24/7 channel", async () => {
    const live = await json("arena", "/api/v2/events?status=LIVE&rpp=50");
    expect(live.hits.length).toBeGreaterThanOrEqual(1);
    const now = Date.now();
    for (const hit of live.hits) {
      expect(hit.live).toBe(true);
      expect(Date.parse(hit.startDate)).toBeLessThanOrEqual(now);
      expect(Date.parse(hit.endDate)).toBeGreaterThan(now);
    }
    expect(live.hits.map((h: { title: string }) => h.title)).toContain("AFC 24/7");
  });

  it("splits upcoming (next two weeks) from past events with replays", async () => {
    const upcoming = await json("liga", "/api/v2/events?status=UPCOMING&rpp=200");
    expect(upcoming.totalHits).toBeGreaterThanOrEqual(15);
    for (const hit of upcoming.hits) expect(Date.parse(hit.startDate)).toBeGreaterThan(Date.now());
    const past = await json("liga", "/api/v2/events?status=PAST&rpp=200");
    expect(past.totalHits).toBeGreaterThanOrEqual(12);
    const details = await Promise.all(
      past.hits.map((h: { id: number }) => json("liga", `/api/v2/event/${h.id}`)),
    );
    const withReplay = details.filter((d) => d.replay !== null);
    expect(withReplay.length).toBeGreaterThanOrEqual(12);
    expect(withReplay[0].replay).toMatchObject({ type: "VOD_VIDEO", duration: expect.any(Number) });
  });

  it("pages with p and rpp and refuses nonsense", async () => {
    const page1 = await json("arena", "/api/v2/events?rpp=10&p=1");
    const page2 = await json("arena", "/api/v2/events?rpp=10&p=2");
    expect(page1.totalHits).toBeGreaterThanOrEqual(30);
    expect(page1.totalPages).toBe(Math.ceil(page1.totalHits / 10));
    expect(page2.page).toBe(2);
    expect(page1.hits[0].id).not.toBe(page2.hits[0].id);
    for (const bad of ["p=0", "p=abc", "rpp=201", "status=SOON"]) {
      const res = await platform.api.call("arena", `/api/v2/events?${bad}`);
      expect(res.status, bad).toBe(400);
      expect((await res.json()).code).toBe("INVALID_QUERY");
    }
  });

  it("keeps realms apart: one realm's id is not found in another", async () => {
    const arenaEvent = (await json("arena", "/api/v2/events?rpp=1")).hits[0];
    const res = await platform.api.call("liga", `/api/v2/event/${arenaEvent.id}`);
    expect(res.status).toBe(404);
  });
});

describe("on-demand catalogue", () => {
  it("serves videos as cards with durations and artwork", async () => {
    const vods = await json("arena", "/api/v2/vods?rpp=100");
    expect(vods.totalHits).toBeGreaterThanOrEqual(40);
    const card = vods.hits[0];
    expect(card).toMatchObject({ type: "VOD_VIDEO", duration: expect.any(Number) });
    expect(card.smallCoverUrl).toBe(card.thumbnailUrl);
    expect(card.coverUrl).toMatch(/\/cover\.webp$/);
    const detail = await json("arena", `/api/v2/vod/${card.id}`);
    expect(detail.title).toBe(card.title);
  });

  it("serves playlists with their videos in order", async () => {
    const playlists = await json("liga", "/api/v2/playlists");
    expect(playlists.totalHits).toBe(5);
    const first = playlists.hits[0];
    const detail = await json("liga", `/api/v2/playlist/${first.id}`);
    expect(detail.videos.length).toBe(first.vodCount);
    expect(detail.vodCount).toBeGreaterThanOrEqual(5);
  });

  it("serves series with seasons and seasons with episodes", async () => {
    const vods = await json("arena", "/api/v2/vods?rpp=200");
    const episode = vods.hits.find((v: { coverUrl: string }) => v.coverUrl.includes("-s1-e1/"));
    expect(episode).toBeDefined();
    const video = await json("arena", `/api/v2/vod/${episode.id}`);
    const season = await json("arena", `/api/v2/season/${video.seasonId}`);
    expect(season.episodes.length).toBeGreaterThanOrEqual(3);
    expect(season.episodes.map((e: { episodeNumber: number }) => e.episodeNumber)).toEqual(
      season.episodes.map((_: unknown, i: number) => i + 1),
    );
    const series = await json("arena", `/api/v2/series/${season.seriesId}`);
    expect(series).toMatchObject({ type: "VOD_SERIES", seasonCount: 2 });
    expect(series.seasons[0]).toMatchObject({ type: "VOD_SEASON", seasonNumber: 1 });
  });

  it("serves news newest first with bodies", async () => {
    const news = await json("liga", "/api/v2/news");
    expect(news.totalHits).toBe(10);
    const dates = news.hits.map((n: { startDate: string }) => Date.parse(n.startDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const item = await json("liga", `/api/v2/news/${news.hits[0].id}`);
    expect(item.body.split("\n\n").length).toBeGreaterThanOrEqual(3);
  });
});

describe("sponsors in detail answers", () => {
  const detail = async (
    realm: "arena" | "liga",
    path: string,
    schema: BodySchemaName,
  ): Promise<{ sponsor: unknown } & Record<string, unknown>> => {
    const body = await json(realm, path);
    expect(validateBody(schema, body).issues, path).toEqual([]);
    return body;
  };
  const idOf = async (realm: "arena" | "liga", type: "series" | "playlist", key: string) =>
    (await json(realm, `/api/v2/${type}/by-key/${key}`)).id as number;

  it("gives a series, its seasons and its episodes their own sponsor or null", async () => {
    const fightCamp = await detail(
      "arena",
      `/api/v2/series/${await idOf("arena", "series", "fight-camp")}`,
      "seriesDetail",
    );
    expect(fightCamp.sponsor).toEqual({
      name: "Titan Energy",
      imageUrl: "/images/arena/sponsor/titan-energy.webp",
      link: "https://titan-energy.example.com",
      displayMode: "SHOW",
    });
    const [first, second] = fightCamp.seasons as { id: number }[];
    const season1 = await detail("arena", `/api/v2/season/${first!.id}`, "seasonDetail");
    expect(season1.sponsor).toMatchObject({ name: "Northline Bank", displayMode: "SHOW" });
    const season2 = await detail("arena", `/api/v2/season/${second!.id}`, "seasonDetail");
    expect(season2.sponsor).toBeNull();
    const [episode] = season1.episodes as { id: number }[];
    expect((await detail("arena", `/api/v2/vod/${episode!.id}`, "videoDetail")).sponsor).toBeNull();
  });

  it("keeps a hidden sponsor on record with displayMode HIDE", async () => {
    const cornered = await detail(
      "arena",
      `/api/v2/series/${await idOf("arena", "series", "cornered")}`,
      "seriesDetail",
    );
    expect(cornered.sponsor).toMatchObject({ name: "Northline Bank", displayMode: "HIDE" });
  });

  it("gives playlists and videos theirs", async () => {
    const goals = await detail(
      "liga",
      `/api/v2/playlist/${await idOf("liga", "playlist", "gols-da-rodada")}`,
      "playlistDetail",
    );
    expect(goals.sponsor).toEqual({
      name: "Cerveja Aurora",
      imageUrl: "/images/liga/sponsor/cerveja-aurora.webp",
      link: "https://cerveja-aurora.example.com",
      displayMode: "SHOW",
    });
    const other = await detail(
      "liga",
      `/api/v2/playlist/${await idOf("liga", "playlist", "jogos-historicos")}`,
      "playlistDetail",
    );
    expect(other.sponsor).toBeNull();
    const [sponsored] = (
      await json("liga", "/api/v2/cards?ref=VIDEO:reprise-r25-estrela-do-norte-x-clube-atlantico")
    ).hits as { id: number }[];
    const video = await detail("liga", `/api/v2/vod/${sponsored!.id}`, "videoDetail");
    expect(video.sponsor).toMatchObject({ name: "Banco Horizonte", displayMode: "SHOW" });
  });

  it("serves the sponsor logos the content names", async () => {
    const res = await platform.api.app.request("/images/liga/sponsor/cerveja-aurora.webp?w=150");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
  });
});

describe("fighters", () => {
  it("answers a fighter's fights, latest first, as the contract says; another realm's or none is 404", async () => {
    const [okafor] = (await json("arena", "/api/v2/fighters?ctt=all&lastNameStartLetter=O")).hits;
    expect(validateBody("fighter", okafor).ok).toBe(true);
    const fights = await json("arena", `/api/v2/fighter/${okafor.id}/events`);
    expect(validateBody("resultSet", fights).ok).toBe(true);
    expect(fights.totalHits).toBeGreaterThan(0);
    expect(fights.hits.every((hit: { type: string }) => hit.type === "LIVE_EVENT")).toBe(true);
    expect(fights.hits.some((hit: { title: string }) => hit.title.includes("Okafor"))).toBe(true);
    const starts = fights.hits.map((hit: { startDate: string }) => hit.startDate);
    expect(starts).toEqual([...starts].sort().reverse());
    expect((await platform.api.call("liga", `/api/v2/fighter/${okafor.id}/events`)).status).toBe(
      404,
    );
    expect((await platform.api.call("arena", "/api/v2/fighter/999999/events")).status).toBe(404);
  });

  it("ranks men's pound for pound by default, five per page", async () => {
    const page = await json("arena", "/api/v2/fighters");
    expect(page.hits).toHaveLength(5);
    expect(page.hits.map((f: { poundForPoundRank: number }) => f.poundForPoundRank)).toEqual([
      1, 2, 3, 4, 5,
    ]);
    expect(page.hits.every((f: { gender: string }) => f.gender === "MALE")).toBe(true);
    expect(page.hits[0].height.unit).toBe("m");
    expect(page.hits[0].reach.unit).toBe("inches");
    expect(page.hits[0].weight.unit).toBe("lbs");
  });

  it("ranks one division with its champion first", async () => {
    const page = await json("arena", "/api/v2/fighters?weightClass=LIGHTWEIGHT&rpp=20");
    expect(page.hits[0].rank).toBe(0);
    expect(page.hits.every((f: { weightClass: string }) => f.weightClass === "LIGHTWEIGHT")).toBe(
      true,
    );
  });

  it("filters everyone by the first letter of the last name", async () => {
    const all = await json("arena", "/api/v2/fighters?ctt=all&rpp=100");
    expect(all.totalHits).toBe(20);
    const letter = all.hits[0].lastName[0];
    const filtered = await json(
      "arena",
      `/api/v2/fighters?ctt=all&rpp=100&lastNameStartLetter=${encodeURIComponent(letter)}`,
    );
    expect(filtered.hits.length).toBeGreaterThan(0);
    expect(filtered.hits.every((f: { lastName: string }) => f.lastName.startsWith(letter))).toBe(
      true,
    );
    expect(
      (await platform.api.call("arena", "/api/v2/fighters?lastNameStartLetter=ab")).status,
    ).toBe(400);
  });
});
