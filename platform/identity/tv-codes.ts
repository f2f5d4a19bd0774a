import { randomInt } from "node:crypto";
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { digest, newSecret } from "./secrets.ts";

/** How long a TV's code can be entered, and how often the TV may ask whether it was. */
export const TV_CODE_TTL_SECONDS = 10 * 60;
export const TV_POLL_INTERVAL_SECONDS = 5;

/** Letters and digits that cannot be mistaken for each other on a TV screen (no I, L, O, 0, 1). */
export const TV_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const TV_CODE_LENGTH = 6;

export type TvCodeRow = typeof t.tvCodes.$inferSelect;

const newUserCode = () =>
  Array.from(
    { length: TV_CODE_LENGTH },
    () => TV_CODE_ALPHABET[randomInt(TV_CODE_ALPHABET.length)],
  ).join("");

/** What a viewer typed, as codes are stored: upper case, without spaces or dashes. */
export const normalUserCode = (value: string) => value.toUpperCase().replace(/[\s-]/g, "");

/** A new code for a device: the short code it shows, and the secret it polls with. */
export async function issueTvCode(db: Db, realm: string) {
  // Codes are unique per realm only while they matter; older ones make room for new ones.
  await db
    .delete(t.tvCodes)
    .where(and(eq(t.tvCodes.realm, realm), lt(t.tvCodes.expiresAt, new Date())));
  for (let attempt = 0; attempt < 5; attempt++) {
    const deviceCode = newSecret();
    const [row] = await db
      .insert(t.tvCodes)
      .values({
        realm,
        userCode: newUserCode(),
        deviceCodeHash: digest(deviceCode),
        expiresAt: new Date(Date.now() + TV_CODE_TTL_SECONDS * 1000),
      })
      .onConflictDoNothing()
      .returning();
    if (row) return { code: row.userCode, deviceCode };
  }
  throw new Error("no free TV code after 5 attempts");
}

/** Gives the live, not yet entered code to the viewer's account (and profile); null if none. */
export async function activateTvCode(
  db: Db,
  realm: string,
  userCode: string,
  owner: { userId: number; profileId: number | null },
): Promise<TvCodeRow | null> {
  const [row] = await db
    .update(t.tvCodes)
    .set({ ...owner, activatedAt: new Date() })
    .where(
      and(
        eq(t.tvCodes.realm, realm),
        eq(t.tvCodes.userCode, normalUserCode(userCode)),
        isNull(t.tvCodes.activatedAt),
        gt(t.tvCodes.expiresAt, new Date()),
      ),
    )
    .returning();
  return row ?? null;
}

export type TvPoll =
  | { status: "unknown" | "expired" | "pending" }
  | { status: "activated"; userId: number; profileId: number | null };

/**
 * What a polling device learns: its code is unknown (or already collected), expired, still
 * waiting, or activated, in which case this call collects it, once.
 */
export async function pollTvCode(db: Db, realm: string, deviceCode: string): Promise<TvPoll> {
  const [row] = await db
    .select()
    .from(t.tvCodes)
    .where(and(eq(t.tvCodes.realm, realm), eq(t.tvCodes.deviceCodeHash, digest(deviceCode))));
  if (!row || row.claimedAt) return { status: "unknown" };
  if (row.activatedAt === null || row.userId === null) {
    return { status: row.expiresAt.getTime() <= Date.now() ? "expired" : "pending" };
  }
  // One statement collects it, so two polls racing cannot both get a session.
  const [claimed] = await db
    .update(t.tvCodes)
    .set({ claimedAt: new Date() })
    .where(and(eq(t.tvCodes.id, row.id), isNull(t.tvCodes.claimedAt)))
    .returning();
  if (!claimed?.userId) return { status: "unknown" };
  return { status: "activated", userId: claimed.userId, profileId: claimed.profileId };
}
