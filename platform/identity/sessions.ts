import { and, eq, isNull, ne } from "drizzle-orm";
import type { AccessClaims, Role, TokenIssuer } from "../auth/tokens.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { digest, newSecret } from "./secrets.ts";

export type UserRow = typeof t.users.$inferSelect;
export type ProfileRow = typeof t.profiles.$inferSelect;

/** What a sign-in, sign-up or refresh answers with (spec section 7). */
export interface SessionTokens {
  authorisationToken: string;
  refreshToken: string;
}

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/**
 * How long a refresh token that was just exchanged still works. A browser may send two
 * refreshes with one token at once (two tabs, two loaders); the second must not read as theft.
 */
export const REFRESH_GRACE_SECONDS = 10;

/** Why a refresh was refused; each is a 401 to the client, which then signs the viewer out. */
export class RefreshRefused extends Error {
  override name = "RefreshRefused";
  constructor(
    readonly reason: "unknown" | "expired" | "revoked" | "reused" | "account",
    /** The session this refusal just ended (its family was revoked), if it ended one. */
    readonly ended?: string,
  ) {
    super(`refresh refused: ${reason}`);
  }
}

/** The access-token claims of an account, acting as `profile` when it has one. */
export function accountClaims(
  user: UserRow,
  profile: ProfileRow | null,
): Omit<AccessClaims, "exp"> {
  return {
    sub: String(user.id),
    rlm: user.realm,
    rol: [user.role as Role],
    gue: false,
    ...(user.locale ? { loc: user.locale } : {}),
    ...(user.partition ? { prt: user.partition } : {}),
    par: user.parentalStatus === "RESTRICTED" ? "RESTRICTED" : "NON_RESTRICTED",
    ...(profile ? { pro: { id: profile.id, type: profile.type.charAt(0).toLowerCase() } } : {}),
    apr: user.status === "ACTIVE",
    ads: { id: user.adsId },
  };
}

/** The claims of a guest session. */
export function guestClaims(realm: string, subject: string, locale?: string) {
  return {
    sub: subject,
    rlm: realm,
    rol: [] as Role[],
    gue: true,
    ...(locale ? { loc: locale } : {}),
  };
}

interface SessionOwner {
  realm: string;
  subject: string;
  userId: number | null;
  profileId: number | null;
  impersonatorId?: number | null;
  /** The client's User-Agent when the session started, kept for the account's device list. */
  userAgent?: string | null;
}

/** User-Agents are kept to this many characters: enough to name a browser, no more. */
const USER_AGENT_MAX = 300;

async function insertRefreshToken(db: Db, owner: SessionOwner, family: string) {
  const secret = newSecret();
  const [row] = await db
    .insert(t.refreshTokens)
    .values({
      tokenHash: digest(secret),
      family,
      ...owner,
      userAgent: owner.userAgent ? owner.userAgent.slice(0, USER_AGENT_MAX) : null,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning({ id: t.refreshTokens.id });
  return { secret, id: row!.id };
}

/** A new session (a new refresh-token family) for an account or a guest. */
export async function startSession(
  db: Db,
  tokens: TokenIssuer,
  claims: Omit<AccessClaims, "exp">,
  owner: {
    userId: number | null;
    profileId: number | null;
    impersonatorId?: number | null;
    userAgent?: string | null;
  },
): Promise<SessionTokens> {
  const family = crypto.randomUUID();
  const { secret } = await insertRefreshToken(
    db,
    { realm: claims.rlm, subject: claims.sub, ...owner },
    family,
  );
  const marked = owner.impersonatorId ? { ...claims, imp: owner.impersonatorId } : claims;
  return {
    authorisationToken: await tokens.issueAccess({ ...marked, sid: family }),
    refreshToken: secret,
  };
}

/**
 * Exchanges a refresh token for a new pair. The token is used up; its successor joins the same
 * family. A used token presented again after the grace period means two parties hold it, so
 * the whole family is revoked and both must sign in again.
 */
export async function refreshSession(
  db: Db,
  tokens: TokenIssuer,
  realm: string,
  secret: string,
  locale?: string,
): Promise<SessionTokens> {
  const [row] = await db
    .select()
    .from(t.refreshTokens)
    .where(and(eq(t.refreshTokens.tokenHash, digest(secret)), eq(t.refreshTokens.realm, realm)));
  if (!row) throw new RefreshRefused("unknown");
  if (row.revokedAt) throw new RefreshRefused("revoked");
  if (row.expiresAt.getTime() <= Date.now()) throw new RefreshRefused("expired");

  // One statement claims the token, so of two racing refreshes exactly one rotates it.
  const claimed = await db
    .update(t.refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(t.refreshTokens.id, row.id), isNull(t.refreshTokens.rotatedAt)))
    .returning({ id: t.refreshTokens.id });
  if (claimed.length === 0) {
    const [current] = await db
      .select({ rotatedAt: t.refreshTokens.rotatedAt })
      .from(t.refreshTokens)
      .where(eq(t.refreshTokens.id, row.id));
    const rotatedAt = current?.rotatedAt?.getTime() ?? 0;
    if (Date.now() - rotatedAt > REFRESH_GRACE_SECONDS * 1000) {
      await revokeFamily(db, row.family);
      throw new RefreshRefused("reused", row.family);
    }
  }

  const claims = await claimsOf(db, row, locale);
  const next = await insertRefreshToken(
    db,
    {
      realm,
      subject: row.subject,
      userId: row.userId,
      profileId: row.profileId,
      impersonatorId: row.impersonatorId,
      userAgent: row.userAgent,
    },
    row.family,
  );
  if (claimed.length > 0) {
    await db
      .update(t.refreshTokens)
      .set({ replacedBy: next.id })
      .where(eq(t.refreshTokens.id, row.id));
  }
  return {
    authorisationToken: await tokens.issueAccess({ ...claims, sid: row.family }),
    refreshToken: next.secret,
  };
}

/** Fresh claims for a family's next token: the account as it is now (role, status, profile). */
async function claimsOf(
  db: Db,
  row: typeof t.refreshTokens.$inferSelect,
  locale?: string,
): Promise<Omit<AccessClaims, "exp">> {
  if (row.userId === null) return guestClaims(row.realm, row.subject, locale);
  const [user] = await db.select().from(t.users).where(eq(t.users.id, row.userId));
  if (!user || user.status === "SUSPENDED" || user.status === "PENDING_ACTIVATION") {
    await revokeFamily(db, row.family);
    throw new RefreshRefused("account", row.family);
  }
  const profile =
    row.profileId === null
      ? null
      : ((await db.select().from(t.profiles).where(eq(t.profiles.id, row.profileId)))[0] ?? null);
  const claims = accountClaims(user, profile);
  return row.impersonatorId ? { ...claims, imp: row.impersonatorId } : claims;
}

/** Ends a session: every refresh token of `family`, and the access tokens issued with them. */
export async function revokeFamily(db: Db, family: string): Promise<void> {
  await db
    .update(t.refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(t.refreshTokens.family, family), isNull(t.refreshTokens.revokedAt)));
}

/**
 * Ends the session a refresh token belongs to (sign-out) and answers its family, the `sid` of
 * its access tokens. Unknown tokens are ignored.
 */
export async function endSession(
  db: Db,
  realm: string,
  secret: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ family: t.refreshTokens.family })
    .from(t.refreshTokens)
    .where(and(eq(t.refreshTokens.tokenHash, digest(secret)), eq(t.refreshTokens.realm, realm)));
  if (row) await revokeFamily(db, row.family);
  return row?.family;
}

/**
 * Ends every session of an account (a password reset), or every one but `keep` (a password
 * change, from the session that keeps going); answers their families.
 */
export async function endAllSessions(db: Db, userId: number, keep?: string): Promise<string[]> {
  const ended = await db
    .update(t.refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(t.refreshTokens.userId, userId),
        isNull(t.refreshTokens.revokedAt),
        ...(keep ? [ne(t.refreshTokens.family, keep)] : []),
      ),
    )
    .returning({ family: t.refreshTokens.family });
  return [...new Set(ended.map((row) => row.family))];
}

/**
 * Whether access tokens of session `sid` still count: some refresh token of the family has not
 * been revoked. Rotation does not revoke, so a refreshed session stays on.
 */
export async function sessionIsLive(db: Db, sid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: t.refreshTokens.id })
    .from(t.refreshTokens)
    .where(and(eq(t.refreshTokens.family, sid), isNull(t.refreshTokens.revokedAt)))
    .limit(1);
  return row !== undefined;
}

/** One signed-in session of an account, as its device list shows it. */
export interface AccountSession {
  /** The session's family: the `sid` its access tokens carry. */
  id: string;
  userAgent: string | null;
  startedAt: Date;
  /** When it was last refreshed (or started): tokens are refreshed while it is used. */
  lastActiveAt: Date;
}

/** The account's sessions still on (not revoked, not expired), most recently active first. */
export async function accountSessions(db: Db, userId: number): Promise<AccountSession[]> {
  const rows = await db
    .select({
      family: t.refreshTokens.family,
      userAgent: t.refreshTokens.userAgent,
      createdAt: t.refreshTokens.createdAt,
      revokedAt: t.refreshTokens.revokedAt,
      rotatedAt: t.refreshTokens.rotatedAt,
      expiresAt: t.refreshTokens.expiresAt,
    })
    .from(t.refreshTokens)
    .where(eq(t.refreshTokens.userId, userId));
  const now = Date.now();
  const byFamily = new Map<string, AccountSession & { live: boolean }>();
  for (const row of rows) {
    const live = !row.revokedAt && !row.rotatedAt && row.expiresAt.getTime() > now;
    const known = byFamily.get(row.family);
    if (!known) {
      byFamily.set(row.family, {
        id: row.family,
        userAgent: row.userAgent,
        startedAt: row.createdAt,
        lastActiveAt: row.createdAt,
        live,
      });
      continue;
    }
    if (row.createdAt < known.startedAt) known.startedAt = row.createdAt;
    if (row.createdAt > known.lastActiveAt) known.lastActiveAt = row.createdAt;
    known.userAgent ??= row.userAgent;
    known.live ||= live;
  }
  // A family any token of which was revoked has ended.
  const ended = new Set(rows.filter((row) => row.revokedAt).map((row) => row.family));
  return [...byFamily.values()]
    .filter((session) => session.live && !ended.has(session.id))
    .sort((a, b) => b.lastActiveAt.getTime() - a.lastActiveAt.getTime())
    .map(({ live: _live, ...session }) => session);
}

/** Ends one session of the account; false when it has no such session still on. */
export async function endAccountSession(db: Db, userId: number, family: string): Promise<boolean> {
  const ended = await db
    .update(t.refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(t.refreshTokens.userId, userId),
        eq(t.refreshTokens.family, family),
        isNull(t.refreshTokens.revokedAt),
      ),
    )
    .returning({ id: t.refreshTokens.id });
  return ended.length > 0;
}
