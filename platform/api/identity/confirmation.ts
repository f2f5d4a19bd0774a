import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { consumeOneTimeToken } from "../../identity/one-time-tokens.ts";
import * as t from "../../store/schema.ts";
import type { PlatformEnv } from "../context.ts";
import { badRequest } from "../errors.ts";

import { text, body } from "./shared.ts";

/** The emailed confirmation of a new account's address. */
export const confirmationRoutes = new Hono<PlatformEnv>();

/** `POST /confirmation-token/verify` {confirmationToken}: the emailed confirmation link. */
confirmationRoutes.post("/confirmation-token/verify", async (c) => {
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
