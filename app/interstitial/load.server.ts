import type { CurrentItem } from "../../blocks/types.ts";
import type {
  PlaylistDetail,
  SeasonDetail,
  SeriesDetail,
} from "../../contract/generated/content-detail.ts";
import { PlatformError, type PlatformClient } from "../api-client/client.ts";
import type { Interstitial } from "./interstitial.ts";

const PATHS = { PLAYLIST: "playlist", SERIES: "series", SEASON: "season" } as const;

/** A detail answer, or null when there is no such item (a 404 of the platform). */
async function detail<T>(platform: PlatformClient, path: string): Promise<T | null> {
  try {
    return await platform.get<T>(path);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The interstitial page's data for a collection, through the platform contract; null when the
 * collection does not exist. A series is listed season by season, each season's episodes
 * fetched at once; a season that went away meanwhile is left out.
 */
export async function loadInterstitial(
  platform: PlatformClient,
  item: CurrentItem,
): Promise<Interstitial | null> {
  const path = `/v2/${PATHS[item.type]}/${item.id}`;
  switch (item.type) {
    case "PLAYLIST": {
      const found = await detail<PlaylistDetail>(platform, path);
      if (!found) return null;
      const { videos, sponsor, ...card } = found;
      return { item: card, sponsor, groups: [{ season: null, videos }] };
    }
    case "SEASON": {
      const found = await detail<SeasonDetail>(platform, path);
      if (!found) return null;
      const { episodes, sponsor, seasonNumber: _n, seriesId: _s, ...card } = found;
      return { item: card, sponsor, groups: [{ season: null, videos: episodes }] };
    }
    case "SERIES": {
      const found = await detail<SeriesDetail>(platform, path);
      if (!found) return null;
      const { seasons, sponsor, ...card } = found;
      const details = await Promise.all(
        seasons.map((season) => detail<SeasonDetail>(platform, `/v2/season/${season.id}`)),
      );
      const groups = details
        .filter((season): season is SeasonDetail => season !== null)
        .map((season) => ({
          season: { id: season.id, title: season.title },
          videos: season.episodes,
        }));
      return { item: card, sponsor, groups };
    }
  }
}
