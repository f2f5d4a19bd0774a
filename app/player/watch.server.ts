import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { isbot } from "isbot";
import type { Card } from "../../contract/generated/card.ts";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import type { PlaybackPreferences } from "../../contract/generated/playback-preferences.ts";
import { DEFAULT_PLAYBACK_PREFERENCES } from "../../contract/playback-preferences.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type { WatchItem } from "../../contract/generated/watch-item.ts";
import type { PlatformClient } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { realmPaths } from "../realm/links.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { hasAccount } from "../realm/viewer-platform.server.ts";
import { asItemRouteError } from "../realm/shell.server.ts";
import { pageSeo } from "../seo/page-seo.ts";
import type { PlaybackRefusal } from "./playback-errors.ts";
import { contentId } from "../realm/content-id.ts";
import { viewerPlayback, type PlaybackKind } from "./playback.server.ts";
import type { RelatedRail } from "../ui/RelatedRails.tsx";
import { realmLicences } from "../realm/shell.server.ts";
import { licenceOffers, type LicenceOffers } from "./licence-offers.ts";
import { edgeCountry, pricedFor } from "../checkout/viewer-prices.server.ts";

export type WatchPlayback =
  | { state: "ready"; grant: PlaybackGrant }
  | { state: "refused"; refusal: PlaybackRefusal }
  /** A live event that has not begun: its page counts down instead. */
  | { state: "notStarted" }
  /** A search engine's crawler: it gets the page without a stream or an error modal. */
  | { state: "crawler" };

const RELATED_ITEMS = 12;

/**
 * The viewer's own playback preferences (never init's answer, which is cached per role): a
 * signed-in viewer's from the platform, everyone else's the defaults. A failure leaves the
 * defaults; the stream matters more.
 */
async function playbackPreferencesOf(
  platform: PlatformClient,
  signedIn: boolean,
): Promise<PlaybackPreferences> {
  if (!signedIn) return DEFAULT_PLAYBACK_PREFERENCES;
  try {
    return await platform.call("playbackPreferences");
  } catch (error) {
    console.error(
      `playback preferences: ${error instanceof Error ? error.message : String(error)}`,
    );
    return DEFAULT_PLAYBACK_PREFERENCES;
  }
}

/**
 * The watch page of a video (`/vod/{id}`) or live event (`/live/{id}`): the item, the viewer's
 * playback grant (or why there is none) and related rails. The grant holds a signed URL for
 * this viewer only, so the page is never stored by any cache.
 */
export async function loadWatchPage(args: LoaderFunctionArgs, kind: PlaybackKind) {
  const realmRequest = await requireRealmRequest(args);
  const { realm, shell, basePath } = realmRequest;
  const id = contentId(args.params.id);
  if (!id) throw data(null, { status: 404 });
  const platform = platformClient(args.context, {
    realm,
    locale: shell.locale,
    token: realmRequest.viewer.token,
  });
  // The grant does not depend on the item's details: both are asked for at once.
  const crawler = isbot(args.request.headers.get("User-Agent") ?? "");
  const playback = await viewerPlayback(args, realmRequest);
  const watching: Promise<WatchPlayback> = crawler
    ? Promise.resolve({ state: "crawler" })
    : playbackOf(playback.grant(kind, id));
  const preferring = playbackPreferencesOf(platform, hasAccount(realmRequest.viewer));
  // Awaited below; a page that ends early (no such item) must not leave it unhandled.
  watching.catch(() => undefined);
  let item: WatchItem;
  try {
    item = await platform.call(kind === "vod" ? "vod" : "event", { params: { id } });
  } catch (error) {
    throw asItemRouteError(error);
  }

  const [watch, { rails: related, next }, preferences] = await Promise.all([
    watching,
    relatedRails(platform, kind, item),
    preferring,
  ]);
  const offers =
    watch.state === "refused" && watch.refusal.error === "notLicensed"
      ? await offersOf(args, realmRequest, item)
      : NO_OFFERS;
  const seo = pageSeo({
    requestUrl: new URL(args.request.url),
    basePath,
    preferredDomain: realm.preferredDomain,
    key: `${kind}/${id}`,
    images: [item.coverUrl, item.thumbnailUrl, realm.logoUrl],
  });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (playback.setCookie) headers.append("Set-Cookie", playback.setCookie);
  // The page names hls.js when it will play, so the browser fetches it alongside the page's
  // own code instead of once the page has hydrated.
  const enginePreload = watch.state === "ready" ? (args.context.hlsChunkUrl ?? null) : null;
  return data(
    {
      kind,
      item,
      playback: watch,
      related,
      basePath,
      seo,
      enginePreload,
      preferences: {
        subtitles: preferences.subTitleLanguage,
        audio: preferences.audioLanguage,
        autoAdvance: preferences.autoAdvance,
      },
      // What the "not licensed" modal offers to buy.
      offers,
      // Where auto-advance goes when this video ends: the season's next episode.
      nextHref: next ? realmPaths(basePath).card(next) : null,
    },
    { headers },
  );
}

const NO_OFFERS: LicenceOffers = { passes: [], subscriptions: [] };

/**
 * The passes and subscriptions that would open the item, from the viewer's own licence list
 * (their partition's). A failure offers nothing specific: the modal's plain "Subscribe" stays.
 */
async function offersOf(
  args: LoaderFunctionArgs,
  { realm, viewer }: Awaited<ReturnType<typeof requireRealmRequest>>,
  item: WatchItem,
): Promise<LicenceOffers> {
  try {
    const licences = await realmLicences(args.request, args.context, realm, viewer);
    return licenceOffers(pricedFor(licences, edgeCountry(args.context)), item);
  } catch (error) {
    console.error(`licence offers: ${error instanceof Error ? error.message : String(error)}`);
    return NO_OFFERS;
  }
}

async function playbackOf(
  pending: Promise<PlaybackGrant | PlaybackRefusal>,
): Promise<WatchPlayback> {
  const answer = await pending;
  if (!("error" in answer)) return { state: "ready", grant: answer };
  if (answer.code === "NOT_STARTED") return { state: "notStarted" };
  return { state: "refused", refusal: { error: answer.error, code: answer.code } };
}

/**
 * What to watch next. A series episode: the rest of its season, and (`next`) the episode after
 * it, where auto-advance goes. Another video: the latest videos. An event: what is live now and
 * what comes next. A rail that fails to load is left out; the stream matters more than its
 * neighbours.
 */
async function relatedRails(
  platform: PlatformClient,
  kind: PlaybackKind,
  item: WatchItem,
): Promise<{ rails: RelatedRail[]; next: Card | null }> {
  let next: Card | null = null;
  const others = (cards: Card[]) =>
    cards.filter((card) => card.id !== item.id || card.type !== item.type);
  const list = async (path: string, query: Record<string, string | number> = {}) => {
    try {
      const set = await platform.get<ResultSet>(path, { query: { ...query, rpp: RELATED_ITEMS } });
      return others(set.hits);
    } catch (error) {
      console.error(
        `related rail ${path}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return [];
    }
  };
  const rails: RelatedRail[] = [];
  if (kind === "vod") {
    if (item.type === "VOD_VIDEO" && item.seasonId) {
      try {
        const season = await platform.call("season", { params: { id: item.seasonId } });
        const at = season.episodes.findIndex(
          (episode) => episode.id === item.id && episode.type === item.type,
        );
        next = at >= 0 ? (season.episodes[at + 1] ?? null) : null;
        rails.push({
          id: "season",
          titleKey: "moreFromThisSeason",
          cards: others(season.episodes),
        });
      } catch (error) {
        console.error(`related season: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    rails.push({ id: "latest", titleKey: "latestVideos", cards: await list("/v2/vods") });
  } else {
    const [live, upcoming] = await Promise.all([
      list("/v2/events", { status: "LIVE" }),
      list("/v2/events", { status: "UPCOMING" }),
    ]);
    rails.push({ id: "live", titleKey: "liveNow", cards: live });
    rails.push({ id: "upcoming", titleKey: "upcoming", cards: upcoming });
    if (item.type === "LIVE_EVENT" && item.replay)
      rails.unshift({ id: "replay", titleKey: "replay", cards: [item.replay] });
  }
  return { rails: rails.filter((rail) => rail.cards.length > 0), next };
}
