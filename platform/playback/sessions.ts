import { and, eq, gt, isNull, lt, ne, or, sql, type SQL } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** How often players send a heartbeat while playing. */
export const HEARTBEAT_SECONDS = 30;
/**
 * A session still counts as a stream this long after its last heartbeat: two missed beats
 * (a slow network, a tab in the background) do not free its place, a closed player soon does.
 */
export const STREAM_STALE_SECONDS = HEARTBEAT_SECONDS * 2 + 15;

/** A session silent this long will never send a heartbeat again (the player is long gone). */
const FORGET_MS = 24 * 3600 * 1000;

export type PlaybackSessionRow = typeof t.playbackSessions.$inferSelect;

export interface NewPlayback {
  realm: string;
  account: string;
  profileId: number | null;
  deviceId: string | undefined;
  kind: "vod" | "live";
  contentId: number;
  /** The multi-view session this is a tile of, if it is one. */
  multiviewId?: string | null;
  /** Streams the account may play at once. */
  limit: number;
  now: Date;
}

/** Tiles one multi-view session may hold at once. */
export const MULTIVIEW_MAX_TILES = 4;

const recent = (now: Date) =>
  gt(t.playbackSessions.lastHeartbeatAt, new Date(now.getTime() - STREAM_STALE_SECONDS * 1000));

/**
 * The streams among the sessions `where` picks: a single session is one stream, and all tiles
 * of a multi-view session together are one (the rule of docs/decisions/026).
 */
async function streamsAmong(db: Pick<Db, "select">, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({
      n: sql<number>`count(distinct coalesce(${t.playbackSessions.multiviewId}, ${t.playbackSessions.id}))`,
    })
    .from(t.playbackSessions)
    .where(where);
  return Number(row?.n ?? 0);
}

/** Sessions other than `id` and, for a multi-view tile, other than its multi-view's tiles. */
const otherThan = (id: string, multiviewId: string | null) =>
  multiviewId
    ? and(
        ne(t.playbackSessions.id, id),
        or(isNull(t.playbackSessions.multiviewId), ne(t.playbackSessions.multiviewId, multiviewId)),
      )
    : ne(t.playbackSessions.id, id);

/**
 * Starts a playback session unless the account already plays its limit of streams on other
 * devices (`null` then; `"multiviewFull"` when the multi-view already has its most tiles). A
 * device starting again replaces its own sessions rather than competing with them, so
 * reloading the page never locks a viewer out; a tile of a multi-view replaces the device's
 * sessions outside that multi-view only, and takes no new place when its multi-view already
 * holds one. Runs in a transaction holding the account's lock, so two devices starting
 * together cannot both take the last place.
 */
export async function startPlayback(
  db: Db,
  p: NewPlayback,
): Promise<PlaybackSessionRow | "multiviewFull" | null> {
  const multiviewId = p.multiviewId ?? null;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`playback:${p.realm}:${p.account}`}))`,
    );
    const mine = and(
      eq(t.playbackSessions.realm, p.realm),
      eq(t.playbackSessions.account, p.account),
    );
    const inThisMultiview = multiviewId
      ? eq(t.playbackSessions.multiviewId, multiviewId)
      : undefined;
    // The device's own sessions, and the account's long-forgotten ones, so rows do not pile up.
    const forgotten = lt(t.playbackSessions.lastHeartbeatAt, new Date(p.now.getTime() - FORGET_MS));
    const devices = p.deviceId
      ? inThisMultiview
        ? and(
            eq(t.playbackSessions.deviceId, p.deviceId),
            or(isNull(t.playbackSessions.multiviewId), sql`not (${inThisMultiview})`),
          )
        : eq(t.playbackSessions.deviceId, p.deviceId)
      : undefined;
    await tx
      .delete(t.playbackSessions)
      .where(and(mine, devices ? or(devices, forgotten) : forgotten));
    if (inThisMultiview) {
      const tiles = await tx
        .select({ id: t.playbackSessions.id })
        .from(t.playbackSessions)
        .where(and(mine, inThisMultiview, recent(p.now)));
      if (tiles.length >= MULTIVIEW_MAX_TILES) return "multiviewFull";
    }
    const others = await streamsAmong(
      tx,
      and(
        mine,
        recent(p.now),
        multiviewId
          ? or(
              isNull(t.playbackSessions.multiviewId),
              ne(t.playbackSessions.multiviewId, multiviewId),
            )
          : undefined,
      ),
    );
    if (others >= p.limit) return null;
    const [row] = await tx
      .insert(t.playbackSessions)
      .values({
        id: crypto.randomUUID(),
        realm: p.realm,
        account: p.account,
        profileId: p.profileId,
        deviceId: p.deviceId ?? null,
        kind: p.kind,
        contentId: p.contentId,
        multiviewId,
        startedAt: p.now,
        lastHeartbeatAt: p.now,
      })
      .returning();
    return row!;
  });
}

export type HeartbeatOutcome =
  | { status: "ok"; session: PlaybackSessionRow }
  | { status: "unknown" }
  /** The session lapsed and other devices took its place meanwhile. */
  | { status: "displaced" };

/** Records a heartbeat of the account's session `id`, with the player's position. */
export async function recordHeartbeat(
  db: Db,
  where: { realm: string; account: string; id: string },
  position: number,
  limit: number,
  now: Date,
): Promise<HeartbeatOutcome> {
  const mine = and(
    eq(t.playbackSessions.realm, where.realm),
    eq(t.playbackSessions.account, where.account),
  );
  const [session] = await db
    .select()
    .from(t.playbackSessions)
    .where(and(mine, eq(t.playbackSessions.id, where.id)));
  if (!session) return { status: "unknown" };
  if (session.lastHeartbeatAt.getTime() <= now.getTime() - STREAM_STALE_SECONDS * 1000) {
    const others = await streamsAmong(
      db,
      and(mine, recent(now), otherThan(where.id, session.multiviewId)),
    );
    if (others >= limit) {
      await db.delete(t.playbackSessions).where(eq(t.playbackSessions.id, where.id));
      return { status: "displaced" };
    }
  }
  const [updated] = await db
    .update(t.playbackSessions)
    .set({ lastHeartbeatAt: now, positionSeconds: position })
    .where(eq(t.playbackSessions.id, where.id))
    .returning();
  return { status: "ok", session: updated! };
}

/** Ends the account's session `id` (the player closed), freeing its place at once. */
export async function endPlayback(
  db: Db,
  where: { realm: string; account: string; id: string },
): Promise<boolean> {
  const ended = await db
    .delete(t.playbackSessions)
    .where(
      and(
        eq(t.playbackSessions.realm, where.realm),
        eq(t.playbackSessions.account, where.account),
        eq(t.playbackSessions.id, where.id),
      ),
    )
    .returning({ id: t.playbackSessions.id });
  return ended.length > 0;
}
