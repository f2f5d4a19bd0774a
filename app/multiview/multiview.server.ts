import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import { PlatformError } from "../api-client/client.ts";
import { viewerPlayback } from "../player/playback.server.ts";
import type { PlaybackRefusal } from "../player/playback-errors.ts";
import { realmPaths } from "../realm/links.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { hasAccount, viewerPlatform } from "../realm/viewer-platform.server.ts";
import { LIVE_NOW_MAX } from "../live-now/live-now.server.ts";
import { isMultiview, pickedEvents } from "./selection.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** An event live now, as the picker and a tile show it. */
export interface LiveChoice {
  id: number;
  title: string;
  href: string;
}

export interface MultiviewTileData {
  event: LiveChoice;
  playback:
    { state: "ready"; grant: PlaybackGrant } | { state: "refused"; refusal: PlaybackRefusal };
}

/**
 * `/multiview` (realms with `multiViewAllowed`): the events live now to pick from and, with 2
 * to 4 picked (`?event=…`), a tile of each. The tiles' grants are one multi-view session of the
 * platform, opened for this page: they count as one stream of the account together, and a new
 * page (another pick, a reload) replaces the last one's on this device. Grants are this
 * viewer's own, so the page is never stored.
 */
export async function multiviewLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const routes = {
    heartbeat: routeHref(found.basePath, { name: "playbackHeartbeat" }),
    end: routeHref(found.basePath, { name: "playbackEnd" }),
    here: url.pathname,
  };
  if (!hasAccount(found.viewer)) {
    const from = `${realmRelativePath(found.basePath, url.pathname)}${url.search}`;
    return data(
      {
        state: "signedOut" as const,
        signIn: routeHref(found.basePath, { name: "login", query: { from } }),
      },
      { headers: PRIVATE },
    );
  }
  let live: LiveChoice[];
  try {
    const answer = await viewerPlatform(args, found).call("events", {
      query: { status: "LIVE", rpp: LIVE_NOW_MAX },
    });
    const paths = realmPaths(found.basePath);
    live = answer.hits.map((card) => ({
      id: card.id,
      title: card.title || card.name || "",
      href: paths.card(card),
    }));
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.error(`multiview: ${error.message}`);
    return data(
      { state: "failed" as const, retry: `${url.pathname}${url.search}` },
      { status: 503, headers: PRIVATE },
    );
  }
  const picked = pickedEvents(
    url.searchParams,
    live.map((event) => event.id),
  );
  const headers = new Headers(PRIVATE);
  let tiles: MultiviewTileData[] = [];
  if (isMultiview(picked.length)) {
    const playback = await viewerPlayback(args, found);
    if (playback.setCookie) headers.append("Set-Cookie", playback.setCookie);
    const multiviewId = crypto.randomUUID();
    // One after another: each takes the account's lock on the platform anyway.
    for (const id of picked) {
      const answer = await playback.grant("live", id, multiviewId);
      const event = live.find((choice) => choice.id === id)!;
      tiles.push({
        event,
        playback:
          "error" in answer
            ? { state: "refused", refusal: { error: answer.error, code: answer.code } }
            : { state: "ready", grant: answer },
      });
    }
  } else {
    tiles = [];
  }
  return data(
    {
      state: "ready" as const,
      live,
      picked,
      tiles,
      // Something was picked, but not 2 to 4 events live now.
      pickInvalid: url.searchParams.has("event") && !isMultiview(picked.length),
      routes,
    },
    { headers },
  );
}
