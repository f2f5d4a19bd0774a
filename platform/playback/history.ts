import { and, desc, eq, inArray } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** Whose history: an account, and its profile (0 when it acts as no profile). */
export interface HistoryOwner {
  userId: number;
  profileKey: number;
}

export const profileKeyOf = (profileId: number | null | undefined) => profileId ?? 0;

/** Keeps where the owner is in a video or event, and when they were there. */
export async function recordPosition(
  db: Db,
  owner: HistoryOwner,
  item: { kind: string; contentId: number },
  positionSeconds: number,
  now: Date,
): Promise<void> {
  await db
    .insert(t.watchHistory)
    .values({ ...owner, ...item, positionSeconds, watchedAt: now })
    .onConflictDoUpdate({
      target: [
        t.watchHistory.userId,
        t.watchHistory.profileKey,
        t.watchHistory.kind,
        t.watchHistory.contentId,
      ],
      set: { positionSeconds, watchedAt: now },
    });
}

/** Where the owner stopped in a video or event, to resume from; null if never watched. */
export async function resumePosition(
  db: Db,
  owner: HistoryOwner,
  item: { kind: string; contentId: number },
): Promise<number | null> {
  const [row] = await db
    .select({ position: t.watchHistory.positionSeconds })
    .from(t.watchHistory)
    .where(
      and(
        eq(t.watchHistory.userId, owner.userId),
        eq(t.watchHistory.profileKey, owner.profileKey),
        eq(t.watchHistory.kind, item.kind),
        eq(t.watchHistory.contentId, item.contentId),
      ),
    );
  return row?.position ?? null;
}

export type HistoryEntry = { row: typeof t.watchHistory.$inferSelect } & (
  | { kind: "vod"; video: typeof t.videos.$inferSelect }
  | { kind: "live"; event: typeof t.events.$inferSelect }
);

/**
 * The owner's most recent items with their rows, in the order watched. Items whose video or
 * event has since been deleted are left out rather than shown as blanks.
 */
export async function recentHistory(
  db: Db,
  owner: HistoryOwner,
  realm: string,
  limit: number,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(t.watchHistory)
    .where(
      and(eq(t.watchHistory.userId, owner.userId), eq(t.watchHistory.profileKey, owner.profileKey)),
    )
    .orderBy(desc(t.watchHistory.watchedAt), desc(t.watchHistory.id))
    .limit(limit);
  const ids = (kind: string) => rows.filter((r) => r.kind === kind).map((r) => r.contentId);
  const [videos, events] = await Promise.all([
    ids("vod").length
      ? db
          .select()
          .from(t.videos)
          .where(and(eq(t.videos.realm, realm), inArray(t.videos.id, ids("vod"))))
      : [],
    ids("live").length
      ? db
          .select()
          .from(t.events)
          .where(and(eq(t.events.realm, realm), inArray(t.events.id, ids("live"))))
      : [],
  ]);
  const videoById = new Map(videos.map((v) => [v.id, v]));
  const eventById = new Map(events.map((e) => [e.id, e]));
  return rows.flatMap((row): HistoryEntry[] => {
    if (row.kind === "vod") {
      const video = videoById.get(row.contentId);
      return video ? [{ row, kind: "vod", video }] : [];
    }
    const event = eventById.get(row.contentId);
    return event ? [{ row, kind: "live", event }] : [];
  });
}
