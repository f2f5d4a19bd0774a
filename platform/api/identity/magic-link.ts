import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { EMAIL_PATTERN } from "../../../contract/signup-fields.ts";
import { consumeOneTimeToken, issueOneTimeToken } from "../../identity/one-time-tokens.ts";
import * as t from "../../store/schema.ts";
import { clientAddress } from "../client-address.ts";
import type { PlatformEnv } from "../context.ts";
import { ApiError, badRequest } from "../errors.ts";

import {
  LIMITS,
  MAGIC_LINK_TTL_MINUTES,
  settingsOf,
  normalEmail,
  text,
  body,
  limit,
  findUser,
  signIn,
  assertCanSignIn,
  sendLink,
} from "./shared.ts";

/** Sign-in by a single-use emailed link (realms with magic links). */
export const magicLinkRoutes = new Hono<PlatformEnv>();

/** `POST /login/magic-link` {email}: a single-use sign-in link (realms with magic links). */
magicLinkRoutes.post("/login/magic-link", async (c) => {
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
magicLinkRoutes.post("/login/magic-link/verify", async (c) => {
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
