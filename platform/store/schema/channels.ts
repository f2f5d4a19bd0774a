import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { events, videos } from "./catalogue.ts";
import { realms } from "./realms.ts";

/*
 * The programme guide (EPG): a realm's channels, the events each airs, and the daily schedule of
 * its 24/7 programmes. Programmes are not stored one by one: the guide expands the schedule over
 * the time range it is asked for (platform/api/epg.ts).
 */

export const channels = pgTable(
  "channels",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    externalKey: text("external_key").notNull(),
    name: text("name").notNull(),
    /** Order in the guide, from 0. */
    position: integer("position").notNull(),
    /** The 24/7 event whose live stream plays what the schedule airs now; null: none. */
    streamEventId: integer("stream_event_id").references(() => events.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("channels_realm_key_idx").on(t.realm, t.externalKey),
    index("channels_realm_position_idx").on(t.realm, t.position),
  ],
);

/** Events a channel airs, each at its own start and end. */
export const channelEvents = pgTable(
  "channel_events",
  {
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.eventId] }),
    index("channel_events_event_idx").on(t.eventId),
  ],
);

/** One programme of a channel's schedule, repeated every day at the same minute (UTC). */
export const channelSlots = pgTable(
  "channel_slots",
  {
    id: serial("id").primaryKey(),
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    /** Minutes after midnight UTC. */
    startMinute: integer("start_minute").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** What plays as catch-up once the programme has aired; null: nothing. */
    replayVideoId: integer("replay_video_id").references(() => videos.id, {
      onDelete: "set null",
    }),
  },
  (t) => [index("channel_slots_channel_idx").on(t.channelId, t.startMinute)],
);
