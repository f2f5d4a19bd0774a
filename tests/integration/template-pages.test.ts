import { describe, expect, it } from "vitest";
import { loadPage } from "../../app/composer/load-page.server.ts";
import { firstVideo } from "../../app/interstitial/interstitial.ts";
import { loadInterstitial } from "../../app/interstitial/load.server.ts";
import { createPlatformClient } from "../../app/api-client/client.ts";
import type { ResolvedBlock } from "../../blocks/resolve.ts";
import type { CurrentItem } from "../../blocks/types.ts";
import { DEMO_KEYS, useSeededPlatform } from "../fixtures/platform.ts";

const platform = useSeededPlatform();

type Realm = keyof typeof DEMO_KEYS;

/** The web app's client of the in-process platform, as a page loader has it. */
function client(realm: Realm) {
  return createPlatformClient({
    baseUrl: "http://platform.internal",
    appId: "integration-tests",
    realm,
    apiKey: DEMO_KEYS[realm],
    fetch: async (request) => platform.api.app.fetch(request),
  });
}

async function idOf(realm: Realm, type: "series" | "playlist", key: string): Promise<number> {
  const res = await platform.api.call(realm, `/api/v2/${type}/by-key/${key}`);
  return ((await res.json()) as { id: number }).id;
}

async function seasonIds(realm: Realm, seriesKey: string): Promise<number[]> {
  const res = await platform.api.call(
    realm,
    `/api/v2/series/${await idOf(realm, "series", seriesKey)}`,
  );
  return ((await res.json()) as { seasons: { id: number }[] }).seasons.map((s) => s.id);
}

/** The sponsor block of a realm's template page, resolved for one item. */
async function sponsorBlockOf(realm: Realm, key: "series" | "season", current: CurrentItem) {
  const page = await loadPage(client(realm), {
    kind: "page",
    key,
    realm,
    heroes: [],
    locale: "en",
    defaultLocale: realm === "liga" ? "pt" : "en",
    current,
  });
  const block = page.zones.header?.find((b) => b.config.type === "sponsor") as
    Extract<ResolvedBlock, { config: { type: "sponsor" } }> | undefined;
  expect(block, `${realm} ${key} page has a sponsor block`).toBeDefined();
  return block!;
}

describe("sponsor blocks of series and season pages", () => {
  it("show the series' own sponsor from its content", async () => {
    const id = await idOf("arena", "series", "fight-camp");
    const block = await sponsorBlockOf("arena", "series", { type: "SERIES", id });
    expect(block).toMatchObject({
      status: "ok",
      data: {
        name: "Titan Energy",
        imageUrl: "/images/arena/sponsor/titan-energy.webp",
        link: "https://titan-energy.example.com",
        displayMode: "SHOW",
      },
    });
  });

  it("carry a hidden sponsor as it is, for the block to leave out", async () => {
    const id = await idOf("arena", "series", "cornered");
    const block = await sponsorBlockOf("arena", "series", { type: "SERIES", id });
    expect(block).toMatchObject({ status: "ok", data: { displayMode: "HIDE" } });
  });

  it("show each season's own sponsor, and none for a season without one", async () => {
    const [first, second] = await seasonIds("liga", "bastidores-da-liga-nacional");
    const sponsored = await sponsorBlockOf("liga", "season", { type: "SEASON", id: first! });
    expect(sponsored).toMatchObject({ status: "ok", data: { name: "Cerveja Aurora" } });
    const bare = await sponsorBlockOf("liga", "season", { type: "SEASON", id: second! });
    expect(bare).toMatchObject({ status: "ok", data: null });
  });
});

describe("the interstitial page's data", () => {
  it("gives a playlist its card, sponsor and videos in playlist order", async () => {
    const id = await idOf("liga", "playlist", "gols-da-rodada");
    const interstitial = await loadInterstitial(client("liga"), { type: "PLAYLIST", id });
    const detail = (await (await platform.api.call("liga", `/api/v2/playlist/${id}`)).json()) as {
      videos: { id: number }[];
    };
    expect(interstitial).toMatchObject({
      item: { id, type: "VOD_PLAYLIST", title: "Gols da Rodada", vodCount: 7 },
      sponsor: { name: "Cerveja Aurora", displayMode: "SHOW" },
    });
    expect(interstitial!.item).not.toHaveProperty("videos");
    expect(interstitial!.groups).toHaveLength(1);
    expect(interstitial!.groups[0]!.season).toBeNull();
    expect(interstitial!.groups[0]!.videos.map((v) => v.id)).toEqual(
      detail.videos.map((v) => v.id),
    );
    expect(firstVideo(interstitial!)?.id).toBe(detail.videos[0]!.id);
  });

  it("lists a series season by season, and plays from its first episode", async () => {
    const id = await idOf("arena", "series", "fight-camp");
    const interstitial = await loadInterstitial(client("arena"), { type: "SERIES", id });
    expect(interstitial).toMatchObject({
      item: { id, type: "VOD_SERIES", seasonCount: 2 },
      sponsor: { name: "Titan Energy" },
    });
    expect(interstitial!.groups.map((g) => [g.season?.title, g.videos.length])).toEqual([
      ["Road to AFC 210", 4],
      ["Road to AFC 212", 5],
    ]);
    expect(firstVideo(interstitial!)?.title).toBe("The Offer");
  });

  it("gives a season its episodes in order, with its own sponsor", async () => {
    const [, second] = await seasonIds("arena", "cornered");
    const interstitial = await loadInterstitial(client("arena"), { type: "SEASON", id: second! });
    expect(interstitial).toMatchObject({
      item: { type: "VOD_SEASON", title: "Between Rounds", vodCount: 3 },
      sponsor: null,
    });
    expect(interstitial!.item).not.toHaveProperty("seriesId");
    expect(interstitial!.groups[0]!.videos).toHaveLength(3);
  });

  it("is null for a collection that does not exist, or is another realm's", async () => {
    const ligaPlaylist = await idOf("liga", "playlist", "gols-da-rodada");
    expect(
      await loadInterstitial(client("arena"), { type: "PLAYLIST", id: ligaPlaylist }),
    ).toBeNull();
    expect(await loadInterstitial(client("arena"), { type: "SERIES", id: 999_999 })).toBeNull();
  });
});
