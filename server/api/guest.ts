import { Hono } from "hono";
import type { PlatformEnv } from "./context.ts";
import { ApiError } from "./errors.ts";

export const guest = new Hono<PlatformEnv>();

/**
 * `POST /login/guest/checkin` (no auth): a guest session for realms that allow guests. Guests
 * have no account; their token names a fresh guest id and carries `gue: true`.
 */
guest.post("/login/guest/checkin", async (c) => {
  const realm = c.get("realm");
  const settings = realm.settings as { guestsAllowed?: boolean };
  if (!settings.guestsAllowed) {
    throw new ApiError(403, "FORBIDDEN", `Realm '${realm.name}' does not allow guests`);
  }
  const authorisationToken = await c.get("tokens").issueAccess({
    sub: `guest-${crypto.randomUUID()}`,
    rlm: realm.name,
    rol: [],
    gue: true,
    loc: c.get("locale"),
  });
  // Refresh tokens arrive with sign-in; until then a guest checks in again when this expires.
  return c.json({ authorisationToken, refreshToken: null }, 201);
});
