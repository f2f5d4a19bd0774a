import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { Hono } from "hono";
import type { EpgGrid, EpgPlayback, EpgProgramme } from "../../contract/generated/epg.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { badRequest, notFound } from "./errors.ts";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The widest range one call may ask for: a week, and a day either side for time zones. */
export const EPG_MAX_RANGE_MS = 8 * DAY;

/** The programme guide: channels with their events and daily schedules (contract: `epg`). */
export const epg = new Hono<PlatformEnv>();

epg.get("/epg", async (c) => {
  const realm = c.get("realm");
  const settings = realm.settings as unknown as RealmSettings;
  if (settings.epgMatrix !== "ENABLED") throw notFound("The programme guide");
  const from = readTime(c.req.query("from"), "from");
  const to = readTime(c.req.query("to"), "to");
  if (to <= from) throw badRequest("INVALID_QUERY", "Query parameter 'to' must be after 'from'");
  if (to.getTime() - from.getTime() > EPG_MAX_RANGE_MS) {
    throw badRequest("INVALID_QUERY", "The range from 'from' to 'to' may span at most 8 days");
  }
  const { db } = c.get("store");
  const channels = await db
    .select()
    .from(t.channels)
    .where(eq(t.channels.realm, realm.name))
    .orderBy(asc(t.channels.position), asc(t.channels.id));
  const ids = channels.map((ch) => ch.id);
  const [aired, slots] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ channelId: t.channelEvents.channelId, event: t.events })
            .from(t.channelEvents)
            .innerJoin(t.events, eq(t.events.id, t.channelEvents.eventId))
            .where(
              and(
                inArray(t.channelEvents.channelId, ids),
                lt(t.events.startAt, to),
                gt(t.events.endAt, from),
              ),
            ),
          db
            .select()
            .from(t.channelSlots)
            .where(inArray(t.channelSlots.channelId, ids))
            .orderBy(asc(t.channelSlots.startMinute)),
        ]);
  const now = new Date();
  const rules: PlaybackRules = {
    live: settings.currentProgramPlaybackStatus === "ENABLED",
    catchUp: settings.epgPlaybackContentStatus === "ENABLED",
  };
  const grid: EpgGrid = {
    from: from.toISOString(),
    to: to.toISOString(),
    now: now.toISOString(),
    channels: channels.map((channel) => {
      const programmes: Programme[] = [
        ...aired
          .filter((a) => a.channelId === channel.id)
          .map(({ event }) => ({
            id: `event-${event.id}`,
            title: event.title,
            description: event.description,
            start: event.startAt,
            end: event.endAt,
            liveEventId: event.live ? event.id : null,
            replayVideoId: event.replayVideoId,
          })),
        ...slots
          .filter((s) => s.channelId === channel.id)
          .flatMap((slot) =>
            slotAirings(slot, from, to).map((start) => ({
              id: `slot-${slot.id}-${Math.round(start.getTime() / MINUTE)}`,
              title: slot.title,
              description: slot.description,
              start,
              end: new Date(start.getTime() + slot.durationMinutes * MINUTE),
              liveEventId: channel.streamEventId,
              replayVideoId: slot.replayVideoId,
            })),
          ),
      ];
      programmes.sort((a, b) => a.start.getTime() - b.start.getTime());
      return {
        id: channel.id,
        name: channel.name,
        programmes: programmes.map((p) => programmeJson(p, now, rules)),
      };
    }),
  };
  return c.json(grid);
});

interface Programme {
  id: string;
  title: string;
  description: string;
  start: Date;
  end: Date;
  /** The event whose live stream plays the programme while it airs. */
  liveEventId: number | null;
  replayVideoId: number | null;
}

interface PlaybackRules {
  /** currentProgramPlaybackStatus: the programme airing now plays live. */
  live: boolean;
  /** epgPlaybackContentStatus: programmes that have aired play as catch-up. */
  catchUp: boolean;
}

function programmeJson(p: Programme, now: Date, rules: PlaybackRules): EpgProgramme {
  const status = now < p.start ? "UPCOMING" : now >= p.end ? "PAST" : "LIVE";
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    startAt: p.start.toISOString(),
    endAt: p.end.toISOString(),
    status,
    playback: playbackOf(p, status, rules),
  };
}

/** What the guide offers for a programme: the realm's two playback settings decide. */
export function playbackOf(
  p: Pick<Programme, "liveEventId" | "replayVideoId">,
  status: EpgProgramme["status"],
  rules: PlaybackRules,
): EpgPlayback {
  if (status === "UPCOMING") return { kind: "REMINDER" };
  if (status === "LIVE") {
    return rules.live && p.liveEventId !== null
      ? { kind: "LIVE", eventId: p.liveEventId }
      : { kind: "NONE" };
  }
  return rules.catchUp && p.replayVideoId !== null
    ? { kind: "CATCH_UP", videoId: p.replayVideoId }
    : { kind: "NONE" };
}

/** Starts of a daily slot's airings that overlap [from, to): one a day, at its minute (UTC). */
export function slotAirings(
  slot: { startMinute: number; durationMinutes: number },
  from: Date,
  to: Date,
): Date[] {
  const starts: Date[] = [];
  // A slot that began the day before may still be on at `from`.
  const firstDay = Math.floor(from.getTime() / DAY) * DAY - DAY;
  for (let day = firstDay; day < to.getTime(); day += DAY) {
    const start = day + slot.startMinute * MINUTE;
    const end = start + slot.durationMinutes * MINUTE;
    if (start < to.getTime() && end > from.getTime()) starts.push(new Date(start));
  }
  return starts;
}

function readTime(value: string | undefined, name: string): Date {
  const time = value === undefined ? Number.NaN : Date.parse(value);
  if (value === undefined || !/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time)) {
    throw badRequest(
      "INVALID_QUERY",
      `Query parameter '${name}' must be an ISO 8601 date and time, such as 2026-01-31T00:00:00Z`,
    );
  }
  return new Date(time);
}
