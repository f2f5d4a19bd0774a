import { and, eq } from "drizzle-orm";
import { type Context } from "hono";
import type { RealmSettings } from "../../../schemas/generated/realm-settings.ts";
import { verifyAgainstNothing, verifyPassword } from "../../auth/passwords.ts";
import { parseChallengeInput } from "../../../contract/challenge.ts";
import { HEADERS } from "../../../contract/headers.ts";
import { issueChallenge, verifyChallenge } from "../../identity/challenge.ts";
import { mailText, queueMail, webLink, type MailKind } from "../../identity/mail.ts";
import {
  clearAttempts,
  countAttempt,
  isLimited,
  refundAttempt,
  type RateLimit,
  type RateVerdict,
} from "../../identity/rate-limit.ts";
import { mainProfile } from "../../identity/profiles.ts";
import { accountClaims, startSession, type UserRow } from "../../identity/sessions.ts";
import * as t from "../../store/schema.ts";
import type { Db } from "../../store/store.ts";
import { clientAddress } from "../client-address.ts";
import type { PlatformEnv } from "../context.ts";
import { readJson } from "../contract.ts";
import { ApiError, badRequest } from "../errors.ts";

export const LIMITS = {
  /** Failed sign-ins per account: guessing one password. */
  account: { limit: 5, windowSeconds: 15 * 60 },
  /** Failed sign-ins per address: trying many accounts from one place. */
  address: { limit: 30, windowSeconds: 15 * 60 },
  /** Sign-ups and recovery emails per address. */
  mail: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

export const CONFIRMATION_TTL_HOURS = 48;
export const RESET_TTL_HOURS = 2;
export const MAGIC_LINK_TTL_MINUTES = 15;

export const settingsOf = (c: Context<PlatformEnv>) =>
  c.get("realm").settings as unknown as RealmSettings;
export const normalEmail = (value: unknown) =>
  typeof value === "string" ? value.trim().toLowerCase() : "";
export const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Origin of links in emails: PUBLIC_URL, else the origin the request came to. */
export function publicUrl(c: Context<PlatformEnv>): string {
  return (c.env as { publicUrl?: string } | undefined)?.publicUrl ?? new URL(c.req.url).origin;
}

/** The body, an object as the endpoint's request schema says (contract/endpoints.ts). */
export async function body(c: Context<PlatformEnv>): Promise<Record<string, unknown>> {
  return (await readJson(c.req.raw)) as Record<string, unknown>;
}

export function tooMany(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    "TOO_MANY_ATTEMPTS",
    `Too many attempts; try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s)`,
    { retryAfterSeconds },
  );
}

export function refuseOver(c: Context<PlatformEnv>, verdict: RateVerdict) {
  if (!verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    throw tooMany(verdict.retryAfterSeconds);
  }
}

export async function limit(c: Context<PlatformEnv>, key: string, rule: RateLimit) {
  refuseOver(c, await countAttempt(c.get("store").db, key, rule));
}

/**
 * Realms with a CAPTCHA challenge (mfaConfigurations) answer the first attempt with a challenge;
 * the client solves it and sends the answer in the challenge-input header (spec section 7).
 */
export async function requireChallenge(c: Context<PlatformEnv>) {
  const wanted = settingsOf(c).mfaConfigurations?.some((mfa) => mfa.type === "CAPTCHA");
  if (!wanted) return;
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const header = c.req.header(HEADERS.challengeInput);
  if (header === undefined) {
    throw new ApiError(428, "CHALLENGE_REQUIRED", "Solve the challenge and try again", {
      challenge: await issueChallenge(db, realm),
    });
  }
  const input = parseChallengeInput(header);
  if (!input || !(await verifyChallenge(db, realm, input))) {
    throw new ApiError(403, "CHALLENGE_FAILED", "The challenge answer was not accepted", {
      challenge: await issueChallenge(db, realm),
    });
  }
}

export async function findUser(db: Db, realm: string, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(t.users)
    .where(and(eq(t.users.realm, realm), eq(t.users.email, email)));
  return user;
}

/**
 * Confirms the signed-in account's password before a change only its holder may make (a new
 * password, deleting the account). Wrong guesses count against the same limit as sign-in (a
 * stolen session must not become a way to guess the password), counted before the check: 403
 * `WRONG_PASSWORD`, 429 `TOO_MANY_ATTEMPTS`. A right one clears the count.
 */
export async function confirmPassword(c: Context<PlatformEnv>, user: UserRow, password: string) {
  const accountKey = `login:account:${user.realm}:${user.email}`;
  await limit(c, accountKey, LIMITS.account);
  if (!user.passwordHash || !(await verifyPassword(password, user.passwordHash))) {
    throw new ApiError(403, "WRONG_PASSWORD", "The password is not right");
  }
  await clearAttempts(c.get("store").db, accountKey);
}

export async function signIn(c: Context<PlatformEnv>, user: UserRow, status = 200 as 200 | 201) {
  const { db } = c.get("store");
  const profile = await mainProfile(db, user.id);
  const session = await startSession(db, c.get("tokens"), accountClaims(user, profile), {
    userAgent: c.req.header("User-Agent") ?? null,
    userId: user.id,
    profileId: profile?.id ?? null,
  });
  return c.json({ ...session, lacksConfirmation: user.status === "PENDING_CONFIRMATION" }, status);
}

/** Refuses accounts that may not start a session, with the code the web app maps to a label. */
export function assertCanSignIn(user: UserRow) {
  if (user.status === "SUSPENDED") {
    throw new ApiError(403, "user_self_suspended", "This account has been suspended");
  }
  if (user.status === "PENDING_ACTIVATION") {
    throw new ApiError(403, "PENDING_ACTIVATION", "This account has not been activated yet");
  }
}

/** Sign-in by password also waits for the emailed confirmation, where the realm asks for it. */
export function assertConfirmed(user: UserRow) {
  if (user.status === "PENDING_CONFIRMATION") {
    throw new ApiError(403, "EMAIL_NOT_CONFIRMED", "Confirm the email address first");
  }
}

export async function sendLink(
  c: Context<PlatformEnv>,
  user: UserRow,
  kind: MailKind,
  path: string,
  values: Record<string, string | number>,
) {
  const realm = c.get("realm");
  const link = webLink(publicUrl(c), realm.name, path);
  const { subject, body: mailBody } = mailText(
    kind,
    user.locale ?? c.get("locale"),
    { realm: settingsOf(c).realmFullName, link, ...values },
    realm,
  );
  await queueMail(c.get("store").db, {
    realm: realm.name,
    recipient: user.email,
    kind,
    subject,
    body: mailBody,
  });
}

/**
 * Checks an email and password as sign-in does (rate limits per address and per account, the
 * realm's challenge, account status) and answers the account; anything else is an ApiError.
 * Sign-in and the OAuth code flow share it, so neither is an easier way to guess passwords.
 */
export async function verifyCredentials(
  c: Context<PlatformEnv>,
  input: { id?: unknown; secret?: unknown },
): Promise<UserRow> {
  const email = normalEmail(input.id);
  const password = text(input.secret);
  if (!email || !password) {
    throw badRequest("EMPTY_INPUTS", "Email and password are both required");
  }
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const accountKey = `login:account:${realm}:${email}`;
  const addressKey = `login:address:${realm}:${clientAddress(c)}`;
  const limits = [
    [addressKey, LIMITS.address],
    [accountKey, LIMITS.account],
  ] as const;
  // A locked account or address is refused before it is asked to solve a challenge.
  for (const [key, rule] of limits) refuseOver(c, await isLimited(db, key, rule));
  await requireChallenge(c);
  // Each attempt is counted before its password is checked, in one statement per counter: of
  // parallel guesses only the limit's worth ever reach the check.
  for (const [key, rule] of limits) refuseOver(c, await countAttempt(db, key, rule));

  const user = await findUser(db, realm, email);
  const matches = user?.passwordHash
    ? await verifyPassword(password, user.passwordHash)
    : await verifyAgainstNothing(password);
  if (!user || !matches) {
    throw new ApiError(404, "NOT_FOUND", "The email or password is not right");
  }
  // Only failures count: a venue's viewers behind one address all sign in fine, a
  // password-guessing run from it does not get far.
  await refundAttempt(db, addressKey);
  await clearAttempts(db, accountKey);
  assertCanSignIn(user);
  assertConfirmed(user);
  return user;
}
