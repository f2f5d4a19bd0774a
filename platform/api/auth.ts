import { createMiddleware } from "hono/factory";
import {
  InvalidTokenError,
  tokenFromAuthorization,
  type AccessClaims,
  type Role,
} from "../auth/tokens.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError } from "./errors.ts";

/**
 * The viewer of a realm-scoped call, from its access token (after `requireClient`). A call
 * without a token is anonymous; a bad, expired or other-realm token, or one whose session has
 * ended, is a 401, so the client knows to refresh rather than silently continuing as a guest.
 */
export const authenticate = createMiddleware<PlatformEnv>(async (c, next) => {
  const token = tokenFromAuthorization(c.req.header("Authorization"));
  if (token) {
    let claims: AccessClaims;
    try {
      claims = await c.get("tokens").verifyAccess(token);
    } catch (error) {
      if (!(error instanceof InvalidTokenError)) throw error;
      throw new ApiError(
        401,
        error.reason === "expired" ? "TOKEN_EXPIRED" : "INVALID_TOKEN",
        error.message,
      );
    }
    if (claims.rlm !== c.get("realm").name) {
      throw new ApiError(401, "INVALID_TOKEN", "The access token belongs to another realm");
    }
    // INVALID_TOKEN sends the client to refresh, which an ended session refuses: it signs out.
    if (claims.sid !== undefined && !(await c.get("sessions").isLive(claims.sid))) {
      throw new ApiError(401, "INVALID_TOKEN", "This session has ended; sign in again");
    }
    c.set("viewer", claims);
  }
  await next();
});

/** Only signed-in viewers holding `role` get past: 401 without a token, 403 with another role. */
export const requireRole = (role: Role) =>
  createMiddleware<PlatformEnv>(async (c, next) => {
    const viewer = c.get("viewer");
    if (!viewer) {
      throw new ApiError(401, "AUTHENTICATION_REQUIRED", "Sign in to do this");
    }
    if (viewer.gue || !viewer.rol.includes(role)) {
      throw new ApiError(403, "FORBIDDEN", `This needs the ${role} role`);
    }
    await next();
  });
