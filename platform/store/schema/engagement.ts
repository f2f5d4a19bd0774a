import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import { users } from "./identity.ts";
import { realms } from "./realms.ts";

/* What viewers answered and were shown: consent, referrals, promo notifications. */

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
