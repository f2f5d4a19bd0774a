import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { countAttempt, type RateLimit } from "../identity/rate-limit.ts";
import { accountClaims, startSession } from "../identity/sessions.ts";
import {
  activateTvCode,
  issueTvCode,
  pollTvCode,
  TV_CODE_TTL_SECONDS,
  TV_POLL_INTERVAL_SECONDS,
} from "../identity/tv-codes.ts";
import * as t from "../store/schema.ts";
import { authenticate } from "./auth.ts";
import { clientAddress } from "./client-address.ts";
import type { PlatformEnv } from "./context.ts";
import { requireJsonBody } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";
import { body } from "./identity/index.ts";

/**
 * TV PIN sign-in, in realms with `pinLoginEnabled`: a TV asks for a code and shows it, a
 * signed-in viewer enters it on the web, and the TV, polling, receives a session once.
 */
export const tv = new Hono<PlatformEnv>();
tv.use("/*", requireJsonBody, async (c, next) => {
  const settings = c.get("realm").settings as unknown as RealmSettings;
  if (settings.pinLoginEnabled !== true) {
    throw new ApiError(403, "PIN_LOGIN_DISABLED", "This realm does not sign TVs in by code");
  }
  await next();
});

const LIMITS = {
  /** Codes asked for per address: a TV needs one every few minutes at most. */
  codes: { limit: 30, windowSeconds: 15 * 60 },
  /** Codes entered per account: enough for typos, too few to guess someone else's code. */
  activation: { limit: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimit>;

async function limit(c: Context<PlatformEnv>, key: string, rule: RateLimit) {
  const verdict = await countAttempt(c.get("store").db, key, rule);
  if (!verdict.allowed) {
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    throw new ApiError(
      429,
      "TOO_MANY_ATTEMPTS",
      `Too many attempts; try again in ${Math.ceil(verdict.retryAfterSeconds / 60)} minute(s)`,
      { retryAfterSeconds: verdict.retryAfterSeconds },
    );
  }
}

/** `POST /tv/code` (no auth): `{code, deviceCode, expiresIn, interval}` for a TV to show. */
tv.post("/code", async (c) => {
  const realm = c.get("realm").name;
  await limit(c, `tv:code:${realm}:${clientAddress(c)}`, LIMITS.codes);
  const issued = await issueTvCode(c.get("store").db, realm);
  return c.json(
    { ...issued, expiresIn: TV_CODE_TTL_SECONDS, interval: TV_POLL_INTERVAL_SECONDS },
    201,
  );
});

/**
 * `POST /tv/token` {deviceCode} (no auth): 400 `AUTHORIZATION_PENDING` until the code is
 * entered, then the session once; `EXPIRED_TOKEN` and `INVALID_DEVICE_CODE` end the wait.
 */
tv.post("/token", async (c) => {
  const input = await body(c);
  const deviceCode = typeof input.deviceCode === "string" ? input.deviceCode : "";
  const { db } = c.get("store");
  const poll = await pollTvCode(db, c.get("realm").name, deviceCode);
  if (poll.status === "pending") {
    throw badRequest("AUTHORIZATION_PENDING", "The code has not been entered yet");
  }
  if (poll.status === "expired") throw badRequest("EXPIRED_TOKEN", "The code has expired");
  if (poll.status !== "activated") {
    throw badRequest("INVALID_DEVICE_CODE", "Unknown or already used device code");
  }
  const [user] = await db.select().from(t.users).where(eq(t.users.id, poll.userId));
  if (!user || user.status === "SUSPENDED" || user.status === "PENDING_ACTIVATION") {
    throw badRequest("INVALID_DEVICE_CODE", "The account cannot sign in");
  }
  const profile =
    poll.profileId === null
      ? null
      : ((
          await db
            .select()
            .from(t.profiles)
            .where(and(eq(t.profiles.id, poll.profileId), eq(t.profiles.userId, user.id)))
        )[0] ?? null);
  const session = await startSession(db, c.get("tokens"), accountClaims(user, profile), {
    userAgent: c.req.header("User-Agent") ?? null,
    userId: user.id,
    profileId: profile?.id ?? null,
  });
  return c.json(session);
});

/** `POST /tv/activate` {code}: the signed-in viewer's account (and profile) goes to the TV. */
tv.post("/activate", authenticate, async (c) => {
  const viewer = c.get("viewer");
  if (!viewer || viewer.gue || viewer.rol.length === 0) {
    throw new ApiError(401, "AUTHENTICATION_REQUIRED", "Sign in to do this");
  }
  // A session handed to a device outlives an impersonation: an admin cannot give one away.
  if (viewer.imp !== undefined) {
    throw new ApiError(403, "FORBIDDEN", "Not while impersonating an account");
  }
  const realm = c.get("realm").name;
  await limit(c, `tv:activate:${realm}:${viewer.sub}`, LIMITS.activation);
  const input = await body(c);
  const code = typeof input.code === "string" ? input.code : "";
  if (!code.trim()) throw badRequest("EMPTY_INPUTS", "Enter the code the TV shows");
  const activated = await activateTvCode(c.get("store").db, realm, code, {
    userId: Number(viewer.sub),
    profileId: viewer.pro?.id ?? null,
  });
  if (!activated) throw new ApiError(404, "INVALID_TV_CODE", "No TV is waiting for this code");
  return c.json({ activated: true });
});
