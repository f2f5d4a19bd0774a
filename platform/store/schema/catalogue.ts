import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Sponsor } from "../../../schemas/generated/sponsor.ts";
import { createdAt, updatedAt } from "./columns.ts";
import { realms } from "./realms.ts";

/* The catalogue: images, series and seasons, videos, events, playlists, news and fighters. */

/** Image sources (SVG); `/images/{id}` renders them to WebP at the requested width. */
export const images = pgTable(
  "images",
  {
    id: text("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    contentType: text("content_type").notNull(),
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("images_realm_idx").on(t.realm)],
);

/** Columns every piece of catalogue content has. `externalKey` makes seeding idempotent. */
const contentColumns = () => ({
  id: serial("id").primaryKey(),
  realm: text("realm")
    .notNull()
    .references(() => realms.name, { onDelete: "cascade" }),
  externalKey: text("external_key").notNull(),
  title: text("title").notNull(),
  description: text("description").notNull(),
  coverImageId: text("cover_image_id").references(() => images.id, { onDelete: "set null" }),
  thumbnailImageId: text("thumbnail_image_id").references(() => images.id, {
    onDelete: "set null",
  }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Sponsor metadata of an item (schemas/sponsor.schema.json); null when it has none. Whether its
 * logo shows is decided where it is rendered, from imageUrl, link and displayMode.
 */
const sponsor = () => jsonb("sponsor").$type<Sponsor>();

export const series = pgTable("series", { ...contentColumns(), sponsor: sponsor() }, (t) => [
  uniqueIndex("series_realm_key_idx").on(t.realm, t.externalKey),
]);

export const seasons = pgTable(
  "seasons",
  {
    ...contentColumns(),
    seriesId: integer("series_id")
      .notNull()
      .references(() => series.id, { onDelete: "cascade" }),
    seasonNumber: integer("season_number").notNull(),
    sponsor: sponsor(),
  },
  (t) => [
    uniqueIndex("seasons_realm_key_idx").on(t.realm, t.externalKey),
    uniqueIndex("seasons_series_number_idx").on(t.seriesId, t.seasonNumber),
  ],
);

export const videos = pgTable(
  "videos",
  {
    ...contentColumns(),
    durationSeconds: integer("duration_seconds").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    featured: boolean("featured").notNull().default(false),
    seasonId: integer("season_id").references(() => seasons.id, { onDelete: "set null" }),
    episodeNumber: integer("episode_number"),
    /** Licence a viewer must hold to play it; null: any viewer who may see the realm's content. */
    licence: text("licence"),
    sponsor: sponsor(),
  },
  (t) => [
    uniqueIndex("videos_realm_key_idx").on(t.realm, t.externalKey),
    index("videos_realm_published_idx").on(t.realm, t.publishedAt),
    index("videos_season_idx").on(t.seasonId),
  ],
);

export const events = pgTable(
  "events",
  {
    ...contentColumns(),
    competition: text("competition").notNull(),
    venue: text("venue"),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }).notNull(),
    /** Whether the event has a live stream at all; whether it is live now follows from the clock. */
    live: boolean("live").notNull().default(true),
    featured: boolean("featured").notNull().default(false),
    replayVideoId: integer("replay_video_id").references(() => videos.id, {
      onDelete: "set null",
    }),
    /** Licence a viewer must hold to play it; null: any viewer who may see the realm's content. */
    licence: text("licence"),
    /** Territories (ISO 3166-1 alpha-2) the stream is limited to; null: everywhere. */
    allowedTerritories: jsonb("allowed_territories").$type<string[]>(),
    /** Territories the stream may not be played in (rights held by someone else there). */
    blockedTerritories: jsonb("blocked_territories").$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex("events_realm_key_idx").on(t.realm, t.externalKey),
    index("events_realm_start_idx").on(t.realm, t.startAt),
    index("events_realm_end_idx").on(t.realm, t.endAt),
  ],
);

export const playlists = pgTable("playlists", { ...contentColumns(), sponsor: sponsor() }, (t) => [
  uniqueIndex("playlists_realm_key_idx").on(t.realm, t.externalKey),
]);

export const playlistItems = pgTable(
  "playlist_items",
  {
    playlistId: integer("playlist_id")
      .notNull()
      .references(() => playlists.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    videoId: integer("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.position] })],
);

export const news = pgTable(
  "news",
  {
    ...contentColumns(),
    body: text("body").notNull(),
    author: text("author").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("news_realm_key_idx").on(t.realm, t.externalKey),
    index("news_realm_published_idx").on(t.realm, t.publishedAt),
  ],
);

export const fighters = pgTable(
  "fighters",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    externalKey: text("external_key").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    nickname: text("nickname"),
    nationality: text("nationality").notNull(),
    gender: text("gender").notNull(),
    weightClass: text("weight_class").notNull(),
    wins: integer("wins").notNull(),
    losses: integer("losses").notNull(),
    draws: integer("draws").notNull(),
    heightM: real("height_m").notNull(),
    reachInches: real("reach_inches").notNull(),
    weightLbs: real("weight_lbs").notNull(),
    strikingAccuracyPercent: real("striking_accuracy_percent"),
    rank: integer("rank"),
    poundForPoundRank: integer("pound_for_pound_rank"),
    imageId: text("image_id").references(() => images.id, { onDelete: "set null" }),
    thumbnailImageId: text("thumbnail_image_id").references(() => images.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("fighters_realm_key_idx").on(t.realm, t.externalKey),
    index("fighters_realm_class_idx").on(t.realm, t.gender, t.weightClass),
  ],
);
