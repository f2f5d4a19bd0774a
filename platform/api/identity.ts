import { and, asc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import {
  EMAIL_PATTERN,
  formProblems,
  PASSWORD_LENGTH,
  signupProvider,
} from "../../contract/signup-fields.ts";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../auth/passwords.ts";
import { parseChallengeInput } from "../../contract/challenge.ts";
import { HEADERS } from "../../contract/headers.ts";
import { issueChallenge, verifyChallenge } from "../identity/challenge.ts";
import { consentFieldsOf, FUNCTIONAL_PURPOSES, type ConsentField } from "../identity/consent.ts";
import { mailText, queueMail, webLink, type MailKind } from "../identity/mail.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "../identity/one-time-tokens.ts";
import {
  clearAttempts,
  countAttempt,
  isLimited,
  refundAttempt,
  type RateLimit,
  type RateVerdict,
} from "../identity/rate-limit.ts";
import {
  accountClaims,
  endAllSessions,
  endSession,
  refreshSession,
  RefreshRefused,
  startSession,
  type UserRow,
} from "../identity/sessions.ts";
import { openAccount } from "../identity/sign-up.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { clientAddress } from "./client-address.ts";
import type { PlatformEnv } from "./context.ts";
import { readJson, requireJsonBody } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";

/** Sign-in, sign-up, sessions and account recovery (spec sections 4, 5 and 7). */
export const identity = new Hono<PlatformEnv>();

for (const path of [
  "/login",
  "/login/*",
  "/user",
  "/user/pbr",
  "/token/refresh",
  "/logout",
  "/confirmation-token/*",
  "/password/*",
  "/pendingactivationuser/*",
]) {
  identity.use(path, requireJsonBody);
}

const LIMITS = {
  /** Failed sign-ins per account: guessing one password. */
  account: { limit: 5, windowSeconds: 15 * 60 },
  /** Failed sign-ins per address: trying many accounts from one place. */
  address: { limit: 30, windowSeconds: 15 * 60 },
  /** Sign-ups and recovery emails per address. */
  mail: { limit: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

const CONFIRMATION_TTL_HOURS = 48;
const RESET_TTL_HOURS = 2;
const MAGIC_LINK_TTL_MINUTES = 15;

const settingsOf = (c: Context<PlatformEnv>) => c.get("realm").settings as unknown as RealmSettings;
const normalEmail = (value: unknown) =>
  typeof value === "string" ? value.trim().toLowerCase() : "";
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Origin of links in emails: PUBLIC_URL, else the origin the request came to. */
export function publicUrl(c: Context<PlatformEnv>): string {
  return (c.env as { publicUrl?: string } | undefined)?.publicUrl ?? new URL(c.req.url).origin;
}

/** The body, an object as the endpoint's request schema says (contract/endpoints.ts). */
export async function body(c: Context<PlatformEnv>): Promise<Record<string, unknown>> {
  return (await readJson(c.req.raw)) as Record<string, unknown>;
}

function tooMany(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    "TOO_MANY_ATTEMPTS",
    `Too many attempts; try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s)`,
    { retryAfterSeconds },
  );
}

function refuseOver(c: Context<PlatformEnv>, verdict: RateVerdict) {
  if (!verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    throw tooMany(verdict.retryAfterSeconds);
  }
}

async function limit(c: Context<PlatformEnv>, key: string, rule: RateLimit) {
  refuseOver(c, await countAttempt(c.get("store").db, key, rule));
}

/**
 * Realms with a CAPTCHA challenge (mfaConfigurations) answer the first attempt with a challenge;
 * the client solves it and sends the answer in the challenge-input header (spec section 7).
 */
async function requireChallenge(c: Context<PlatformEnv>) {
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

async function findUser(db: Db, realm: string, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(t.users)
    .where(and(eq(t.users.realm, realm), eq(t.users.email, email)));
  return user;
}

/** The profile a new session acts as: the account's first adult profile. */
export async function mainProfile(db: Db, userId: number) {
  const [profile] = await db
    .select()
    .from(t.profiles)
    .where(and(eq(t.profiles.userId, userId), eq(t.profiles.type, "ADULT")))
    .orderBy(asc(t.profiles.id))
    .limit(1);
  return profile ?? null;
}

async function signIn(c: Context<PlatformEnv>, user: UserRow, status = 200 as 200 | 201) {
  const { db } = c.get("store");
  const profile = await mainProfile(db, user.id);
  const session = await startSession(db, c.get("tokens"), accountClaims(user, profile), {
    userId: user.id,
    profileId: profile?.id ?? null,
  });
  return c.json({ ...session, lacksConfirmation: user.status === "PENDING_CONFIRMATION" }, status);
}

/** Refuses accounts that may not start a session, with the code the web app maps to a label. */
function assertCanSignIn(user: UserRow) {
  if (user.status === "SUSPENDED") {
    throw new ApiError(403, "user_self_suspended", "This account has been suspended");
  }
  if (user.status === "PENDING_ACTIVATION") {
    throw new ApiError(403, "PENDING_ACTIVATION", "This account has not been activated yet");
  }
}

/** Sign-in by password also waits for the emailed confirmation, where the realm asks for it. */
function assertConfirmed(user: UserRow) {
  if (user.status === "PENDING_CONFIRMATION") {
    throw new ApiError(403, "EMAIL_NOT_CONFIRMED", "Confirm the email address first");
  }
}

async function sendLink(
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

/**
 * The consent answers of a sign-up (realms with `signupWithConsent`): `consentAnswers` is a
 * list of `{promptField, answer}` over the realm's consent fields; a required one must be
 * agreed to (its problem is reported under the field's name, with the label `requiredField`).
 */
function signupConsents(
  settings: RealmSettings,
  sent: unknown,
  problems: Record<string, string>,
): { field: ConsentField; answer: string }[] {
  if (!settings.signupWithConsent) return [];
  const given = new Map<string, string>();
  for (const item of Array.isArray(sent) ? sent.slice(0, 50) : []) {
    const { promptField, answer } = (item ?? {}) as { promptField?: unknown; answer?: unknown };
    if (typeof promptField === "string" && (answer === true || answer === "true")) {
      given.set(promptField, "true");
    } else if (typeof promptField === "string") given.set(promptField, "false");
  }
  const fields = consentFieldsOf(settings as never, FUNCTIONAL_PURPOSES);
  for (const field of fields) {
    if (field.required && given.get(field.fieldName) !== "true") {
      problems[field.fieldName] = "requiredField";
    }
  }
  return fields
    .filter((field) => given.has(field.fieldName))
    .map((field) => ({ field, answer: given.get(field.fieldName)! }));
}

/** `POST /login` {id, secret}: email and password. */
identity.post("/login", async (c) => {
  const user = await verifyCredentials(c, await body(c));
  return signIn(c, user);
});

/**
 * `POST /user` (and `/user/pbr`, whose address field is `country` where others send
 * `countryCode`): self-registration with the realm provider's fields.
 */
async function signUp(c: Context<PlatformEnv>, renames: Record<string, string>) {
  const settings = settingsOf(c);
  if (!settings.allowSelfregistration) {
    throw new ApiError(403, "SELF_REGISTRATION_DISABLED", "This realm does not take sign-ups");
  }
  const input = await body(c);
  const meta = (typeof input.meta_fields === "object" && input.meta_fields) || {};
  const values: Record<string, string> = {};
  const provider = signupProvider(settings);
  for (const field of provider?.fields ?? []) {
    const sent =
      input[renames[field.id] ?? field.id] ?? (meta as Record<string, unknown>)[field.id];
    values[field.id] = text(sent);
  }
  values.email = text(input.email);
  values.password = text(input.secret);
  const problems = formProblems(provider, values);
  if (!EMAIL_PATTERN.test(values.email.trim())) problems.email ??= "pleaseProvideValidEmail";
  const length = [...values.password].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    problems.password ??= "yourPasswordRules";
  }
  const consents = signupConsents(settings, input.consentAnswers, problems);
  if (Object.keys(problems).length > 0) {
    throw new ApiError(400, "INVALID_FIELDS", "Some fields need attention", { fields: problems });
  }
  await limit(c, `signup:address:${c.get("realm").name}:${clientAddress(c)}`, LIMITS.mail);
  await requireChallenge(c);

  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const email = normalEmail(values.email);
  const pending = settings.requiresConfirmation === true;
  const opened = await openAccount(db, {
    realm,
    email,
    passwordHash: await hashPassword(values.password),
    pending,
    fullName: values.fullName || null,
    taxNumber: values.taxNumber || null,
    phoneNumber: values.phoneNumber || null,
    birthDate: values.birthDate || null,
    country: values.countryCode || values.country || null,
    locale: c.get("locale"),
    consents,
    confirmationTtlSeconds: CONFIRMATION_TTL_HOURS * 3600,
  });
  if (!opened) throw new ApiError(409, "CONFLICT", "An account with this email already exists");
  const { user, confirmationToken } = opened;
  if (confirmationToken) {
    await sendLink(c, user, "confirmation", `/email-confirmation?token=${confirmationToken}`, {
      hours: CONFIRMATION_TTL_HOURS,
    });
  }
  return signIn(c, user, 201);
}

identity.post("/user", (c) => signUp(c, {}));
identity.post("/user/pbr", (c) => signUp(c, { countryCode: "country" }));

/** `POST /token/refresh` {refreshToken}: the next pair of the session's family. */
identity.post("/token/refresh", async (c) => {
  const input = await body(c);
  const secret = text(input.refreshToken);
  if (!secret) throw badRequest("EMPTY_INPUTS", "refreshToken is required");
  try {
    const session = await refreshSession(
      c.get("store").db,
      c.get("tokens"),
      c.get("realm").name,
      secret,
      c.get("locale"),
    );
    return c.json(session);
  } catch (error) {
    if (!(error instanceof RefreshRefused)) throw error;
    const revoked = error.reason === "reused" || error.reason === "revoked";
    throw new ApiError(
      401,
      revoked ? "REVOKED" : "INVALID_REFRESH_TOKEN",
      revoked ? "This session has ended; sign in again" : "The refresh token is not valid",
    );
  }
});

/** `POST /logout` {refreshToken}: ends the session; an unknown token is already ended. */
identity.post("/logout", async (c) => {
  const input = await body(c);
  const secret = text(input.refreshToken);
  const ended = secret && (await endSession(c.get("store").db, c.get("realm").name, secret));
  if (ended) c.get("sessions").forget([ended]);
  return c.body(null, 204);
});

/** `POST /confirmation-token/verify` {confirmationToken}: the emailed confirmation link. */
identity.post("/confirmation-token/verify", async (c) => {
  const input = await body(c);
  const { db } = c.get("store");
  const used = await consumeOneTimeToken(
    db,
    "confirmation",
    c.get("realm").name,
    text(input.confirmationToken),
  );
  if (!used?.userId) {
    throw badRequest("INVALID_CONFIRMATION_TOKEN", "This confirmation link is not valid any more");
  }
  await db
    .update(t.users)
    .set({ status: "ACTIVE", confirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(t.users.id, used.userId), eq(t.users.status, "PENDING_CONFIRMATION")));
  return c.json({ confirmed: true });
});

/** `POST /password/request` {email}: always 202, so it cannot tell who has an account. */
identity.post("/password/request", async (c) => {
  const input = await body(c);
  const email = normalEmail(input.email);
  if (!EMAIL_PATTERN.test(email)) {
    throw badRequest("INVALID_EMAIL", "Enter a valid email address");
  }
  await limit(c, `recovery:address:${c.get("realm").name}:${clientAddress(c)}`, LIMITS.mail);
  const { db } = c.get("store");
  const user = await findUser(db, c.get("realm").name, email);
  if (user && user.status !== "SUSPENDED") {
    const token = await issueOneTimeToken(db, "password-reset", {
      realm: user.realm,
      userId: user.id,
      ttlSeconds: RESET_TTL_HOURS * 3600,
    });
    await sendLink(c, user, "password-reset", `/login/reset-password?pwrt=${token}`, {
      hours: RESET_TTL_HOURS,
    });
  }
  return c.json({ requested: true }, 202);
});

/** `POST /password/reset` {token, secret}: a new password; every session of the account ends. */
identity.post("/password/reset", async (c) => {
  const input = await body(c);
  const password = text(input.secret);
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    throw badRequest("INVALID_PASSWORD", "Passwords have 6 to 24 characters");
  }
  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const used = await consumeOneTimeToken(db, "password-reset", realm, text(input.token));
  if (!used?.userId) {
    throw badRequest("INVALID_RESET_TOKEN", "This reset link is not valid any more");
  }
  const [user] = await db
    .update(t.users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(t.users.id, used.userId))
    .returning();
  c.get("sessions").forget(await endAllSessions(db, used.userId));
  if (user) await clearAttempts(db, `login:account:${realm}:${user.email}`);
  return c.json({ reset: true });
});

/** `POST /login/magic-link` {email}: a single-use sign-in link (realms with magic links). */
identity.post("/login/magic-link", async (c) => {
  if (!settingsOf(c).magicLinkLoginEnabled) {
    throw new ApiError(403, "MAGIC_LINK_DISABLED", "This realm does not sign in by email link");
  }
  const input = await body(c);
  const email = normalEmail(input.email);
  if (!EMAIL_PATTERN.test(email)) throw badRequest("INVALID_EMAIL", "Enter a valid email address");
  await limit(c, `recovery:address:${c.get("realm").name}:${clientAddress(c)}`, LIMITS.mail);
  const { db } = c.get("store");
  const user = await findUser(db, c.get("realm").name, email);
  if (user && (user.status === "ACTIVE" || user.status === "PENDING_CONFIRMATION")) {
    const token = await issueOneTimeToken(db, "magic-link", {
      realm: user.realm,
      userId: user.id,
      ttlSeconds: MAGIC_LINK_TTL_MINUTES * 60,
    });
    await sendLink(c, user, "magic-link", `/login?magic=${token}`, {
      minutes: MAGIC_LINK_TTL_MINUTES,
    });
  }
  return c.json({ requested: true }, 202);
});

/** `POST /login/magic-link/verify` {token}: signs in with an emailed link. */
identity.post("/login/magic-link/verify", async (c) => {
  const input = await body(c);
  const { db } = c.get("store");
  const used = await consumeOneTimeToken(db, "magic-link", c.get("realm").name, text(input.token));
  if (!used?.userId)
    throw badRequest("INVALID_MAGIC_LINK", "This sign-in link is not valid any more");
  const [user] = await db.select().from(t.users).where(eq(t.users.id, used.userId));
  if (!user) throw badRequest("INVALID_MAGIC_LINK", "This sign-in link is not valid any more");
  assertCanSignIn(user);
  return signIn(c, user);
});

async function pendingUser(c: Context<PlatformEnv>): Promise<UserRow> {
  const [user] = await c
    .get("store")
    .db.select()
    .from(t.users)
    .where(
      and(
        eq(t.users.activationId, c.req.param("id") ?? ""),
        eq(t.users.realm, c.get("realm").name),
        eq(t.users.status, "PENDING_ACTIVATION"),
      ),
    );
  if (!user) throw new ApiError(404, "NOT_FOUND", "No account is waiting for activation here");
  return user;
}

/** `GET /pendingactivationuser/{id}`: who is about to be activated. */
identity.get("/pendingactivationuser/:id", async (c) => {
  const user = await pendingUser(c);
  return c.json({ id: user.activationId, email: user.email, fullName: user.fullName });
});

/** `GET /pendingactivationuser/{id}/entitlement`: what the account will be able to watch. */
identity.get("/pendingactivationuser/:id/entitlement", async (c) => {
  const user = await pendingUser(c);
  const rows = await c
    .get("store")
    .db.select({
      licence: t.entitlements.licence,
      status: t.entitlements.status,
      startsAt: t.entitlements.startsAt,
      endsAt: t.entitlements.endsAt,
    })
    .from(t.entitlements)
    .where(eq(t.entitlements.userId, user.id))
    .orderBy(asc(t.entitlements.id));
  return c.json({ entitlements: rows });
});

/** `POST /pendingactivationuser/{id}/activate`: the account becomes active and signed in. */
identity.post("/pendingactivationuser/:id/activate", async (c) => {
  const user = await pendingUser(c);
  const [active] = await c
    .get("store")
    .db.update(t.users)
    .set({ status: "ACTIVE", activationId: null, confirmedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(t.users.id, user.id), eq(t.users.status, "PENDING_ACTIVATION")))
    .returning();
  if (!active) throw new ApiError(409, "CONFLICT", "This account was activated already");
  return signIn(c, active);
});

/** `DELETE /pendingactivationuser/{id}`: declines the activation; the account is removed. */
identity.delete("/pendingactivationuser/:id", async (c) => {
  const user = await pendingUser(c);
  await c.get("store").db.delete(t.users).where(eq(t.users.id, user.id));
  return c.body(null, 204);
});
