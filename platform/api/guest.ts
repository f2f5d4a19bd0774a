import { Hono } from "hono";
import type { PlatformEnv } from "./context.ts";
import { ApiError } from "./errors.ts";
import { guestClaims, startSession } from "../identity/sessions.ts";

export const guest = new Hono<PlatformEnv>();

/**
 * `POST /login/guest/checkin` (no auth): a guest session for realms that allow guests. Guests
 * have no account; their token names a fresh guest id and carries `gue: true`.
 */
guest.post("/", async (c) => {
  const realm = c.get("realm");
  const settings = realm.settings as { guestsAllowed?: boolean };
  if (!settings.guestsAllowed) {
    throw new ApiError(403, "FORBIDDEN", `Realm '${realm.name}' does not allow guests`);
  }
  const claims = guestClaims(realm.name, `guest-${crypto.randomUUID()}`, c.get("locale"));
  const session = await startSession(c.get("store").db, c.get("tokens"), claims, {
    userId: null,
    profileId: null,
  });
  return c.json(session, 201);
});
