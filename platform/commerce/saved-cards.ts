import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { SavedCard, SavedCards } from "../../contract/generated/saved-cards.ts";
import { lockAccount } from "../identity/account-lock.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { PaymentMethodSummary } from "./payment-signatures.ts";

type Row = typeof t.paymentCards.$inferSelect;

export function savedCardOf(row: Row): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expiry: row.expiry,
    default: row.isDefault,
  };
}

/**
 * Keeps the card an order was paid with on the account (in the order's transaction): once per
 * card, its last use brought forward; the account's first card becomes its default. A method
 * without a card's last digits and expiry (a wallet, Pix) is not a card to keep.
 */
export async function rememberCard(
  db: Db,
  userId: number,
  method: PaymentMethodSummary | null | undefined,
  now: Date,
): Promise<void> {
  if (!method?.last4 || !method.expiry) return;
  const [hasDefault] = await db
    .select({ id: t.paymentCards.id })
    .from(t.paymentCards)
    .where(and(eq(t.paymentCards.userId, userId), eq(t.paymentCards.isDefault, true)));
  await db
    .insert(t.paymentCards)
    .values({
      userId,
      brand: method.brand,
      last4: method.last4,
      expiry: method.expiry,
      isDefault: !hasDefault,
      lastUsedAt: now,
    })
    .onConflictDoUpdate({
      target: [
        t.paymentCards.userId,
        t.paymentCards.brand,
        t.paymentCards.last4,
        t.paymentCards.expiry,
      ],
      set: { lastUsedAt: now },
    });
}

/** A page of the account's cards: the default first, then the most recently used. */
export async function savedCards(
  db: Db,
  userId: number,
  page: { page: number; rpp: number; offset: number },
): Promise<SavedCards> {
  const mine = eq(t.paymentCards.userId, userId);
  const [counted] = await db.select({ total: count() }).from(t.paymentCards).where(mine);
  const rows = await db
    .select()
    .from(t.paymentCards)
    .where(mine)
    .orderBy(
      desc(t.paymentCards.isDefault),
      desc(t.paymentCards.lastUsedAt),
      desc(t.paymentCards.id),
    )
    .limit(page.rpp)
    .offset(page.offset);
  return {
    items: rows.map(savedCardOf),
    page: page.page,
    pages: Math.ceil((counted?.total ?? 0) / page.rpp),
  };
}

/** Makes one of the account's cards its default; false when it has no such card. */
export async function makeDefaultCard(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [card] = await tx
      .select({ id: t.paymentCards.id })
      .from(t.paymentCards)
      .where(and(eq(t.paymentCards.id, id), eq(t.paymentCards.userId, userId)));
    if (!card) return false;
    await tx
      .update(t.paymentCards)
      .set({ isDefault: false })
      .where(
        and(
          eq(t.paymentCards.userId, userId),
          eq(t.paymentCards.isDefault, true),
          ne(t.paymentCards.id, id),
        ),
      );
    await tx.update(t.paymentCards).set({ isDefault: true }).where(eq(t.paymentCards.id, id));
    return true;
  });
}

/** Removes one of the account's cards; a removed default hands over to the most recently used. */
export async function removeCard(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const [gone] = await tx
      .delete(t.paymentCards)
      .where(and(eq(t.paymentCards.id, id), eq(t.paymentCards.userId, userId)))
      .returning();
    if (!gone) return false;
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: t.paymentCards.id })
        .from(t.paymentCards)
        .where(eq(t.paymentCards.userId, userId))
        .orderBy(desc(t.paymentCards.lastUsedAt), asc(t.paymentCards.id))
        .limit(1);
      if (next) {
        await tx
          .update(t.paymentCards)
          .set({ isDefault: true })
          .where(eq(t.paymentCards.id, next.id));
      }
    }
    return true;
  });
}
