import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import type { WatchRoom } from "../../contract/generated/watch-room.ts";
import { labelOfCode } from "../../contract/errors.ts";
import type { LabelKey } from "../../contract/labels.ts";
import { PlatformError } from "../api-client/client.ts";
import { viewerPlayback, playbackKind } from "../player/playback.server.ts";
import type { PlaybackRefusal } from "../player/playback-errors.ts";
import { contentId } from "../realm/content-id.ts";
import { readForm } from "../realm/form-body.server.ts";
import { jsonAnswer } from "../realm/json-answer.server.ts";
import { realmPaths } from "../realm/links.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { hasAccount, viewerPlatform } from "../realm/viewer-platform.server.ts";
import { canonicalSite, canonicalUrl } from "../seo/canonical.ts";
import { ROOM_ID, isReaction, isRoomAction } from "../../contract/watch-room.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

export interface RoomRoutes {
  events: string;
  act: string;
  grant: string;
  heartbeat: string;
  end: string;
}

/** The label for a refusal of the platform's, or the generic one. */
function labelOf(error: unknown): LabelKey {
  return error instanceof PlatformError
    ? labelOfCode(error.code, "errorOccurredPleaseTryAgain")
    : "errorOccurredPleaseTryAgain";
}

function signInState(found: RealmRequest, url: URL) {
  const from = `${realmRelativePath(found.basePath, url.pathname)}${url.search}`;
  return data(
    {
      state: "signedOut" as const,
      signIn: routeHref(found.basePath, { name: "login", query: { from } }),
    },
    { headers: PRIVATE },
  );
}

/**
 * `/watch-together` (realms whose `reactoo` is ENABLED): with `?room=`, the room (the player
 * with this viewer's own grant, the members, the invite link); without, how to open one. The
 * room and the grant are this viewer's, so the page is never stored.
 */
export async function watchTogetherLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  if (!hasAccount(found.viewer)) return signInState(found, url);
  const roomId = url.searchParams.get("room");
  if (roomId === null) return data({ state: "intro" as const }, { headers: PRIVATE });
  if (!ROOM_ID.test(roomId)) {
    return data(
      { state: "gone" as const, label: "pageNotFound" as LabelKey },
      { status: 404, headers: PRIVATE },
    );
  }
  let room: WatchRoom;
  try {
    room = await viewerPlatform(args, found).call("watchRoom", { params: { id: roomId } });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    const status = error.status === 410 ? 410 : error.status === 404 ? 404 : 403;
    return data({ state: "gone" as const, label: labelOf(error) }, { status, headers: PRIVATE });
  }
  const playback = await viewerPlayback(args, found);
  const headers = new Headers(PRIVATE);
  if (playback.setCookie) headers.append("Set-Cookie", playback.setCookie);
  const answer = await playback.grant(room.kind, room.contentId);
  const paths = realmPaths(found.basePath);
  const contentHref = paths.card({
    type: room.kind === "vod" ? "VOD_VIDEO" : "LIVE_EVENT",
    id: room.contentId,
  });
  const site = canonicalSite(url, found.basePath, null);
  const routes: RoomRoutes = {
    events: routeHref(found.basePath, { name: "watchTogetherEvents", query: { room: room.id } }),
    act: routeHref(found.basePath, { name: "watchTogetherAct" }),
    grant: routeHref(found.basePath, {
      name: "playbackGrant",
      params: { kind: room.kind, id: String(room.contentId) },
    }),
    heartbeat: routeHref(found.basePath, { name: "playbackHeartbeat" }),
    end: routeHref(found.basePath, { name: "playbackEnd" }),
  };
  const playbackState:
    { state: "ready"; grant: PlaybackGrant } | { state: "refused"; refusal: PlaybackRefusal } =
    "error" in answer
      ? { state: "refused", refusal: { error: answer.error, code: answer.code } }
      : { state: "ready", grant: answer };
  return data(
    {
      state: "room" as const,
      room,
      playback: playbackState,
      routes,
      contentHref,
      inviteUrl: `${canonicalUrl(site, "/watch-together")}?room=${encodeURIComponent(room.id)}`,
    },
    { headers },
  );
}

/** POST `/watch-together` with `kind` and `id`: opens a room and goes into it. */
export async function watchTogetherAction(args: ActionFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  if (!hasAccount(found.viewer)) return signInState(found, url);
  let form: FormData;
  try {
    form = await readForm(args.request);
  } catch {
    return data(
      { state: "intro" as const, error: "badRequest" as LabelKey },
      { status: 400, headers: PRIVATE },
    );
  }
  const kind = playbackKind(String(form.get("kind") ?? ""));
  const id = contentId(String(form.get("id") ?? ""));
  if (!kind || !id) {
    return data(
      { state: "intro" as const, error: "badRequest" as LabelKey },
      { status: 400, headers: PRIVATE },
    );
  }
  try {
    const room = await viewerPlatform(args, found).call("createWatchRoom", { body: { kind, id } });
    return redirect(
      routeHref(found.basePath, { name: "watchTogether", query: { room: room.id } }),
      { headers: PRIVATE },
    );
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    return data(
      { state: "intro" as const, error: labelOf(error) },
      { status: error.status === 404 ? 404 : 403, headers: PRIVATE },
    );
  }
}

/**
 * `GET /watch-together/events?room=`: the room's Server-Sent Events, passed through from the
 * platform as they come. The platform counts the viewer a member while this stays open; the
 * browser going away ends the platform's stream too.
 */
export async function watchTogetherEventsLoader(args: LoaderFunctionArgs): Promise<Response> {
  const found = await requireRealmRequest(args);
  const roomId = new URL(args.request.url).searchParams.get("room") ?? "";
  if (!hasAccount(found.viewer)) return jsonAnswer({ error: "sessionExpired" }, 401);
  if (!ROOM_ID.test(roomId)) return jsonAnswer({ error: "pageNotFound" }, 404);
  try {
    const upstream = await viewerPlatform(args, found).stream(
      `/v2/watch-together/rooms/${encodeURIComponent(roomId)}/events`,
      { signal: args.request.signal },
    );
    return new Response(upstream.body, {
      status: 200,
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return jsonAnswer({ error: labelOf(error) }, error.status >= 500 ? 502 : error.status);
  }
}

/**
 * `POST /watch-together/act` with `room` and either `action` (play, pause, seek with
 * `position`; lock, unlock) or `emoji`: answers `{room}` after a command, 204 after a reaction,
 * or `{error}` with the label to show.
 */
export async function watchTogetherAct(args: ActionFunctionArgs): Promise<Response> {
  if (args.request.method !== "POST") return jsonAnswer({ error: "badRequest" }, 405);
  const found = await requireRealmRequest(args);
  if (!hasAccount(found.viewer)) return jsonAnswer({ error: "sessionExpired" }, 401);
  let form: FormData;
  try {
    form = await readForm(args.request);
  } catch {
    return jsonAnswer({ error: "badRequest" }, 400);
  }
  const roomId = String(form.get("room") ?? "");
  if (!ROOM_ID.test(roomId)) return jsonAnswer({ error: "pageNotFound" }, 404);
  const platform = viewerPlatform(args, found);
  const action = String(form.get("action") ?? "");
  const emoji = String(form.get("emoji") ?? "");
  try {
    if (isReaction(emoji)) {
      await platform.call("watchRoomReaction", { params: { id: roomId }, body: { emoji } });
      return jsonAnswer(null, 204);
    }
    if (!isRoomAction(action)) return jsonAnswer({ error: "badRequest" }, 400);
    const sent = form.get("position");
    const position = sent === null || sent === "" ? undefined : Number(sent);
    if (position !== undefined && !(Number.isFinite(position) && position >= 0)) {
      return jsonAnswer({ error: "badRequest" }, 400);
    }
    const room = await platform.call("watchRoomCommand", {
      params: { id: roomId },
      body: { action, ...(position === undefined ? {} : { position }) },
    });
    return jsonAnswer({ room }, 200);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return jsonAnswer({ error: labelOf(error) }, error.status >= 500 ? 502 : error.status);
  }
}
