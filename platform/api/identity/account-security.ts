import { Hono } from "hono";
import {
  accountDataExport,
  deleteAccount,
  linkedProvidersOf,
  unlinkProvider,
} from "../../identity/account-security.ts";
import { accountSessions, endAccountSession, endAllSessions } from "../../identity/sessions.ts";
import { accountOf, refuseChildProfile, requireAccount } from "../account.ts";
import { authenticate } from "../auth.ts";
import type { PlatformEnv } from "../context.ts";
import { ApiError, badRequest } from "../errors.ts";
import { body, confirmPassword, text } from "./shared.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The account's sessions, linked providers, deletion and data, from a signed-in session. */
export const accountSecurityRoutes = new Hono<PlatformEnv>();

/** `GET /user/sessions`: the account's sessions still on, the caller's marked `current`. */
accountSecurityRoutes.get("/user/sessions", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const sid = c.get("viewer")?.sid;
  const items = (await accountSessions(c.get("store").db, user.id)).map((session) => ({
    id: session.id,
    userAgent: session.userAgent,
    startedAt: session.startedAt.toISOString(),
    lastActiveAt: session.lastActiveAt.toISOString(),
    current: session.id === sid,
  }));
  return c.json({ items }, 200, PRIVATE);
});

/** `POST /user/sessions/end-all`: signs the account out everywhere, the caller included. */
accountSecurityRoutes.post("/user/sessions/end-all", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const families = await endAllSessions(c.get("store").db, user.id);
  await c.get("sessions").forget(families);
  return c.json({ endedSessions: families.length });
});

/** `DELETE /user/sessions/{sessionId}`: signs one of the account's sessions out, at once. */
accountSecurityRoutes.delete(
  "/user/sessions/:sessionId",
  authenticate,
  requireAccount,
  async (c) => {
    refuseChildProfile(c);
    const user = await accountOf(c);
    const id = c.req.param("sessionId");
    if (!(await endAccountSession(c.get("store").db, user.id, id))) {
      throw new ApiError(404, "SESSION_NOT_FOUND", "The account has no such session");
    }
    await c.get("sessions").forget([id]);
    return c.body(null, 204);
  },
);

/** `GET /realm/authentication-providers`: the outside providers linked to the account. */
accountSecurityRoutes.get(
  "/realm/authentication-providers",
  authenticate,
  requireAccount,
  async (c) => {
    refuseChildProfile(c);
    const user = await accountOf(c);
    const items = await linkedProvidersOf(c.get("store").db, user.id);
    return c.json({ items, hasPassword: user.passwordHash !== null }, 200, PRIVATE);
  },
);

/**
 * `DELETE /realm/authentication-providers/{id}`: unlinks one, unless the account has no
 * password and it is the last way to sign in (409 `LAST_SIGN_IN_METHOD`).
 */
accountSecurityRoutes.delete(
  "/realm/authentication-providers/:id",
  authenticate,
  requireAccount,
  async (c) => {
    refuseChildProfile(c);
    const user = await accountOf(c);
    const id = Number(c.req.param("id"));
    const outcome = Number.isSafeInteger(id)
      ? await unlinkProvider(c.get("store").db, user, id)
      : "notFound";
    if (outcome === "notFound") {
      throw new ApiError(404, "PROVIDER_NOT_FOUND", "No such provider is linked to the account");
    }
    if (outcome === "last") {
      throw new ApiError(
        409,
        "LAST_SIGN_IN_METHOD",
        "This is the account's only way to sign in; set a password first",
      );
    }
    return c.body(null, 204);
  },
);

/**
 * `POST /user/delete` {password}: deletes the account once its password is confirmed. Wrong
 * guesses count against the sign-in limit, counted before the check, as a password change
 * does. Every session ends; orders stay, anonymised, for the accounts.
 */
accountSecurityRoutes.post("/user/delete", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const input = await body(c);
  const password = text(input.password);
  if (!password) throw badRequest("EMPTY_INPUTS", "Enter your password");
  const user = await accountOf(c);
  await confirmPassword(c, user, password);
  const families = await deleteAccount(c.get("store").db, user);
  await c.get("sessions").forget(families);
  return c.json({ deleted: true });
});

/** `GET /user/data-export`: everything kept about the account, as one JSON document. */
accountSecurityRoutes.get("/user/data-export", authenticate, requireAccount, async (c) => {
  refuseChildProfile(c);
  const user = await accountOf(c);
  const sid = c.get("viewer")?.sid;
  return c.json(await accountDataExport(c.get("store").db, user, sid), 200, PRIVATE);
});
