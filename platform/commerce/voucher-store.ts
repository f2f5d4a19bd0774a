import { and, count, eq, notInArray, sql } from "drizzle-orm";
import type { Licence } from "../../schemas/generated/licence.ts";
import type { VoucherRule } from "../../schemas/generated/voucher-rule.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { Money } from "./money.ts";
import { normaliseVoucherCode, voucherRefusal, type VoucherRefusal } from "./vouchers.ts";

export type RedemptionRefusal = VoucherRefusal | "UNKNOWN" | "USED_UP" | "USED_BY_ACCOUNT";

export type Redemption =
  | { ok: true; rule: VoucherRule; /** This order had used it already. */ again: boolean }
  | { ok: false; reason: RedemptionRefusal };

/** Writes (or replaces) a realm's voucher; its code is kept upper-cased. */
export async function saveVoucher(db: Db, realm: string, rule: VoucherRule): Promise<void> {
  const code = normaliseVoucherCode(rule.code);
  const stored = { ...rule, code };
  await db
    .insert(t.vouchers)
    .values({ realm, code, rule: stored })
    .onConflictDoUpdate({
      target: [t.vouchers.realm, t.vouchers.code],
      set: { rule: stored, active: true },
    });
}

/**
 * Stops accepting a realm's vouchers other than `codes` (those its config no longer lists);
 * what was redeemed with them is kept.
 */
export async function retireVouchersExcept(db: Db, realm: string, codes: string[]): Promise<void> {
  const keep = codes.map(normaliseVoucherCode);
  await db
    .update(t.vouchers)
    .set({ active: false })
    .where(
      keep.length > 0
        ? and(eq(t.vouchers.realm, realm), notInArray(t.vouchers.code, keep))
        : eq(t.vouchers.realm, realm),
    );
}

/** A realm's voucher by the code a viewer typed, whatever its case. */
export async function findVoucher(
  db: Db,
  realm: string,
  code: string,
): Promise<VoucherRule | null> {
  const [row] = await db
    .select({ rule: t.vouchers.rule })
    .from(t.vouchers)
    .where(
      and(
        eq(t.vouchers.realm, realm),
        eq(t.vouchers.code, normaliseVoucherCode(code)),
        eq(t.vouchers.active, true),
      ),
    );
  return row?.rule ?? null;
}

/**
 * Uses a voucher for an account's order, or says why not, in one transaction that holds the
 * voucher's row: two uses of its last redemption at once are one use and one `USED_UP`, on
 * PostgreSQL and on the embedded store alike. The same order using it again (a retried payment)
 * is the same use and counts once.
 */
export async function redeemVoucher(
  db: Db,
  use: {
    realm: string;
    code: string;
    userId: number;
    orderRef: string;
    licence: Pick<Licence, "id" | "kind">;
    price: Omit<Money, "amount">;
    now: Date;
  },
): Promise<Redemption> {
  const code = normaliseVoucherCode(use.code);
  const voucher = and(
    eq(t.vouchers.realm, use.realm),
    eq(t.vouchers.code, code),
    eq(t.vouchers.active, true),
  );
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(t.vouchers).where(voucher).for("update");
    if (!row) return { ok: false, reason: "UNKNOWN" };
    const refusal = voucherRefusal(row.rule, use.licence, use.price, use.now);
    if (refusal) return { ok: false, reason: refusal };
    const ofThisVoucher = and(
      eq(t.voucherRedemptions.realm, use.realm),
      eq(t.voucherRedemptions.code, code),
    );
    const [same] = await tx
      .select({ userId: t.voucherRedemptions.userId })
      .from(t.voucherRedemptions)
      .where(and(ofThisVoucher, eq(t.voucherRedemptions.orderRef, use.orderRef)));
    if (same) {
      return same.userId === use.userId
        ? { ok: true, rule: row.rule, again: true }
        : { ok: false, reason: "UNKNOWN" };
    }
    const { maxRedemptions, maxRedemptionsPerAccount = 1 } = row.rule;
    if (maxRedemptions !== undefined && row.redemptions >= maxRedemptions) {
      return { ok: false, reason: "USED_UP" };
    }
    const [mine] = await tx
      .select({ n: count() })
      .from(t.voucherRedemptions)
      .where(and(ofThisVoucher, eq(t.voucherRedemptions.userId, use.userId)));
    if ((mine?.n ?? 0) >= maxRedemptionsPerAccount) return { ok: false, reason: "USED_BY_ACCOUNT" };
    await tx.insert(t.voucherRedemptions).values({
      realm: use.realm,
      code,
      userId: use.userId,
      orderRef: use.orderRef,
    });
    await tx
      .update(t.vouchers)
      .set({ redemptions: row.redemptions + 1 })
      .where(voucher);
    return { ok: true, rule: row.rule, again: false };
  });
}

/**
 * Gives back the voucher uses of an order that was not paid (a declined card, a failed
 * challenge): its redemption rows and their count on the voucher, in the caller's transaction.
 */
export async function releaseRedemptions(db: Db, orderRef: string): Promise<void> {
  const released = await db
    .delete(t.voucherRedemptions)
    .where(eq(t.voucherRedemptions.orderRef, orderRef))
    .returning({ realm: t.voucherRedemptions.realm, code: t.voucherRedemptions.code });
  for (const use of released) {
    await db
      .update(t.vouchers)
      .set({ redemptions: sql`${t.vouchers.redemptions} - 1` })
      .where(and(eq(t.vouchers.realm, use.realm), eq(t.vouchers.code, use.code)));
  }
}
