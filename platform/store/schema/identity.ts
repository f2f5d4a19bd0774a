import { sql } from "drizzle-orm";
import {
  boolean,
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
import { realms } from "./realms.ts";

/* Accounts and how they sign in: users, profiles, sessions, codes, limits, mail, secrets. */

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
    /** The realm partition the account is in (`partitionData`), in a partitioned realm. */
    partition: text("partition"),
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
 * An account's postal addresses. At most one is the default, which is also the billing address
 * checkout and invoices use.
 */
export const userAddresses = pgTable(
  "user_addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** ISO 3166-1 alpha-2, upper case. */
    countryCode: text("country_code").notNull(),
    postalCode: text("postal_code").notNull(),
    city: text("city"),
    line1: text("line1"),
    line2: text("line2"),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_addresses_user_idx").on(t.userId),
    uniqueIndex("user_addresses_one_default_idx")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
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
    /** The User-Agent of the client that started the session (the account's device list). */
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.family)],
);

/**
 * The outside sign-in providers linked to an account (an OIDC or Gigya identity): `subject` is
 * the provider's id of the person. Unlinking one removes its row.
 */
export const linkedProviders = pgTable(
  "linked_providers",
  {
    id: serial("id").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A provider name of the realm's `authenticationProviders` (OIDC, GIGYA). */
    provider: text("provider").notNull(),
    /**
     * The OpenID provider's issuer identifier; a subject is unique only within its issuer, so a
     * realm that moves to another issuer never matches the old one's people. Empty for Gigya.
     */
    issuer: text("issuer").notNull().default(""),
    subject: text("subject").notNull(),
    /** The e-mail the provider gave for the person, if it gave one. */
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("linked_providers_subject_idx").on(t.realm, t.provider, t.issuer, t.subject),
    index("linked_providers_user_idx").on(t.userId),
  ],
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
    /**
     * Where the app may send the browser after an OpenID Connect sign-out
     * (`post_logout_redirect_uri`), matched exactly like `redirectUris`.
     */
    postLogoutRedirectUris: jsonb("post_logout_redirect_uris")
      .$type<string[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.realm, t.clientId] })],
);

/**
 * The keys a realm signs its OpenID Connect ID tokens with (RS256). One key per realm is
 * current (`retiredAt` null); a rotated key stays published in the realm's JWKS for a grace
 * period, so tokens it signed still verify. The private key is kept sealed (AES-256-GCM under a
 * key derived from the platform's token secret) and never leaves the platform.
 */
export const oidcSigningKeys = pgTable(
  "oidc_signing_keys",
  {
    kid: text("kid").primaryKey(),
    realm: text("realm")
      .notNull()
      .references(() => realms.name, { onDelete: "cascade" }),
    alg: text("alg").notNull(),
    publicJwk: jsonb("public_jwk").$type<Record<string, unknown>>().notNull(),
    sealedPrivateKey: text("sealed_private_key").notNull(),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("oidc_signing_keys_current_idx")
      .on(t.realm)
      .where(sql`${t.retiredAt} is null`),
  ],
);

/**
 * What an OpenID Connect sign-in granted, by the session (refresh-token family) it started:
 * the client, the scopes the userinfo endpoint answers for, and when the viewer signed in.
 */
export const oidcGrants = pgTable("oidc_grants", {
  family: text("family").primaryKey(),
  realm: text("realm")
    .notNull()
    .references(() => realms.name, { onDelete: "cascade" }),
  clientId: text("client_id").notNull(),
  scope: text("scope").notNull(),
  authTime: timestamp("auth_time", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

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

/**
 * Secrets the platform generates for itself when the environment gives none (token signing),
 * so every process sharing the store signs and verifies alike, and restarts keep sessions.
 */
export const secrets = pgTable("secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: createdAt(),
});
