import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { UserRow } from "../identity/sessions.ts";
import * as t from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError } from "./errors.ts";

/**
 * Calls about the viewer's own account (details, profiles, parental control, consent): a
 * signed-in customer or admin. Runs after `authenticate`; guests have no account to act on.
 */
export const requireAccount = createMiddleware<PlatformEnv>(async (c, next) => {
  const viewer = c.get("viewer");
  if (!viewer) throw new ApiError(401, "AUTHENTICATION_REQUIRED", "Sign in to do this");
  if (viewer.gue || viewer.rol.length === 0) {
    throw new ApiError(403, "FORBIDDEN", "Guests have no account");
  }
  await next();
});

/**
 * The account of the calling token, as the store has it now. A token outlives a deleted or
 * suspended account by up to its lifetime, so the account is read, never assumed.
 */
export async function accountOf(c: Context<PlatformEnv>): Promise<UserRow> {
  const viewer = c.get("viewer")!;
  const id = Number(viewer.sub);
  const [user] = Number.isSafeInteger(id)
    ? await c
        .get("store")
        .db.select()
        .from(t.users)
        .where(and(eq(t.users.id, id), eq(t.users.realm, c.get("realm").name)))
    : [];
  if (!user) throw new ApiError(401, "ACCOUNT_NOT_FOUND", "This account no longer exists");
  if (user.status === "SUSPENDED" || user.status === "PENDING_ACTIVATION") {
    throw new ApiError(403, "ACCOUNT_INACTIVE", "This account is not active");
  }
  return user;
}

/** Whether the calling token acts as a child profile (`pro.type` code `c`). */
export function actsAsChild(c: Context<PlatformEnv>): boolean {
  return c.get("viewer")?.pro?.type === "c";
}

/** Account settings are for adults: a child profile may not change them. */
export function refuseChildProfile(c: Context<PlatformEnv>): void {
  if (actsAsChild(c)) {
    throw new ApiError(403, "CHILD_PROFILE", "A child profile cannot change this");
  }
}
