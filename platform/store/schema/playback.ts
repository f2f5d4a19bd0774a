import {
  boolean,
  index,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { profiles, users } from "./identity.ts";
import { realms } from "./realms.ts";

/* Watching: licences held, streams open, and where each viewer got to. */

/** What an account may watch: a licence held between two instants. */
export const entitlements = pgTable(
  "entitlements",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    licence: text("licence").notNull(),
    status: text("status").notNull().default("ACTIVE"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** The order that granted it (platform/commerce/orders.ts); null for those given otherwise. */
    orderId: text("order_id"),
    /** The gift whose redemption granted it (platform/commerce/gifts.ts). */
    giftId: text("gift_id"),
    createdAt: createdAt(),
  },
  (t) => [index("entitlements_user_idx").on(t.userId)],
);

/**
 * One playback: granted by the playback endpoint, kept alive by the player's heartbeats. A
 * session whose last heartbeat is recent counts against the account's concurrent streams.
 * `account` is the token subject, so guests' sessions are tracked as well as accounts'.
 */
export const playbackSessions = pgTable(
  "playback_sessions",
  {
    id: text("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    account: text("account").notNull(),
    /** The acting profile, whose watch history the heartbeats update. */
    profileId: integer("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    /** The client's X-Device-Id: a device starting again replaces its own session. */
    deviceId: text("device_id"),
    /** `vod` (a video) or `live` (an event). */
    kind: text("kind").notNull(),
    contentId: integer("content_id").notNull(),
    /**
     * The multi-view session this is a tile of (null: a single stream). A multi-view's tiles
     * count as one stream together against the account's limit (platform/playback/sessions.ts).
     */
    multiviewId: text("multiview_id"),
    positionSeconds: real("position_seconds").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    lastHeartbeatAt: timestamp("last_heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("playback_sessions_account_idx").on(t.realm, t.account, t.lastHeartbeatAt)],
);

/**
 * What each account's viewer (per profile; `profileKey` 0 for an account without profiles)
 * watched last and where they stopped, from playback heartbeats.
 */
export const watchHistory = pgTable(
  "watch_history",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The profile id, or 0: a key column, as a nullable one would never conflict on upsert. */
    profileKey: integer("profile_key").notNull().default(0),
    kind: text("kind").notNull(),
    contentId: integer("content_id").notNull(),
    positionSeconds: real("position_seconds").notNull(),
    watchedAt: timestamp("watched_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("watch_history_item_idx").on(t.userId, t.profileKey, t.kind, t.contentId),
    index("watch_history_recent_idx").on(t.userId, t.profileKey, t.watchedAt),
  ],
);

/**
 * How the player starts for each account's viewer (per profile; `profileKey` 0 for an account
 * without profiles, as in `watch_history`): subtitle and audio language (one of the realm's
 * `audioSubtitleLanguages`, null for off or the stream's default), auto-advance and background
 * video autoplay. No row: the defaults of init's `pk`.
 */
export const playbackPreferences = pgTable(
  "playback_preferences",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    profileKey: integer("profile_key").notNull().default(0),
    subtitleLanguage: text("subtitle_language"),
    audioLanguage: text("audio_language"),
    autoAdvance: boolean("auto_advance").notNull().default(true),
    videoBackgroundAutoPlay: boolean("video_background_auto_play").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("playback_preferences_owner_idx").on(t.userId, t.profileKey)],
);
