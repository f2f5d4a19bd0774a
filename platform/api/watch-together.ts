import { Hono, type Context } from "hono";
import { streamSSE } from "hono/streaming";
import type {
  WatchRoomCommand,
  WatchRoomCreate,
  WatchRoomReaction,
} from "../../contract/generated/watch-room.ts";
import { findProfile, mainProfileName } from "../identity/profiles.ts";
import { profileKeyOf } from "../playback/history.ts";
import {
  addReaction,
  applyCommand,
  contentTitle,
  createRoom,
  join,
  lastReactionId,
  leave,
  MEMBER_TOUCH_SECONDS,
  newConnectionId,
  openRoom,
  reactionsAfter,
  roomView,
  touch,
  type Member,
  type RoomRow,
} from "../watch-together/rooms.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError } from "./errors.ts";
import { mayWatch } from "./playback.ts";
import { ROOM_ID, type RoomKind } from "../../contract/watch-room.ts";

/**
 * Watch-together (realms whose `reactoo` setting is ENABLED; docs/decisions/027): rooms where
 * signed-in viewers who may watch a video or event play, pause and seek it together. The event
 * stream is the real-time channel; commands and reactions are plain POSTs.
 */
export const watchTogether = new Hono<PlatformEnv>();

watchTogether.use("/*", authenticate);
watchTogether.use("/*", async (c, next) => {
  const settings = c.get("realm").settings as { reactoo?: string };
  if (settings.reactoo !== "ENABLED") {
    throw new ApiError(404, "NOT_FOUND", "Watch-together is not offered in this realm");
  }
  await next();
});

/** The signed-in member asking, with the name others see; guests cannot join rooms. */
async function memberOf(c: Context<PlatformEnv>, kind: RoomKind, contentId: number) {
  const { viewer, user } = await mayWatch(c, kind, contentId);
  if (!user) {
    throw new ApiError(403, "FORBIDDEN", "Sign in to watch together");
  }
  const profile = viewer.pro
    ? await findProfile(c.get("store").db, user.id, viewer.pro.id)
    : undefined;
  const member: Member = {
    userId: user.id,
    profileKey: profileKeyOf(viewer.pro?.id),
    name: profile?.name ?? mainProfileName(user),
  };
  return member;
}

/** The open room named in the path, and the asking member, who must still be allowed to watch. */
async function roomAndMember(c: Context<PlatformEnv>) {
  const id = c.req.param("id") ?? "";
  if (!ROOM_ID.test(id)) throw new ApiError(404, "NOT_FOUND", "This room was not found");
  const room = await openRoom(c.get("store").db, c.get("realm").name, id);
  if (!room) throw roomClosed();
  const member = await memberOf(c, room.kind as RoomKind, room.contentId);
  return { room, member };
}

const roomClosed = () =>
  new ApiError(410, "ROOM_CLOSED", "This watch-together room has closed; open a new one");

const announce = (c: Context<PlatformEnv>, room: Pick<RoomRow, "id">) =>
  c.get("invalidation").publish({ kind: "room", id: room.id });

watchTogether.post("/rooms", async (c) => {
  const body = await readObject<WatchRoomCreate>(c.req.raw);
  const member = await memberOf(c, body.kind, body.id);
  const { db } = c.get("store");
  const room = await createRoom(db, {
    realm: c.get("realm").name,
    kind: body.kind,
    contentId: body.id,
    hostUserId: member.userId,
    hostName: member.name,
  });
  c.header("Cache-Control", "private, no-store");
  return c.json(await roomView(db, room, member), 201);
});

watchTogether.get("/rooms/:id", async (c) => {
  const { room, member } = await roomAndMember(c);
  c.header("Cache-Control", "private, no-store");
  return c.json(await roomView(c.get("store").db, room, member));
});

watchTogether.post("/rooms/:id/commands", async (c) => {
  const body = await readObject<WatchRoomCommand>(c.req.raw);
  const { room, member } = await roomAndMember(c);
  if (body.action !== "lock" && body.action !== "unlock" && body.position === undefined) {
    throw new ApiError(400, "INVALID_BODY", `'${body.action}' needs the position it happens at`);
  }
  const { db } = c.get("store");
  const outcome = await applyCommand(db, room, member, body.action, body.position);
  if (outcome === "closed") throw roomClosed();
  if (outcome === "hostOnly") {
    throw new ApiError(403, "ROOM_HOST_ONLY", "Only the host can lock or unlock the controls");
  }
  if (outcome === "locked") {
    throw new ApiError(403, "ROOM_LOCKED", "The host has locked the controls of this room");
  }
  await announce(c, outcome);
  c.header("Cache-Control", "private, no-store");
  return c.json(await roomView(db, outcome, member));
});

watchTogether.post("/rooms/:id/reactions", async (c) => {
  const body = await readObject<WatchRoomReaction>(c.req.raw);
  const { room, member } = await roomAndMember(c);
  const sent = await addReaction(c.get("store").db, room.id, member, body.emoji);
  if (sent === "tooMany") {
    throw new ApiError(429, "TOO_MANY_REACTIONS", "Too many reactions at once; wait a moment");
  }
  await announce(c, room);
  return c.body(null, 204);
});

/**
 * The room's event stream. The viewer is a member while it is open; every change the bus
 * announces (from any server) is read from the store and sent, so a client never needs state
 * from this process. A comment every few seconds keeps proxies from closing an idle stream.
 */
watchTogether.get("/rooms/:id/events", async (c) => {
  const { room, member } = await roomAndMember(c);
  const { db } = c.get("store");
  const bus = c.get("invalidation");
  const connectionId = newConnectionId();
  await join(db, room.id, connectionId, member);
  await announce(c, room);
  c.header("Cache-Control", "private, no-store");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let lastReaction = await lastReactionId(db, room.id);
    // What the room plays never changes: read its title once, not on every change.
    const title = await contentTitle(db, room);
    let pending = true;
    let wake: (() => void) | undefined;
    const unsubscribe = bus.subscribe((message) => {
      if ((message.kind === "room" && message.id === room.id) || message.kind === "everything") {
        pending = true;
        wake?.();
      }
    });
    let closed = false;
    stream.onAbort(() => {
      closed = true;
      wake?.();
    });
    const touchTimer = setInterval(() => {
      void touch(db, room.id, connectionId)
        .then((dropped) => (dropped ? announce(c, room) : undefined))
        .catch(() => {});
      void stream.write(": still here\n\n").catch(() => {});
    }, MEMBER_TOUCH_SECONDS * 1000);
    try {
      while (!closed) {
        if (!pending) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        pending = false;
        const now = await openRoom(db, c.get("realm").name, room.id);
        if (!now) {
          await stream.writeSSE({ event: "closed", data: "{}" });
          break;
        }
        await stream.writeSSE({
          event: "room",
          data: JSON.stringify(await roomView(db, now, member, title)),
        });
        for (const reaction of await reactionsAfter(db, room.id, lastReaction)) {
          lastReaction = reaction.id;
          await stream.writeSSE({
            event: "reaction",
            data: JSON.stringify({
              id: reaction.id,
              name: reaction.name,
              emoji: reaction.emoji,
              sentAt: reaction.sentAt.getTime(),
            }),
          });
        }
      }
    } finally {
      clearInterval(touchTimer);
      unsubscribe();
      await leave(db, room.id, connectionId).catch(() => false);
      await announce(c, room).catch(() => {});
    }
  });
});
