import { and, eq } from "drizzle-orm";
import type { TokenIssuer } from "../auth/tokens.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { digest } from "./secrets.ts";
import {
  accountClaims,
  REFRESH_GRACE_SECONDS,
  RefreshRefused,
  revokeFamily,
  startSession,
  type ProfileRow,
  type SessionTokens,
  type UserRow,
} from "./sessions.ts";

export type RefreshRow = typeof t.refreshTokens.$inferSelect;

/**
 * The live refresh token `secret` of `user`'s session in `realm`. A token exchanged more than
 * the grace period ago is reuse, as on refresh: the family is revoked.
 */
export async function liveSessionOf(
  db: Db,
  realm: string,
  user: UserRow,
  secret: string,
): Promise<RefreshRow> {
  const [row] = await db
    .select()
    .from(t.refreshTokens)
    .where(and(eq(t.refreshTokens.tokenHash, digest(secret)), eq(t.refreshTokens.realm, realm)));
  if (!row || row.userId !== user.id) throw new RefreshRefused("unknown");
  if (row.revokedAt) throw new RefreshRefused("revoked");
  if (row.expiresAt.getTime() <= Date.now()) throw new RefreshRefused("expired");
  if (row.rotatedAt && Date.now() - row.rotatedAt.getTime() > REFRESH_GRACE_SECONDS * 1000) {
    await revokeFamily(db, row.family);
    throw new RefreshRefused("reused");
  }
  return row;
}

/**
 * Ends the session `current` belongs to and starts one acting as `profile`: new tokens whose
 * `pro` names it. The old refresh token and its family stop working at once.
 */
export async function switchSessionProfile(
  db: Db,
  tokens: TokenIssuer,
  user: UserRow,
  current: RefreshRow,
  profile: ProfileRow,
): Promise<SessionTokens> {
  await revokeFamily(db, current.family);
  return startSession(db, tokens, accountClaims(user, profile), {
    userId: user.id,
    profileId: profile.id,
    // An admin impersonating the account stays marked after switching profile.
    impersonatorId: current.impersonatorId,
    userAgent: current.userAgent,
  });
}
