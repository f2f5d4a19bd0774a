import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { PASSWORD_LENGTH } from "../../../contract/signup-fields.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { endAllSessions } from "../../identity/sessions.ts";
import * as t from "../../store/schema.ts";
import { accountOf, refuseChildProfile, requireAccount } from "../account.ts";
import { authenticate } from "../auth.ts";
import type { PlatformEnv } from "../context.ts";
import { badRequest } from "../errors.ts";
import { body, confirmPassword, text } from "./shared.ts";

/** The account's password and its other sessions, from a signed-in session. */
export const passwordChangeRoutes = new Hono<PlatformEnv>();

/**
 * `PUT /user/password` {currentPassword, newPassword}: the account's password, changed when
 * the current one is right. Wrong guesses count against the same limit as sign-in (a stolen
 * session must not become a way to guess the password), counted before the check. Every other
 * session of the account ends; the caller's goes on.
 */
passwordChangeRoutes.put("/user/password", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const input = await body(c);
  const current = text(input.currentPassword);
  const next = text(input.newPassword);
  if (!current || !next) {
    throw badRequest("EMPTY_INPUTS", "Enter your current password and a new one");
  }
  const length = [...next].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    throw badRequest("INVALID_PASSWORD", "Passwords have 6 to 24 characters");
  }
  const user = await accountOf(c);
  const { db } = c.get("store");
  await confirmPassword(c, user, current);
  if (current === next) {
    throw badRequest("SAME_PASSWORD", "Choose a password other than the current one");
  }
  await db
    .update(t.users)
    .set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
    .where(eq(t.users.id, user.id));
  const families = await endAllSessions(db, user.id, c.get("viewer")?.sid);
  await c.get("sessions").forget(families);
  return c.json({ changed: true, endedSessions: families.length });
});

/**
 * `POST /user/sessions/end-others` (no body): signs the account out everywhere but here, at
 * once on every server sharing the store. Answers how many sessions ended.
 */
passwordChangeRoutes.post("/user/sessions/end-others", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const families = await endAllSessions(c.get("store").db, user.id, c.get("viewer")?.sid);
  await c.get("sessions").forget(families);
  return c.json({ endedSessions: families.length });
});
