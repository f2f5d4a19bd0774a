import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import * as t from "../store/schema.ts";
import { addressesOf } from "./addresses.ts";
import type { Db } from "../store/store.ts";
import { accountSessions, type UserRow } from "./sessions.ts";

/** An outside sign-in provider linked to an account, as the account's security section lists it. */
export interface LinkedProvider {
  id: number;
  provider: string;
  email: string | null;
  linkedAt: string;
}

export async function linkedProvidersOf(db: Db, userId: number): Promise<LinkedProvider[]> {
  const rows = await db
    .select()
    .from(t.linkedProviders)
    .where(eq(t.linkedProviders.userId, userId))
    .orderBy(asc(t.linkedProviders.id));
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    email: row.email,
    linkedAt: row.createdAt.toISOString(),
  }));
}

/**
 * Unlinks one of the account's providers. An account without a password keeps its last
 * provider: it would have no way left to sign in. The check and the delete are one statement's
 * worth of work in a transaction, so two unlinks at once cannot both pass it.
 */
export async function unlinkProvider(
  db: Db,
  user: Pick<UserRow, "id" | "passwordHash">,
  id: number,
): Promise<"unlinked" | "notFound" | "last"> {
  return db.transaction(async (tx) => {
    // Locks the account's links, so a concurrent unlink waits for this one's answer.
    const linked = await tx
      .select({ id: t.linkedProviders.id })
      .from(t.linkedProviders)
      .where(eq(t.linkedProviders.userId, user.id))
      .for("update");
    if (!linked.some((row) => row.id === id)) return "notFound";
    if (user.passwordHash === null && linked.length <= 1) return "last";
    await tx
      .delete(t.linkedProviders)
      .where(and(eq(t.linkedProviders.id, id), eq(t.linkedProviders.userId, user.id)));
    return "unlinked";
  });
}

/**
 * Deletes an account: its sessions end, and its profiles, history, lists, consents,
 * entitlements, linked providers, codes, mail and open streams go with it. Its orders stay
 * for the accounts, anonymised (no account, no e-mail). Answers the sessions that ended, for
 * every server to forget at once. The e-mail is free to sign up again.
 */
export async function deleteAccount(db: Db, user: UserRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    const live = await tx
      .selectDistinct({ family: t.refreshTokens.family })
      .from(t.refreshTokens)
      .where(and(eq(t.refreshTokens.userId, user.id), isNull(t.refreshTokens.revokedAt)));
    await tx
      .delete(t.playbackSessions)
      .where(
        and(
          eq(t.playbackSessions.realm, user.realm),
          eq(t.playbackSessions.account, String(user.id)),
        ),
      );
    await tx
      .delete(t.outbox)
      .where(and(eq(t.outbox.realm, user.realm), eq(t.outbox.recipient, user.email)));
    await tx
      .delete(t.rateLimits)
      .where(eq(t.rateLimits.key, `login:account:${user.realm}:${user.email}`));
    // A gift never paid for goes; one paid for stays redeemable by its recipient.
    await tx.delete(t.gifts).where(and(eq(t.gifts.giverId, user.id), eq(t.gifts.status, "BASKET")));
    // Everything else that names the account goes with it (foreign keys cascade); orders and
    // paid gifts keep their row with no account (set null).
    await tx.delete(t.users).where(eq(t.users.id, user.id));
    return live.map((row) => row.family);
  });
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything the platform keeps about an account, for the account itself: its details,
 * profiles, history, playback preferences, lists, licences and orders, consents, sessions and linked providers.
 * Secrets (password and PIN hashes, token hashes) are never part of it.
 */
export async function accountDataExport(db: Db, user: UserRow, currentSession?: string) {
  const [
    profiles,
    history,
    lists,
    entitlements,
    orders,
    consents,
    sessions,
    providers,
    addresses,
    cards,
    gifts,
    preferences,
  ] = await Promise.all([
    db.select().from(t.profiles).where(eq(t.profiles.userId, user.id)).orderBy(t.profiles.id),
    db
      .select()
      .from(t.watchHistory)
      .where(eq(t.watchHistory.userId, user.id))
      .orderBy(desc(t.watchHistory.watchedAt)),
    db
      .select()
      .from(t.viewerLists)
      .where(eq(t.viewerLists.userId, user.id))
      .orderBy(t.viewerLists.id),
    db
      .select()
      .from(t.entitlements)
      .where(eq(t.entitlements.userId, user.id))
      .orderBy(t.entitlements.id),
    db
      .select()
      .from(t.orders)
      .where(and(eq(t.orders.userId, user.id), eq(t.orders.realm, user.realm)))
      .orderBy(desc(t.orders.createdAt)),
    db.select().from(t.consentAnswers).where(eq(t.consentAnswers.userId, user.id)),
    accountSessions(db, user.id),
    linkedProvidersOf(db, user.id),
    addressesOf(db, user.id),
    db
      .select()
      .from(t.paymentCards)
      .where(eq(t.paymentCards.userId, user.id))
      .orderBy(t.paymentCards.id),
    db.select().from(t.gifts).where(eq(t.gifts.giverId, user.id)).orderBy(t.gifts.createdAt),
    db
      .select()
      .from(t.playbackPreferences)
      .where(eq(t.playbackPreferences.userId, user.id))
      .orderBy(t.playbackPreferences.profileKey),
  ]);
  const items =
    lists.length === 0
      ? []
      : await db
          .select()
          .from(t.viewerListItems)
          .where(
            inArray(
              t.viewerListItems.listId,
              lists.map((list) => list.id),
            ),
          )
          .orderBy(asc(t.viewerListItems.position));
  return {
    exportedAt: new Date().toISOString(),
    realm: user.realm,
    account: {
      id: user.id,
      email: user.email,
      role: user.role,
      status: user.status,
      fullName: user.fullName,
      preferredName: user.preferredName,
      birthDate: user.birthDate,
      taxNumber: user.taxNumber,
      phoneNumber: user.phoneNumber,
      contactEmail: user.contactEmail,
      country: user.country,
      locale: user.locale,
      parentalControl: user.parentalStatus,
      hasPassword: user.passwordHash !== null,
      createdAt: iso(user.createdAt),
      confirmedAt: iso(user.confirmedAt),
    },
    profiles: profiles.map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      createdAt: iso(p.createdAt),
    })),
    history: history.map((h) => ({
      profileId: h.profileKey || null,
      kind: h.kind,
      contentId: h.contentId,
      positionSeconds: h.positionSeconds,
      watchedAt: iso(h.watchedAt),
    })),
    playbackPreferences: preferences.map((p) => ({
      profileId: p.profileKey || null,
      subtitleLanguage: p.subtitleLanguage,
      audioLanguage: p.audioLanguage,
      autoAdvance: p.autoAdvance,
      videoBackgroundAutoPlay: p.videoBackgroundAutoPlay,
      updatedAt: iso(p.updatedAt),
    })),
    lists: lists.map((list) => ({
      id: list.id,
      profileId: list.profileKey || null,
      kind: list.kind,
      name: list.name,
      createdAt: iso(list.createdAt),
      items: items
        .filter((item) => item.listId === list.id)
        .map((item) => ({
          itemType: item.itemType,
          contentId: item.contentId,
          addedAt: iso(item.createdAt),
        })),
    })),
    subscriptions: entitlements.map((e) => ({
      licence: e.licence,
      status: e.status,
      startsAt: iso(e.startsAt),
      endsAt: iso(e.endsAt),
      orderId: e.orderId,
    })),
    orders: orders.map((o) => ({
      id: o.id,
      licenceId: o.licenceId,
      status: o.status,
      provider: o.provider,
      basket: o.basket,
      paymentMethod: o.paymentMethod,
      voucherCode: o.voucherCode,
      createdAt: iso(o.createdAt),
      completedAt: iso(o.completedAt),
      cancelledAt: iso(o.cancelledAt),
    })),
    consents: consents.map((a) => ({
      field: a.fieldName,
      purpose: a.functionalPurpose,
      answer: a.answer,
      answeredAt: iso(a.answeredAt),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      userAgent: s.userAgent,
      startedAt: iso(s.startedAt),
      lastActiveAt: iso(s.lastActiveAt),
      current: s.id === currentSession,
    })),
    linkedProviders: providers,
    addresses,
    cards: cards.map((card) => ({
      brand: card.brand,
      last4: card.last4,
      expiry: card.expiry,
      default: card.isDefault,
      lastUsedAt: iso(card.lastUsedAt),
    })),
    // What the account gave; a gift's code stays out, as it is the recipient's to redeem.
    giftsGiven: gifts.map((gift) => ({
      licenceId: gift.licenceId,
      periods: gift.periods,
      recipientEmail: gift.recipientEmail,
      note: gift.note,
      status: gift.status,
      createdAt: iso(gift.createdAt),
      redeemedAt: iso(gift.redeemedAt),
    })),
  };
}
