import type { ProfileSwitch } from "../../contract/generated/profile-switch.ts";
import { and, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { ProfileList } from "../../contract/generated/profiles.ts";
import { RefreshRefused, type ProfileRow } from "../identity/sessions.ts";
import { liveSessionOf, switchSessionProfile } from "../identity/profile-session.ts";
import {
  findProfile,
  nameTaken,
  profilesWithMain,
  type ProfileType,
} from "../identity/profiles.ts";
import * as t from "../store/schema.ts";
import { accountOf, actsAsChild, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import type { PlatformEnv } from "./context.ts";
import { requireJsonBody } from "./contract.ts";
import { ApiError, badRequest, notFound } from "./errors.ts";
import { idParam } from "./pagination.ts";
import { requireParentalPin } from "./parental-pin.ts";

/** Viewing profiles of the signed-in account (spec sections 3 and 4), on v2. */
export const profiles = new Hono<PlatformEnv>();

const NAME_MAX = 40;
const TYPES: readonly ProfileType[] = ["ADULT", "CHILD"];

interface ProfileConfiguration {
  status?: "NONE" | "CONFIGURED";
  maxProfiles?: number;
}

/** Profiles of the realm; a realm that does not configure `maxProfiles` allows five. */
function configurationOf(c: Context<PlatformEnv>) {
  const config = (c.get("realm").settings as { profileConfiguration?: ProfileConfiguration })
    .profileConfiguration;
  return {
    configured: config?.status === "CONFIGURED",
    maxProfiles: config?.maxProfiles ?? 5,
  };
}

function requireProfiles(c: Context<PlatformEnv>) {
  const config = configurationOf(c);
  if (!config.configured) {
    throw new ApiError(409, "PROFILES_NOT_CONFIGURED", "This realm has no profiles");
  }
  return config;
}

const view = (p: ProfileRow) => ({ id: p.id, name: p.name, type: p.type as ProfileType });

function nameOf(value: unknown): string {
  const name = typeof value === "string" ? value.trim() : "";
  if (name === "" || name.length > NAME_MAX) {
    throw badRequest("INVALID_NAME", `'name' must be 1 to ${NAME_MAX} characters`);
  }
  return name;
}

function refuseTakenName(list: ProfileRow[], name: string, exceptId?: number) {
  if (nameTaken(list, name, exceptId)) {
    throw new ApiError(409, "NAME_TAKEN", `The account already has a profile named '${name}'`);
  }
}

/**
 * `GET /user/profiles`: status NONE (and no profiles) in a realm without profiles, else
 * CONFIGURED with the account's profiles; an account without any gets its adult main profile.
 */
profiles.get("/", authenticate, requireAccount, async (c) => {
  const config = configurationOf(c);
  if (!config.configured) {
    return c.json({
      status: "NONE",
      profiles: [],
      activeProfileId: null,
      maxProfiles: 0,
    } satisfies ProfileList);
  }
  const user = await accountOf(c);
  const list = await profilesWithMain(c.get("store").db, user);
  return c.json({
    status: "CONFIGURED",
    profiles: list.map(view),
    activeProfileId: c.get("viewer")?.pro?.id ?? null,
    maxProfiles: config.maxProfiles,
  } satisfies ProfileList);
});

/** `POST /user/profiles` `{name, type}`: a new profile, within the realm's `maxProfiles`. */
profiles.post("/", authenticate, requireAccount, requireJsonBody, async (c) => {
  const { maxProfiles } = requireProfiles(c);
  refuseChildProfile(c);
  const body = await readObject(c.req.raw);
  const name = nameOf(body.name);
  const type = body.type ?? "ADULT";
  if (!TYPES.includes(type as ProfileType)) {
    throw badRequest("INVALID_TYPE", "'type' must be ADULT or CHILD");
  }
  const user = await accountOf(c);
  const { db } = c.get("store");
  const list = await profilesWithMain(db, user);
  if (list.length >= maxProfiles) {
    throw new ApiError(409, "TOO_MANY_PROFILES", `An account has at most ${maxProfiles} profiles`);
  }
  refuseTakenName(list, name);
  const [created] = await db
    .insert(t.profiles)
    .values({ userId: user.id, name, type: type as ProfileType })
    .onConflictDoNothing()
    .returning();
  if (!created) {
    throw new ApiError(409, "NAME_TAKEN", `The account already has a profile named '${name}'`);
  }
  return c.json(view(created), 201);
});

/** `PUT /user/profiles/{id}` `{name}`: renames a profile. */
profiles.put("/:id", authenticate, requireAccount, requireJsonBody, async (c) => {
  requireProfiles(c);
  refuseChildProfile(c);
  const id = idParam(c.req.param("id"));
  const name = nameOf((await readObject(c.req.raw)).name);
  const user = await accountOf(c);
  const { db } = c.get("store");
  const list = await profilesWithMain(db, user);
  if (!list.some((p) => p.id === id)) throw notFound(`Profile ${id}`);
  refuseTakenName(list, name, id);
  const [renamed] = await db
    .update(t.profiles)
    .set({ name })
    .where(and(eq(t.profiles.id, id), eq(t.profiles.userId, user.id)))
    .returning();
  return c.json(view(renamed!));
});

/**
 * `DELETE /user/profiles/{id}`: removes a profile, never the account's last adult one nor the
 * one the caller is acting as (switch first).
 */
profiles.delete("/:id", authenticate, requireAccount, async (c) => {
  requireProfiles(c);
  refuseChildProfile(c);
  const id = idParam(c.req.param("id"));
  const user = await accountOf(c);
  const { db } = c.get("store");
  const list = await profilesWithMain(db, user);
  const target = list.find((p) => p.id === id);
  if (!target) throw notFound(`Profile ${id}`);
  if (c.get("viewer")?.pro?.id === id) {
    throw new ApiError(409, "PROFILE_ACTIVE", "Switch to another profile before deleting this one");
  }
  if (target.type === "ADULT" && list.filter((p) => p.type === "ADULT").length === 1) {
    throw new ApiError(409, "LAST_ADULT_PROFILE", "An account keeps at least one adult profile");
  }
  await db.transaction(async (tx) => {
    // What the profile watched, listed and chose goes with it: it is keyed by the profile's id,
    // which no other profile of the account will ever have.
    const { watchHistory: h, viewerLists: l, playbackPreferences: p } = t;
    await tx.delete(h).where(and(eq(h.userId, user.id), eq(h.profileKey, id)));
    await tx.delete(l).where(and(eq(l.userId, user.id), eq(l.profileKey, id)));
    await tx.delete(p).where(and(eq(p.userId, user.id), eq(p.profileKey, id)));
    await tx.delete(t.profiles).where(and(eq(t.profiles.id, id), eq(t.profiles.userId, user.id)));
  });
  return c.body(null, 204);
});

/**
 * `POST /user/profiles/{id}/switch` `{refreshToken, pin?}`: ends the session of `refreshToken`
 * and answers a new one acting as the profile. Leaving a child profile for an adult one needs
 * the parental PIN while the account's parental control is RESTRICTED.
 */
profiles.post("/:id/switch", authenticate, requireAccount, requireJsonBody, async (c) => {
  requireProfiles(c);
  const id = idParam(c.req.param("id"));
  const body = await readObject<ProfileSwitch & { pin?: unknown }>(c.req.raw);
  const user = await accountOf(c);
  const { db } = c.get("store");
  const target = await findProfile(db, user.id, id);
  if (!target) throw notFound(`Profile ${id}`);
  let session;
  try {
    session = await liveSessionOf(db, c.get("realm").name, user, body.refreshToken);
  } catch (error) {
    if (!(error instanceof RefreshRefused)) throw error;
    throw new ApiError(401, "INVALID_REFRESH_TOKEN", `The refresh token is ${error.reason}`);
  }
  const current =
    session.profileId === null ? undefined : await findProfile(db, user.id, session.profileId);
  const leavesChild =
    (current ? current.type === "CHILD" : actsAsChild(c)) && target.type === "ADULT";
  if (leavesChild && user.parentalStatus === "RESTRICTED" && user.parentalPinHash) {
    if (body.pin === undefined || body.pin === "") {
      throw new ApiError(403, "PIN_REQUIRED", "Leaving a child profile needs the parental PIN");
    }
    await requireParentalPin(c, user, body.pin);
  }
  const tokens = await switchSessionProfile(db, c.get("tokens"), user, session, target);
  return c.json({ ...tokens, profile: view(target) });
});
