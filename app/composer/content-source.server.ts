import type { ContentQuery } from "../../schemas/generated/blocks-content-query.ts";
import type { Card } from "../../contract/generated/card.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type {
  PlaylistDetail,
  SeasonDetail,
  SeriesDetail,
} from "../../contract/generated/content-detail.ts";
import type { Sponsor } from "../../schemas/generated/sponsor.ts";
import type { ContentSource, CurrentItem, ViewerSource } from "../../blocks/types.ts";
import type { PlatformClient } from "../api-client/client.ts";
import { PlatformError } from "../api-client/client.ts";

type CurrentDetail = PlaylistDetail | SeriesDetail | SeasonDetail;
type Ref = { type: "EVENT" | "VIDEO" | "PLAYLIST" | "SERIES"; key: string };
type PageRequest = { page: number; rpp: number };

/**
 * Block content through the platform contract: maps each content query of a page config to the
 * platform calls that answer it. Blocks see only this interface, never the client.
 */
export function platformContentSource(
  platform: PlatformClient,
  currentItem?: CurrentItem,
): ContentSource {
  const currentId = (type: CurrentItem["type"]) =>
    currentItem?.type === type ? currentItem.id : null;
  const idByKey = async (type: "playlist" | "series", key: string) => {
    try {
      const name = type === "playlist" ? "playlistByKey" : "seriesByKey";
      return (await platform.call(name, { params: { key } })).id;
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return null;
      throw error;
    }
  };
  const cards = async (refs: Ref[]) =>
    refs.length === 0
      ? []
      : (
          await platform.call("cards", {
            query: { ref: refs.map((r) => `${r.type}:${r.key}`) },
          })
        ).hits;

  async function seasonIdOf(seriesKey: string, number: number): Promise<number | null> {
    const id = await idByKey("series", seriesKey);
    if (id === null) return null;
    const series = await platform.call("series", { params: { id } });
    return series.seasons.find((s) => s.seasonNumber === number)?.id ?? null;
  }

  async function list(query: ContentQuery, { page, rpp }: PageRequest): Promise<ResultSet> {
    const paged = { p: page, rpp };
    switch (query.kind) {
      case "events":
        return platform.call("events", { query: { ...paged, status: query.status } });
      case "videos":
        return platform.call("vods", { query: paged });
      case "playlists":
        return platform.call("playlists", { query: paged });
      case "news":
        return platform.call("news", { query: paged });
      case "popular":
        return platform.call("popular", {
          query: query.contentType ? { ...paged, contentFilters: query.contentType } : paged,
        });
      case "playlist": {
        const id = query.playlist
          ? await idByKey("playlist", query.playlist)
          : currentId("PLAYLIST");
        if (id === null) return emptyPage(page);
        const playlist = await platform.call("playlist", { params: { id } });
        return slice(playlist.videos, page, rpp);
      }
      case "series": {
        const id = query.series ? await idByKey("series", query.series) : currentId("SERIES");
        if (id === null) return emptyPage(page);
        const series = await platform.call("series", { params: { id } });
        return slice(series.seasons, page, rpp);
      }
      case "season": {
        const seasonId =
          query.series && query.season
            ? await seasonIdOf(query.series, query.season)
            : currentId("SEASON");
        if (seasonId === null) return emptyPage(page);
        const detail = await platform.call("season", { params: { id: seasonId } });
        return slice(detail.episodes, page, rpp);
      }
      case "items":
        return slice(await cards(query.items), page, rpp);
    }
  }

  // The page's title, its details block and its sponsor block all read the item: one call.
  let detail: Promise<CurrentDetail | null> | undefined;
  const currentDetail = () => (detail ??= fetchCurrent());
  async function fetchCurrent(): Promise<CurrentDetail | null> {
    if (!currentItem) return null;
    const path = { PLAYLIST: "playlist", SERIES: "series", SEASON: "season" }[currentItem.type];
    try {
      return await platform.get<CurrentDetail>(`/v2/${path}/${currentItem.id}`);
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) return null;
      throw error;
    }
  }

  return {
    list,
    items: cards,
    async current(): Promise<Card | null> {
      const detail = await currentDetail();
      return detail ? cardOf(detail) : null;
    },
    async currentSponsor(): Promise<Sponsor | null> {
      return (await currentDetail())?.sponsor ?? null;
    },
    async resolveContentLink(link: { key: string; type: "VOD" | "LIVE" | "PLAYLIST" }) {
      // A VOD link may name a video or the replay of an event.
      const refs: Ref[] =
        link.type === "PLAYLIST"
          ? [{ type: "PLAYLIST", key: link.key }]
          : link.type === "LIVE"
            ? [{ type: "EVENT", key: link.key }]
            : [
                { type: "VIDEO", key: link.key },
                { type: "EVENT", key: link.key },
              ];
      const [found] = await cards(refs);
      return found ? { id: found.id } : null;
    },
  };
}

/** A detail answer without its children and sponsor: the card blocks show for the item. */
function cardOf(detail: CurrentDetail): Card {
  switch (detail.type) {
    case "VOD_PLAYLIST": {
      const { videos: _videos, sponsor: _sponsor, ...card } = detail;
      return card;
    }
    case "VOD_SERIES": {
      const { seasons: _seasons, sponsor: _sponsor, ...card } = detail;
      return card;
    }
    case "VOD_SEASON": {
      const {
        episodes: _episodes,
        sponsor: _sponsor,
        seasonNumber: _n,
        seriesId: _s,
        ...card
      } = detail;
      return card;
    }
  }
}

/**
 * The signed-in account's own data through the platform contract, with the viewer's token:
 * `platform` must be a client of that viewer (its calls carry `auth`, so a client without a
 * token fails before anything is sent).
 */
export function platformViewerSource(platform: PlatformClient): ViewerSource {
  return {
    async history(limit) {
      const rpp = Math.min(Math.max(Math.floor(limit), 1), 100);
      return (await platform.call("history", { query: { rpp } })).items;
    },
    async viewerList(limit) {
      const { lists } = await platform.call("viewerLists");
      const main =
        lists.find((list) => list.kind === "MY_LIST") ??
        lists.find((list) => list.kind === "FAVOURITES");
      if (!main || (main.kind !== "MY_LIST" && main.kind !== "FAVOURITES")) return null;
      if (main.itemCount === 0) return { kind: main.kind, items: [] };
      const detail = await platform.call("viewerList", { params: { listId: main.id } });
      return { kind: main.kind, items: detail.items.slice(0, Math.max(0, Math.floor(limit))) };
    },
    async backgroundVideoAutoPlay() {
      return (await platform.call("playbackPreferences")).videoBackgroundAutoPlay;
    },
  };
}

function slice(all: Card[], page: number, rpp: number): ResultSet {
  return {
    hits: all.slice((page - 1) * rpp, page * rpp),
    page,
    totalPages: Math.max(1, Math.ceil(all.length / rpp)),
    totalHits: all.length,
  };
}

function emptyPage(page: number): ResultSet {
  return { hits: [], page, totalPages: 1, totalHits: 0 };
}
