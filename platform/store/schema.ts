import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import type { Sponsor } from "../../schemas/generated/sponsor.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** Who published a version and, for a restore, which version it copies. */
const publication = () => ({
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  /** The admin who published it; null for versions written by the seed. */
  publishedBy: integer("published_by"),
  restoredFrom: integer("restored_from"),
});

/** A tenant. `settings` and `theme` are validated against schemas/ on every write. */
export const realms = pgTable("realms", {
  name: text("name").primaryKey(),
  fullName: text("full_name").notNull(),
  defaultLocale: text("default_locale").notNull(),
  languages: jsonb("languages").$type<string[]>().notNull(),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull(),
  theme: jsonb("theme").$type<Record<string, unknown>>().notNull(),
  logoImageId: text("logo_image_id"),
  /** The realm's own wording of label keys, per language, over the app's translations. */
  labels: jsonb("labels").$type<Record<string, Record<string, string>>>().notNull().default({}),
  /** Content keys of the home hero, in order; empty means the featured items. */
  heroKeys: jsonb("hero_keys").$type<string[]>().notNull().default([]),
  /** Relative times in seed files are anchored here, so re-seeding changes nothing. */
  seededAt: timestamp("seeded_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Public client keys: they identify the calling app, they do not grant authority. */
export const realmApiKeys = pgTable(
  "realm_api_keys",
  {
    key: text("key").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    label: text("label").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("realm_api_keys_realm_idx").on(t.realm)],
);

export const realmDomains = pgTable(
  "realm_domains",
  {
    domain: text("domain").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    preferred: boolean("preferred").notNull().default(false),
  },
  (t) => [index("realm_domains_realm_idx").on(t.realm)],
);

/** Published menu versions per target platform; the highest version is live. */
export const menus = pgTable(
  "menus",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    targetPlatform: text("target_platform").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    ...publication(),
  },
  (t) => [uniqueIndex("menus_realm_platform_version_idx").on(t.realm, t.targetPlatform, t.version)],
);

/** Published composed-page versions (home, browse, grid, plugin pages...). */
export const composedPages = pgTable(
  "composed_pages",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    pageKey: text("page_key").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    ...publication(),
  },
  (t) => [uniqueIndex("composed_pages_realm_key_version_idx").on(t.realm, t.pageKey, t.version)],
);

/** Published section versions (`/section/{name}`). */
export const sections = pgTable(
  "sections",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    ...publication(),
  },
  (t) => [uniqueIndex("sections_realm_name_version_idx").on(t.realm, t.name, t.version)],
);

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

/**
 * Viewers and administrators of a realm. An email is unique per realm, never across realms.
 * `status`: ACTIVE; PENDING_CONFIRMATION until the emailed link is followed (realms with
 * `requiresConfirmation`); PENDING_ACTIVATION for accounts made by an operator and activated
 * through `/pendingactivationuser/{activationId}`; SUSPENDED by the viewer themselves.
 */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** scrypt, as written by platform/auth/passwords.ts; null for accounts that cannot sign in. */
    passwordHash: text("password_hash"),
    role: text("role").notNull(),
    status: text("status").notNull().default("ACTIVE"),
    /** Public id of a pending-activation account (the path of its activation link). */
    activationId: text("activation_id").unique(),
    fullName: text("full_name"),
    preferredName: text("preferred_name"),
    birthDate: text("birth_date"),
    taxNumber: text("tax_number"),
    phoneNumber: text("phone_number"),
    contactEmail: text("contact_email"),
    country: text("country"),
    locale: text("locale"),
    /** Parental control: a hashed PIN and RESTRICTED or NON_RESTRICTED. */
    parentalPinHash: text("parental_pin_hash"),
    parentalStatus: text("parental_status").notNull().default("NON_RESTRICTED"),
    /** How many streams the account may play at once, on different devices. */
    concurrentStreams: integer("concurrent_streams").notNull().default(2),
    /** Pseudonymous id handed to ad systems (`ads.id`), never the account id. */
    adsId: text("ads_id")
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_realm_email_idx").on(t.realm, t.email)],
);

/** Viewing profiles of an account (realms with `profileConfiguration.status` CONFIGURED). */
export const profiles = pgTable(
  "profiles",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** ADULT or CHILD; a token's `pro.type` code is the first letter, lower case. */
    type: text("type").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("profiles_user_name_idx").on(t.userId, t.name)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each use replaces the token with the next one of
 * its family; presenting a replaced token again (outside a short grace) revokes the family.
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    family: text("family").notNull(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    /** Null for guests, whose sessions are not accounts. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The guest id, or the account id as text: the `sub` the family's tokens carry. */
    subject: text("subject").notNull(),
    profileId: integer("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    /**
     * The admin acting as this account (an impersonation session): every access token of the
     * family carries it as `imp`, so the web app shows the overlay and the way out.
     */
    impersonatorId: integer("impersonator_id").references(() => users.id, { onDelete: "cascade" }),
    /** Set when this token was exchanged; its successor is `replacedBy`. */
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    replacedBy: integer("replaced_by"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.family)],
);

/** Attempt counters for rate limits, shared by every server on the store (fixed windows). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  count: integer("count").notNull(),
});

/**
 * Single-use secrets sent to a viewer or a device: email confirmation, password reset, magic
 * link, PIN reset, impersonation, sign-in challenges. Stored hashed; `data` holds what the
 * purpose needs.
 */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose").notNull(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("one_time_tokens_user_idx").on(t.userId, t.purpose)],
);

/**
 * Third-party apps (a TV app, a partner site) that may ask a realm's viewers to sign in with the
 * OAuth authorization code flow. A redirect URI is matched exactly, character for character.
 */
export const oauthClients = pgTable(
  "oauth_clients",
  {
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    clientId: text("client_id").notNull(),
    name: text("name").notNull(),
    redirectUris: jsonb("redirect_uris").$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.realm, t.clientId] })],
);

/**
 * TV PIN sign-in: a device shows `userCode`, a signed-in viewer enters it on the web, and the
 * device, polling with its secret `deviceCode` (kept hashed), receives a session once.
 */
export const tvCodes = pgTable(
  "tv_codes",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    userCode: text("user_code").notNull(),
    deviceCodeHash: text("device_code_hash").notNull().unique(),
    /** The viewer who entered the code; null while the device waits. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    profileId: integer("profile_id").references(() => profiles.id, { onDelete: "set null" }),
    activatedAt: timestamp("activated_at", { withTimezone: true }),
    /** When the device collected its session; a code gives one session only. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("tv_codes_realm_user_code_idx").on(t.realm, t.userCode)],
);

/** Email waiting to be sent (or sent): admins read it in the app; SMTP sends it when set up. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    recipient: text("recipient").notNull(),
    /** confirmation, password-reset, magic-link, pin-reset */
    kind: text("kind").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A sender has taken it until then; another may take it after (a sender that died). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_realm_created_idx").on(t.realm, t.createdAt)],
);

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
 * A viewer's answer to one of the realm's consent fields (`settings.consentFields`): the latest
 * answer per field, `answer` as the JSON text the contract carries ("true"), `answeredAt` the
 * consent timestamp. Marketing preferences are the answers to the marketing purposes.
 */
export const consentAnswers = pgTable(
  "consent_answers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fieldName: text("field_name").notNull(),
    functionalPurpose: text("functional_purpose").notNull(),
    answer: text("answer").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fieldName] })],
);

/** Marketing referral records (`esrefid` / `esclkid`), posted to `{api v1}/session`. */
export const referrals = pgTable(
  "referrals",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    referralId: text("referral_id").notNull(),
    clickId: text("click_id"),
    deviceId: text("device_id"),
    extra: jsonb("extra").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("referrals_realm_created_idx").on(t.realm, t.createdAt)],
);

/** Published cancellation-promo versions (`name` is "cancellation"); the newest is live. */
export const promos = pgTable(
  "promos",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    name: text("name").notNull(),
    version: integer("version").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    ...publication(),
  },
  (t) => [uniqueIndex("promos_realm_name_version_idx").on(t.realm, t.name, t.version)],
);

/**
 * Promotional notifications (spec section 3): offered once after a page loads, in `position`
 * order, while `startsAt <= now < endsAt` (null bounds are open) and the realm has
 * `hasPromoNotification`. The link is a URL or a content item named by its key.
 */
export const promoNotifications = pgTable(
  "promo_notifications",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    /** The key in the realm's config; re-seeding updates the row in place, keeping dismissals. */
    externalKey: text("external_key").notNull(),
    position: integer("position").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    imageUrl: text("image_url"),
    cta: text("cta").notNull(),
    linkUrl: text("link_url"),
    /** VOD, LIVE or PLAYLIST, with `contentKey`, when the link is a content item. */
    contentType: text("content_type"),
    contentKey: text("content_key"),
    openInNewTab: boolean("open_in_new_tab").notNull().default(false),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("promo_notifications_realm_key_idx").on(t.realm, t.externalKey),
    check(
      "promo_notifications_link_check",
      sql`(${t.linkUrl} is null) <> (${t.contentKey} is null) and (${t.contentKey} is null) = (${t.contentType} is null)`,
    ),
  ],
);

/**
 * Who dismissed a promo notification: a signed-in viewer (the token's subject) or, for anyone
 * else, the device id the client sent. Exactly one of the two is set.
 */
export const promoNotificationDismissals = pgTable(
  "promo_notification_dismissals",
  {
    id: serial("id").primaryKey(),
    notificationId: integer("notification_id")
      .notNull()
      .references(() => promoNotifications.id, { onDelete: "cascade" }),
    userId: text("user_id"),
    deviceId: text("device_id"),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("promo_dismissals_user_idx")
      .on(t.notificationId, t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex("promo_dismissals_device_idx")
      .on(t.notificationId, t.deviceId)
      .where(sql`${t.deviceId} is not null`),
    check("promo_dismissals_viewer_check", sql`(${t.userId} is null) <> (${t.deviceId} is null)`),
  ],
);

/**
 * One unpublished draft per document (page, section, menu or promo). Only valid documents are
 * stored: a refused write leaves the previous draft as it was.
 */
export const drafts = pgTable(
  "drafts",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    /** Storage kind: page, section, menu or promo. */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    /** The published version the draft was started from, if any. */
    baseVersion: integer("base_version"),
    updatedBy: integer("updated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("drafts_realm_kind_key_idx").on(t.realm, t.kind, t.key)],
);

/**
 * Secrets the platform generates for itself when the environment gives none (token signing),
 * so every process sharing the store signs and verifies alike, and restarts keep sessions.
 */
export const secrets = pgTable("secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
