import { Hono } from "hono";
import { endSession, refreshSession, RefreshRefused } from "../../identity/sessions.ts";
import type { PlatformEnv } from "../context.ts";
import { ApiError, badRequest } from "../errors.ts";

import { text, body } from "./shared.ts";

/** Refreshing and ending sessions. */
export const sessionRoutes = new Hono<PlatformEnv>();

/** `POST /token/refresh` {refreshToken}: the next pair of the session's family. */
sessionRoutes.post("/token/refresh", async (c) => {
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
    // A reused token or a suspended account ended the session: on every server, at once.
    if (error.ended) await c.get("sessions").forget([error.ended]);
    const revoked = error.reason === "reused" || error.reason === "revoked";
    throw new ApiError(
      401,
      revoked ? "REVOKED" : "INVALID_REFRESH_TOKEN",
      revoked ? "This session has ended; sign in again" : "The refresh token is not valid",
    );
  }
});

/** `POST /logout` {refreshToken}: ends the session; an unknown token is already ended. */
sessionRoutes.post("/logout", async (c) => {
  const input = await body(c);
  const secret = text(input.refreshToken);
  const ended = secret && (await endSession(c.get("store").db, c.get("realm").name, secret));
  if (ended) await c.get("sessions").forget([ended]);
  return c.body(null, 204);
});
