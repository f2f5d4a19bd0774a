import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import type { GiftCheck, GiftItem } from "../../contract/generated/gift.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import type { RealmWording } from "../i18n/i18n.ts";
import { mailText, queueMail, webLink } from "../identity/mail.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { licenceAmount } from "../../contract/licence-price.ts";
import { periodStart } from "./periods.ts";

export type GiftRow = typeof t.gifts.$inferSelect;

/** How many periods one gift may hold (the INT_RANGE of `options.numberOfPeriods`). */
export const GIFT_PERIODS = { min: 1, max: 12 } as const;
/** How long a recipient has to redeem a code. */
export const GIFT_CODE_DAYS = 365;
/** Gift codes: 16 characters of an alphabet without look-alikes (80 bits from the CSPRNG). */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const GIFT_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{16}$/;

/** A fresh, unguessable gift code. */
export function newGiftCode(): string {
  const bytes = randomBytes(16);
  // 256 is a multiple of 32: every character is equally likely.
  return Array.from(bytes, (b) => CODE_ALPHABET[b % 32]).join("");
}

/** A code as a viewer typed it: upper-cased, spaces and dashes dropped. */
export function normaliseGiftCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

/** The realm's licences that can be given: subscriptions, bought by the period. */
export function giftableLicences(licences: readonly Licence[]): Licence[] {
  return licences.filter((l) => l.kind === "SUBSCRIPTION" && l.purchaseStrategy);
}

/** The gift items for a viewer in `country` (spec section 3: gift item). */
export function giftItems(licences: readonly Licence[], country: string | undefined): GiftItem[] {
  return giftableLicences(licences).map((licence) => {
    const price = licenceAmount(licence, country);
    return {
      externalId: licence.id,
      name: licence.name,
      description: licence.description ?? "",
      period: licence.purchaseStrategy!.subscriptionPeriod,
      itemPrice: { amount: price.amount, currency: price.currency, scale: price.scale },
      options: {
        numberOfPeriods: { type: "INT_RANGE", min: GIFT_PERIODS.min, max: GIFT_PERIODS.max },
      },
    };
  });
}

/** A gift put in the basket: waiting for its order. */
export async function createGift(
  db: Db,
  gift: {
    realm: string;
    giverId: number;
    licenceId: string;
    periods: number;
    recipientEmail: string;
    note: string;
  },
): Promise<GiftRow> {
  const [row] = await db
    .insert(t.gifts)
    .values({ id: crypto.randomUUID(), ...gift, status: "BASKET" })
    .returning();
  return row!;
}

export async function findGift(db: Db, realm: string, id: string): Promise<GiftRow | undefined> {
  const [row] = await db
    .select()
    .from(t.gifts)
    .where(and(eq(t.gifts.realm, realm), eq(t.gifts.id, id)));
  return row;
}

/**
 * The gift an order paid for is issued, in the order's transaction: its code is made, and the
 * recipient is mailed the code and the link that redeems it. Only the first call issues.
 */
export async function issueGift(
  db: Db,
  request: {
    realm: string;
    giftId: string;
    orderId: string;
    giver: { email: string };
    licence: Licence;
    now: Date;
    realmName: string;
    publicUrl: string;
    wording?: RealmWording;
  },
): Promise<void> {
  const code = newGiftCode();
  const expiresAt = new Date(request.now.getTime() + GIFT_CODE_DAYS * 86_400_000);
  const [issued] = await db
    .update(t.gifts)
    .set({ status: "ISSUED", code, orderId: request.orderId, issuedAt: request.now, expiresAt })
    .where(
      and(
        eq(t.gifts.realm, request.realm),
        eq(t.gifts.id, request.giftId),
        eq(t.gifts.status, "BASKET"),
      ),
    )
    .returning();
  if (!issued) return;
  const link = webLink(
    request.publicUrl,
    request.realm,
    `/gifts/redeem?code=${encodeURIComponent(code)}`,
  );
  const { subject, body } = mailText(
    "gift",
    await recipientLanguage(db, request.realm, issued.recipientEmail),
    {
      realm: request.realmName,
      giver: request.giver.email,
      licence: request.licence.name,
      periods: issued.periods,
      note: issued.note,
      code,
      link,
    },
    request.wording,
  );
  await queueMail(db, {
    realm: request.realm,
    recipient: issued.recipientEmail,
    kind: "gift",
    subject,
    body,
  });
}

/**
 * The language a gift's mail is written in: the recipient's, where they already have an
 * account in the realm, else the realm's own (the giver's says nothing about the recipient).
 */
async function recipientLanguage(db: Db, realm: string, email: string): Promise<string> {
  const [account] = await db
    .select({ locale: t.users.locale })
    .from(t.users)
    .where(and(eq(t.users.realm, realm), eq(t.users.email, email)));
  if (account?.locale) return account.locale;
  const [own] = await db
    .select({ locale: t.realms.defaultLocale })
    .from(t.realms)
    .where(eq(t.realms.name, realm));
  return own?.locale ?? "en";
}

export type GiftCodeProblem = "GIFT_CODE_UNKNOWN" | "GIFT_CODE_USED" | "GIFT_CODE_EXPIRED";

/** What a code gives, or why it gives nothing. */
export async function checkGift(
  db: Db,
  realm: string,
  typed: string,
  licences: readonly Licence[],
  now: Date,
): Promise<{ ok: true; gift: GiftCheck } | { ok: false; problem: GiftCodeProblem }> {
  const code = normaliseGiftCode(typed);
  if (!GIFT_CODE_PATTERN.test(code)) return { ok: false, problem: "GIFT_CODE_UNKNOWN" };
  const [row] = await db
    .select()
    .from(t.gifts)
    .where(
      and(
        eq(t.gifts.realm, realm),
        eq(t.gifts.code, code),
        inArray(t.gifts.status, ["ISSUED", "REDEEMED"]),
      ),
    );
  if (!row) return { ok: false, problem: "GIFT_CODE_UNKNOWN" };
  if (row.status === "REDEEMED") return { ok: false, problem: "GIFT_CODE_USED" };
  if (row.expiresAt && row.expiresAt <= now) return { ok: false, problem: "GIFT_CODE_EXPIRED" };
  const licence = licences.find((l) => l.id === row.licenceId);
  return {
    ok: true,
    gift: {
      code,
      licenceId: row.licenceId,
      name: licence?.name ?? row.licenceId,
      description: licence?.description ?? "",
      ...(licence?.purchaseStrategy ? { period: licence.purchaseStrategy.subscriptionPeriod } : {}),
      numberOfPeriods: row.periods,
      note: row.note,
      expiresAt: row.expiresAt!.toISOString(),
    },
  };
}

/**
 * Redeems a code into `userId`'s account, exactly once: one conditional update moves the gift
 * from ISSUED to REDEEMED, so of two redemptions at the same moment one wins and the other
 * finds the code used. The winner gets the licence's grants for the bought number of periods,
 * from now (or from the end of what the account already holds of it).
 */
export async function redeemGift(
  db: Db,
  request: { realm: string; code: string; userId: number; licences: readonly Licence[]; now: Date },
): Promise<
  | { ok: true; gift: GiftRow; entitlements: { licence: string; startsAt: Date; endsAt: Date }[] }
  | { ok: false; problem: GiftCodeProblem }
> {
  const code = normaliseGiftCode(request.code);
  if (!GIFT_CODE_PATTERN.test(code)) return { ok: false, problem: "GIFT_CODE_UNKNOWN" };
  return db.transaction(async (tx) => {
    const [won] = await tx
      .update(t.gifts)
      .set({ status: "REDEEMED", redeemedBy: request.userId, redeemedAt: request.now })
      .where(
        and(
          eq(t.gifts.realm, request.realm),
          eq(t.gifts.code, code),
          eq(t.gifts.status, "ISSUED"),
          or(isNull(t.gifts.expiresAt), gt(t.gifts.expiresAt, request.now)),
        ),
      )
      .returning();
    if (!won) {
      const check = await checkGift(tx as unknown as Db, request.realm, code, [], request.now);
      return { ok: false as const, problem: check.ok ? "GIFT_CODE_USED" : check.problem };
    }
    const licence = request.licences.find((l) => l.id === won.licenceId);
    const period = licence?.purchaseStrategy?.subscriptionPeriod ?? "MONTHLY";
    const grants = licence?.grants ?? [won.licenceId];
    const entitlements = [];
    for (const grant of grants) {
      const held = await tx
        .select({ endsAt: t.entitlements.endsAt })
        .from(t.entitlements)
        .where(
          and(
            eq(t.entitlements.userId, request.userId),
            eq(t.entitlements.licence, grant),
            eq(t.entitlements.status, "ACTIVE"),
            gt(t.entitlements.endsAt, request.now),
          ),
        );
      const latest = held.reduce<Date>(
        (end, row) => (row.endsAt && row.endsAt > end ? row.endsAt : end),
        request.now,
      );
      entitlements.push({
        licence: grant,
        startsAt: request.now,
        endsAt: periodStart(latest, period, won.periods),
      });
    }
    if (entitlements.length > 0) {
      await tx.insert(t.entitlements).values(
        entitlements.map((e) => ({
          userId: request.userId,
          ...e,
          orderId: null,
          giftId: won.id,
        })),
      );
    }
    return { ok: true as const, gift: won, entitlements };
  });
}

/** What the giver sees of each gift in their orders: to whom, and whether it was redeemed. */
export async function giftsOfOrders(db: Db, orderIds: string[]): Promise<Map<string, GiftRow>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(t.gifts).where(inArray(t.gifts.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId!, row]));
}
