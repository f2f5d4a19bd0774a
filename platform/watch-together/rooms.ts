/**
 * Watch-together rooms in the store (docs/decisions/027-watch-together.md), safe to run from any
 * number of servers at once: the store is the only place a room lives, and each change is made
 * by one conditional statement (or, for the reaction cap, under a lock of the member's own).
 */
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { WatchRoom } from "../../contract/generated/watch-room.ts";
import type { RoomAction, RoomKind } from "../../contract/watch-room.ts";
import { rowsOf, type Db } from "../store/store.ts";
import * as t from "../store/schema.ts";

export type RoomRow = typeof t.watchRooms.$inferSelect;

/** How often an open connection says it is still there. */
export const MEMBER_TOUCH_SECONDS = 15;
/** A connection silent for this long has gone (its server stopped without saying so). */
export const MEMBER_STALE_SECONDS = MEMBER_TOUCH_SECONDS * 3;
/** A room nobody has been in for this long is closed, whether or not anyone ever joined. */
export const ROOM_IDLE_SECONDS = 120;
/** Reactions a member may send in `REACTION_WINDOW_SECONDS`; more are refused. */
export const REACTION_BURST = 8;
export const REACTION_WINDOW_SECONDS = 10;
/** Reactions are kept this long: long enough for every server's streams to send them. */
const REACTION_KEEP_SECONDS = 120;

export const newRoomId = () => randomBytes(16).toString("base64url");
export const newConnectionId = () => randomBytes(12).toString("base64url");

export interface Member {
  userId: number;
  /** The acting profile, 0 for an account without profiles. */
  profileKey: number;
  name: string;
}

export async function createRoom(
  db: Db,
  room: { realm: string; kind: RoomKind; contentId: number; hostUserId: number; hostName: string },
): Promise<RoomRow> {
  const [row] = await db
    .insert(t.watchRooms)
    .values({
      id: newRoomId(),
      realm: room.realm,
      kind: room.kind,
      contentId: room.contentId,
      hostUserId: room.hostUserId,
      hostName: room.hostName,
    })
    .returning();
  return row!;
}

/** The realm's room, while it is open: not closed, and someone has been in it lately. */
export async function openRoom(db: Db, realm: string, id: string): Promise<RoomRow | null> {
  const [row] = await db
    .select()
    .from(t.watchRooms)
    .where(
      and(
        eq(t.watchRooms.id, id),
        eq(t.watchRooms.realm, realm),
        isNull(t.watchRooms.closedAt),
        gt(t.watchRooms.activeAt, sql`now() - make_interval(secs => ${ROOM_IDLE_SECONDS})`),
      ),
    );
  return row ?? null;
}

/**
 * Plays, pauses or seeks for everyone, or locks and unlocks (the host only), in one statement:
 * of two members acting at once, both changes apply in some order and each gets its own `seq`.
 */
export async function applyCommand(
  db: Db,
  room: RoomRow,
  actor: Member,
  action: RoomAction,
  position: number | undefined,
): Promise<RoomRow | "locked" | "hostOnly" | "closed"> {
  const isHost = actor.userId === room.hostUserId;
  if ((action === "lock" || action === "unlock") && !isHost) return "hostOnly";
  const change =
    action === "lock" || action === "unlock"
      ? { locked: action === "lock" }
      : {
          positionSeconds: position ?? 0,
          stateAt: sql`now()`,
          seq: sql`${t.watchRooms.seq} + 1`,
          changedBy: actor.name,
          ...(action === "seek" ? {} : { playing: action === "play" }),
        };
  const [row] = await db
    .update(t.watchRooms)
    .set({ ...change, activeAt: sql`now()` })
    .where(
      and(
        eq(t.watchRooms.id, room.id),
        isNull(t.watchRooms.closedAt),
        isHost ? undefined : eq(t.watchRooms.locked, false),
      ),
    )
    .returning();
  if (row) return row;
  const [now] = await db.select().from(t.watchRooms).where(eq(t.watchRooms.id, room.id));
  return !now || now.closedAt ? "closed" : "locked";
}

/** A new connection of a member; the room is active again. */
export async function join(db: Db, roomId: string, connectionId: string, member: Member) {
  await db.insert(t.watchRoomMembers).values({ connectionId, roomId, ...member });
  await db
    .update(t.watchRooms)
    .set({ activeAt: sql`now()` })
    .where(eq(t.watchRooms.id, roomId));
}

/**
 * A connection is still there. Connections of others silent for too long are dropped (a server
 * that stopped without saying goodbye); true when that changed the members.
 */
export async function touch(db: Db, roomId: string, connectionId: string): Promise<boolean> {
  await db
    .update(t.watchRoomMembers)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(t.watchRoomMembers.connectionId, connectionId));
  await db
    .update(t.watchRooms)
    .set({ activeAt: sql`now()` })
    .where(eq(t.watchRooms.id, roomId));
  const dropped = await db
    .delete(t.watchRoomMembers)
    .where(
      and(
        eq(t.watchRoomMembers.roomId, roomId),
        lt(
          t.watchRoomMembers.lastSeenAt,
          sql`now() - make_interval(secs => ${MEMBER_STALE_SECONDS})`,
        ),
      ),
    )
    .returning({ id: t.watchRoomMembers.connectionId });
  await db
    .delete(t.watchRoomReactions)
    .where(
      and(
        eq(t.watchRoomReactions.roomId, roomId),
        lt(
          t.watchRoomReactions.sentAt,
          sql`now() - make_interval(secs => ${REACTION_KEEP_SECONDS})`,
        ),
      ),
    );
  return dropped.length > 0;
}

/**
 * A connection has gone. When it was the last one the room closes: a room exists while someone
 * is in it. True when the room closed.
 */
export async function leave(db: Db, roomId: string, connectionId: string): Promise<boolean> {
  await db.delete(t.watchRoomMembers).where(eq(t.watchRoomMembers.connectionId, connectionId));
  const closed = await db
    .update(t.watchRooms)
    .set({ closedAt: sql`now()` })
    .where(
      and(
        eq(t.watchRooms.id, roomId),
        isNull(t.watchRooms.closedAt),
        sql`not exists (select 1 from ${t.watchRoomMembers} where ${t.watchRoomMembers.roomId} = ${roomId})`,
      ),
    )
    .returning({ id: t.watchRooms.id });
  return closed.length > 0;
}

/** A reaction, unless the member has sent too many just now. */
export async function addReaction(
  db: Db,
  roomId: string,
  member: Member,
  emoji: string,
): Promise<number | "tooMany"> {
  // Counted and inserted under a transaction lock of this member in this room: parallel
  // requests each see the others' reactions, so a burst cannot slip past the cap.
  const id = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`reactions:${roomId}:${member.userId}`}))`,
    );
    const rows = await tx.execute(sql`
      insert into ${t.watchRoomReactions} (room_id, user_id, name, emoji)
      select ${roomId}, ${member.userId}, ${member.name}, ${emoji}
      where (
        select count(*) from ${t.watchRoomReactions}
        where room_id = ${roomId} and user_id = ${member.userId}
          and sent_at > now() - make_interval(secs => ${REACTION_WINDOW_SECONDS})
      ) < ${REACTION_BURST}
      returning id`);
    return rowsOf<{ id: number }>(rows)[0]?.id;
  });
  return id === undefined ? "tooMany" : Number(id);
}

export async function reactionsAfter(db: Db, roomId: string, afterId: number) {
  return db
    .select()
    .from(t.watchRoomReactions)
    .where(and(eq(t.watchRoomReactions.roomId, roomId), gt(t.watchRoomReactions.id, afterId)))
    .orderBy(asc(t.watchRoomReactions.id))
    .limit(50);
}

export async function lastReactionId(db: Db, roomId: string): Promise<number> {
  const [row] = await db
    .select({ id: t.watchRoomReactions.id })
    .from(t.watchRoomReactions)
    .where(eq(t.watchRoomReactions.roomId, roomId))
    .orderBy(desc(t.watchRoomReactions.id))
    .limit(1);
  return row?.id ?? 0;
}

/** The room as `viewer` sees it: state, members (one per person) and who is host. */
export async function roomView(
  db: Db,
  room: RoomRow,
  viewer: Pick<Member, "userId" | "profileKey">,
  /** The content's title, when the caller has it already. */
  knownTitle?: string,
): Promise<WatchRoom> {
  const [members, title] = await Promise.all([
    db
      .select({
        userId: t.watchRoomMembers.userId,
        profileKey: t.watchRoomMembers.profileKey,
        name: t.watchRoomMembers.name,
      })
      .from(t.watchRoomMembers)
      .where(eq(t.watchRoomMembers.roomId, room.id))
      .orderBy(asc(t.watchRoomMembers.joinedAt)),
    knownTitle ?? contentTitle(db, room),
  ]);
  const seen = new Set<string>();
  const people = members.filter((m) => {
    const key = `${m.userId}:${m.profileKey}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    id: room.id,
    kind: room.kind as RoomKind,
    contentId: room.contentId,
    title,
    hostName: room.hostName,
    isHost: viewer.userId === room.hostUserId,
    locked: room.locked,
    state: {
      playing: room.playing,
      position: room.positionSeconds,
      stateAt: room.stateAt.getTime(),
      seq: room.seq,
      changedBy: room.changedBy,
    },
    members: people.map((m) => ({
      name: m.name,
      host: m.userId === room.hostUserId,
      you: m.userId === viewer.userId && m.profileKey === viewer.profileKey,
    })),
    serverTime: Date.now(),
  };
}

/** The title of what the room plays. */
export async function contentTitle(db: Db, room: RoomRow): Promise<string> {
  const table = room.kind === "vod" ? t.videos : t.events;
  const [row] = await db
    .select({ title: table.title })
    .from(table)
    .where(eq(table.id, room.contentId));
  return row?.title ?? "";
}
