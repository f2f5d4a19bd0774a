import { and, asc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { type UserRow } from "../../identity/sessions.ts";
import * as t from "../../store/schema.ts";
import type { PlatformEnv } from "../context.ts";
import { ApiError } from "../errors.ts";

import { signIn } from "./shared.ts";

/** Accounts an operator made, activated (or declined) by their owner. */
export const pendingActivationRoutes = new Hono<PlatformEnv>();

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
pendingActivationRoutes.get("/pendingactivationuser/:id", async (c) => {
  const user = await pendingUser(c);
  return c.json({ id: user.activationId, email: user.email, fullName: user.fullName });
});

/** `GET /pendingactivationuser/{id}/entitlement`: what the account will be able to watch. */
pendingActivationRoutes.get("/pendingactivationuser/:id/entitlement", async (c) => {
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
pendingActivationRoutes.post("/pendingactivationuser/:id/activate", async (c) => {
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
pendingActivationRoutes.delete("/pendingactivationuser/:id", async (c) => {
  const user = await pendingUser(c);
  await c.get("store").db.delete(t.users).where(eq(t.users.id, user.id));
  return c.body(null, 204);
});
