import type { Card } from "../../contract/generated/card.ts";
import type * as t from "../store/schema.ts";

export type { Card } from "../../contract/generated/card.ts";
export type CardType = Card["type"];

/** Public URL of a stored image; the client appends `?w=` for the width it needs. */
export function imageUrl(id: string | null | undefined): string | null {
  return id ? `/images/${id}.webp` : null;
}

type Row = {
  id: number;
  title: string;
  description: string;
  coverImageId: string | null;
  thumbnailImageId: string | null;
};

function base(row: Row, type: CardType): Card {
  return {
    id: row.id,
    type,
    title: row.title,
    description: row.description,
    coverUrl: imageUrl(row.coverImageId),
    smallCoverUrl: imageUrl(row.thumbnailImageId),
    thumbnailUrl: imageUrl(row.thumbnailImageId),
  };
}

export function isLiveNow(
  event: Pick<typeof t.events.$inferSelect, "live" | "startAt" | "endAt">,
  now = new Date(),
): boolean {
  return event.live && event.startAt <= now && now < event.endAt;
}

export function eventCard(row: typeof t.events.$inferSelect, now = new Date()): Card {
  return {
    ...base(row, "LIVE_EVENT"),
    startDate: row.startAt.toISOString(),
    endDate: row.endAt.toISOString(),
    live: isLiveNow(row, now),
  };
}

export function videoCard(row: typeof t.videos.$inferSelect): Card {
  return { ...base(row, "VOD_VIDEO"), duration: row.durationSeconds };
}

export function playlistCard(row: typeof t.playlists.$inferSelect, vodCount: number): Card {
  return { ...base(row, "VOD_PLAYLIST"), vodCount };
}

export function seriesCard(row: typeof t.series.$inferSelect, seasonCount: number): Card {
  return { ...base(row, "VOD_SERIES"), seasonCount };
}

export function seasonCard(row: typeof t.seasons.$inferSelect, vodCount: number): Card {
  return { ...base(row, "VOD_SEASON"), vodCount };
}

export function newsCard(row: typeof t.news.$inferSelect): Card {
  return { ...base(row, "NEWS"), startDate: row.publishedAt.toISOString() };
}
