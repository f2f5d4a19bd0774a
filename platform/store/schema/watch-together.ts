import {
  boolean,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./identity.ts";
import { realms } from "./realms.ts";

/*
 * Watch-together rooms (docs/decisions/027-watch-together.md). Everything a room is lives here,
 * so any web server can answer for any room; servers learn of a change through the
 * invalidation bus (`{kind: "room"}`) and read the room again.
 */

/** One room: a video or event watched in step, with where its shared playback is. */
export const watchRooms = pgTable(
  "watch_rooms",
  {
    id: text("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    /** `vod` (a video) or `live` (an event), as in playback. */
    kind: text("kind").notNull(),
    contentId: integer("content_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The host's name as members see it. */
    hostName: text("host_name").notNull(),
    /** Only the host may play, pause or seek while locked. */
    locked: boolean("locked").notNull().default(false),
    playing: boolean("playing").notNull().default(false),
    /** The shared position, in seconds, as it was at `stateAt`; it moves on while playing. */
    positionSeconds: real("position_seconds").notNull().default(0),
    stateAt: timestamp("state_at", { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Counts every change of the playback state, so clients apply each change once. */
    seq: integer("seq").notNull().default(0),
    /** Who made the last change (a member's name), for "paused by …". */
    changedBy: text("changed_by"),
    /** The last sign of life of any member; a room nobody is in for a while is closed. */
    activeAt: timestamp("active_at", { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("watch_rooms_realm_idx").on(t.realm, t.createdAt)],
);

/** One open connection to a room: a member is in the room while a connection of theirs is. */
export const watchRoomMembers = pgTable(
  "watch_room_members",
  {
    connectionId: text("connection_id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => watchRooms.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The acting profile (0 for an account without profiles): one member per profile. */
    profileKey: integer("profile_key").notNull().default(0),
    name: text("name").notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("watch_room_members_room_idx").on(t.roomId, t.lastSeenAt)],
);

/** Reactions sent in a room, kept a short while so every server's members see each once. */
export const watchRoomReactions = pgTable(
  "watch_room_reactions",
  {
    id: serial("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => watchRooms.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    name: text("name").notNull(),
    emoji: text("emoji").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("watch_room_reactions_room_idx").on(t.roomId, t.id)],
);
