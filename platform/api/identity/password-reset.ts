import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { EMAIL_PATTERN, PASSWORD_LENGTH } from "../../../contract/signup-fields.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "../../identity/one-time-tokens.ts";
import { clearAttempts } from "../../identity/rate-limit.ts";
import { endAllSessions } from "../../identity/sessions.ts";
import * as t from "../../store/schema.ts";
import { clientAddress } from "../client-address.ts";
import type { PlatformEnv } from "../context.ts";
import { badRequest } from "../errors.ts";

import {
  LIMITS,
  RESET_TTL_HOURS,
  normalEmail,
  text,
  body,
  limit,
  findUser,
  sendLink,
} from "./shared.ts";

/** Password recovery by an emailed link. */
export const passwordResetRoutes = new Hono<PlatformEnv>();

/** `POST /password/request` {email}: always 202, so it cannot tell who has an account. */
passwordResetRoutes.post("/password/request", async (c) => {
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
passwordResetRoutes.post("/password/reset", async (c) => {
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
  await c.get("sessions").forget(await endAllSessions(db, used.userId));
  if (user) await clearAttempts(db, `login:account:${realm}:${user.email}`);
  return c.json({ reset: true });
});
