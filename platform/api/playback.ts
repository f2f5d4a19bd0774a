import { and, eq } from "drizzle-orm";
import type { ErrorCode } from "../../contract/errors.ts";
import { Hono, type Context } from "hono";
import type { PlaybackGrant } from "../../contract/generated/playback.ts";
import { liveWindowSeconds } from "../media/hls/live.ts";
import { mediaScope, signMediaToken } from "../media/signing.ts";
import { licencesOpening } from "../commerce/pay-per-view.ts";
import { holdsAnyLicence, readTerritory, territoryAllows } from "../playback/access.ts";
import { profileKeyOf, recordPosition, resumePosition } from "../playback/history.ts";
import {
  endPlayback,
  HEARTBEAT_SECONDS,
  MULTIVIEW_MAX_TILES,
  recordHeartbeat,
  startPlayback,
} from "../playback/sessions.ts";
import * as t from "../store/schema.ts";
import { accountOf } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { requireJsonBody } from "./contract.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { idParam } from "./pagination.ts";

/**
 * Playback authorisation (spec section 8, playback errors): a signed URL of the stream for a
 * viewer who may watch it, else the reason they may not, one code per message the player shows.
 */
export const playback = new Hono<PlatformEnv>();

/**
 * How long a signed URL is accepted. A player cannot swap the signature of a stream it is
 * playing, so it must outlast one sitting (the longest demo replays run four hours); a copied
 * URL still dies the same day, and works only for the one stream it was issued for.
 */
export const PLAYBACK_URL_TTL_SECONDS = 6 * 3600;

/** A guest check-in is one browser: one stream. */
const GUEST_STREAMS = 1;

/** The longest position a heartbeat may report (a day-long stream and then some). */
const MAX_POSITION_SECONDS = 7 * 86400;

/** A multi-view session's id, chosen by the client that opens it. */
const MULTIVIEW_ID = /^[A-Za-z0-9-]{8,64}$/;

const refuse = (status: 401 | 403 | 409, code: ErrorCode, message: string) =>
  new ApiError(status, code, message);

/** The signed-in viewer's account row, or null for a guest; refusals for everyone else. */
async function watcher(c: Context<PlatformEnv>) {
  const viewer = c.get("viewer");
  if (!viewer) throw refuse(401, "AUTHENTICATION_REQUIRED", "Sign in to watch");
  if (viewer.gue) {
    const settings = c.get("realm").settings as { fullGuestAccess?: boolean };
    if (!settings.fullGuestAccess) {
      throw refuse(403, "FORBIDDEN", "Guests cannot watch in this realm; sign in or sign up");
    }
    return { viewer, user: null };
  }
  try {
    const user = await accountOf(c);
    // Decision 022: an account made in the checkout may pay before its e-mail is confirmed,
    // but watches only once it is.
    if (user.status === "PENDING_CONFIRMATION") {
      throw refuse(403, "EMAIL_NOT_CONFIRMED", "Confirm the email address to watch");
    }
    return { viewer, user };
  } catch (error) {
    if (error instanceof ApiError && error.code === "ACCOUNT_INACTIVE") {
      throw refuse(403, "FORBIDDEN", "This account may not watch until it is active");
    }
    throw error;
  }
}

/** The video or event asked for, with what playing it needs. */
async function playable(c: Context<PlatformEnv>, kind: "vod" | "live", id: number) {
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  if (kind === "vod") {
    const [video] = await db
      .select()
      .from(t.videos)
      .where(and(eq(t.videos.id, id), eq(t.videos.realm, realm)));
    if (!video) throw notFound("Video");
    return { kind, entitled: entitled("VIDEO", video), event: null };
  }
  const [event] = await db
    .select()
    .from(t.events)
    .where(and(eq(t.events.id, id), eq(t.events.realm, realm)));
  if (!event || !event.live) throw notFound("Live stream");
  return { kind, entitled: entitled("EVENT", event), event };
}

const entitled = (
  type: "EVENT" | "VIDEO",
  row: { externalKey: string; licence: string | null },
) => ({
  type,
  key: row.externalKey,
  licence: row.licence,
});

/**
 * Whether this viewer may watch this video or event now, territory and licence considered:
 * the refusal the player shows, or who is watching what. Watch-together rooms ask the same.
 */
export async function mayWatch(c: Context<PlatformEnv>, kind: "vod" | "live", id: number) {
  const { viewer, user } = await watcher(c);
  const item = await playable(c, kind, id);
  const { db } = c.get("store");
  const realm = c.get("realm");
  const now = new Date();

  const territoryHeader = c.get("territoryHeader");
  if (item.event && territoryHeader) {
    const territory = readTerritory(c.req.header(territoryHeader));
    if (!territoryAllows(item.event, territory)) {
      throw refuse(403, "GEO_BLOCKED", "This event is not available in your territory");
    }
  }
  // What the item needs, or a pay-per-view pass of the realm naming it.
  const opening = licencesOpening(realm.licences, item.entitled);
  if (opening.length > 0 && !(user && (await holdsAnyLicence(db, user.id, opening, now)))) {
    throw refuse(403, "NOT_LICENSED", `Watching this needs one of: ${opening.join(", ")}`);
  }
  return { viewer, user, item };
}

playback.use("/*", authenticate);

playback.get("/:kind{vod|live}/:id", async (c) => {
  const kind = c.req.param("kind") as "vod" | "live";
  const id = idParam(c.req.param("id"));
  const window = c.req.query("window");
  if (window !== undefined && window !== "short") {
    throw badRequest("INVALID_QUERY", "Query parameter 'window' may only be 'short'");
  }
  const multiviewId = c.req.query("multiview") ?? null;
  if (multiviewId !== null && !MULTIVIEW_ID.test(multiviewId)) {
    throw badRequest(
      "INVALID_QUERY",
      "Query parameter 'multiview' must be 8 to 64 letters, digits or '-'",
    );
  }
  const { viewer, user, item } = await mayWatch(c, kind, id);
  const { db } = c.get("store");
  const realm = c.get("realm");
  const now = new Date();
  // Only after the licence: a viewer without one is offered it (a pass for an upcoming
  // event) instead of a countdown to something they could not watch.
  if (item.event && now < item.event.startAt) {
    throw refuse(409, "NOT_STARTED", "This event has not started yet");
  }
  const session = await startPlayback(db, {
    realm: realm.name,
    account: viewer.sub,
    profileId: viewer.pro?.id ?? null,
    deviceId: c.get("deviceId"),
    kind,
    contentId: id,
    multiviewId,
    limit: user?.concurrentStreams ?? GUEST_STREAMS,
    now,
  });
  if (session === "multiviewFull") {
    throw refuse(
      409,
      "MULTIVIEW_FULL",
      `A multi-view plays at most ${MULTIVIEW_MAX_TILES} streams; close a tile first`,
    );
  }
  if (!session) {
    throw refuse(
      409,
      "OTHER_DEVICE",
      "This account is already watching on as many devices as it may; close another session",
    );
  }

  const live = !!item.event && now < item.event.endAt;
  const expiresAt = Math.floor(now.getTime() / 1000) + PLAYBACK_URL_TTL_SECONDS;
  const token = signMediaToken(await c.get("mediaSecret")(), {
    scope: mediaScope(kind, id),
    session: session.id,
    expiresAt,
  });
  // An ended event plays whole, from its first segment: its replay.
  const query = live && window ? `?window=${window}` : item.event && !live ? "?window=replay" : "";
  const hasDvr = (realm.settings as { hasDvr?: boolean }).hasDvr === true;
  const answer: PlaybackGrant = {
    kind,
    id,
    url: `${mediaScope(kind, id)}${token}/master.m3u8${query}`,
    sessionId: session.id,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    live,
    dvrWindowSeconds: live ? liveWindowSeconds(hasDvr, window === "short") : null,
    position:
      user && !live
        ? await resumePosition(
            db,
            { userId: user.id, profileKey: profileKeyOf(viewer.pro?.id) },
            { kind, contentId: id },
          )
        : null,
    heartbeatSeconds: HEARTBEAT_SECONDS,
  };
  c.header("Cache-Control", "private, no-store");
  return c.json(answer);
});

playback.use("/heartbeat", requireJsonBody);

playback.post("/heartbeat", async (c) => {
  const { viewer, user } = await watcher(c);
  const body = await readObject(c.req.raw);
  const { sessionId, position } = body;
  if (typeof sessionId !== "string" || !/^[A-Za-z0-9-]{1,64}$/.test(sessionId)) {
    throw badRequest("INVALID_SESSION_ID", "'sessionId' must be the id the playback answer gave");
  }
  if (
    typeof position !== "number" ||
    !Number.isFinite(position) ||
    position < 0 ||
    position > MAX_POSITION_SECONDS
  ) {
    throw badRequest("INVALID_POSITION", "'position' must be a number of seconds from 0");
  }
  const { db } = c.get("store");
  const now = new Date();
  const outcome = await recordHeartbeat(
    db,
    { realm: c.get("realm").name, account: viewer.sub, id: sessionId },
    position,
    user?.concurrentStreams ?? GUEST_STREAMS,
    now,
  );
  if (outcome.status === "unknown") {
    throw new ApiError(404, "SESSION_NOT_FOUND", "No such playback session of this viewer");
  }
  if (outcome.status === "displaced") {
    throw refuse(409, "OTHER_DEVICE", "Other devices took this session's place while it paused");
  }
  if (user) {
    await recordPosition(
      db,
      { userId: user.id, profileKey: profileKeyOf(outcome.session.profileId) },
      { kind: outcome.session.kind, contentId: outcome.session.contentId },
      position,
      now,
    );
  }
  return c.body(null, 204);
});

playback.delete("/session/:id", async (c) => {
  const { viewer } = await watcher(c);
  const ended = await endPlayback(c.get("store").db, {
    realm: c.get("realm").name,
    account: viewer.sub,
    id: c.req.param("id"),
  });
  if (!ended)
    throw new ApiError(404, "SESSION_NOT_FOUND", "No such playback session of this viewer");
  return c.body(null, 204);
});
