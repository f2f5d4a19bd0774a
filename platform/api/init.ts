import { and, desc, eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import { tokenFromAuthorization } from "../auth/tokens.ts";
import { licencesIn } from "../commerce/partitions.ts";
import { withContentIds } from "../commerce/pay-per-view.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { countLiveEvents, loadHeroes } from "./content.ts";
import type { PlatformEnv } from "./context.ts";
import { badRequest } from "./errors.ts";
import type { InitResponse } from "../../contract/generated/init-response.ts";
import { realmLogoUrl } from "./realm-logo-url.ts";
import { DEFAULT_PLAYBACK_PREFERENCES } from "../../contract/playback-preferences.ts";

export const init = new Hono<PlatformEnv>();

const PLATFORMS = ["WEB", "MOBILE_WEB"] as const;

/** Preferences a client may ask for with `pk`, and what a viewer has until they choose. */
const DEFAULT_PREFERENCES = {
  ...DEFAULT_PLAYBACK_PREFERENCES,
  pluginAccessTokens: {},
} satisfies NonNullable<InitResponse["preferences"]>;
type PreferenceKey = keyof typeof DEFAULT_PREFERENCES;

/**
 * Everything a client needs to draw a realm's shell in one call (spec section 7, init):
 * settings and theme, the menu for `menuTargetPlatform`, the home heroes, with
 * `countEvents=LIVE` the number of events live now, and with `readLicences=true` what the
 * realm sells.
 */
init.get("/", async (c) => {
  const { db } = c.get("store");
  const realm = c.get("realm");
  const platform = (c.req.query("menuTargetPlatform") ?? "WEB").toUpperCase();
  if (!PLATFORMS.includes(platform as never)) {
    throw badRequest(
      "INVALID_QUERY",
      "Query parameter 'menuTargetPlatform' must be WEB or MOBILE_WEB",
    );
  }
  const countEvents = c.req.query("countEvents");
  if (countEvents !== undefined && countEvents.toUpperCase() !== "LIVE") {
    throw badRequest("INVALID_QUERY", "Query parameter 'countEvents' must be LIVE");
  }
  const readLicences = c.req.query("readLicences");
  if (readLicences !== undefined && readLicences !== "true" && readLicences !== "false") {
    throw badRequest("INVALID_QUERY", "Query parameter 'readLicences' must be true or false");
  }
  const preferenceKeys = preferenceKeysOf(c.req.queries("pk") ?? []);
  const now = new Date();
  const [menu, heroes, eventCount] = await Promise.all([
    loadMenu(db, realm.name, platform),
    loadHeroes(db, realm, now),
    countEvents ? countLiveEvents(db, realm.name, now) : Promise.resolve(undefined),
  ]);
  c.header("Cache-Control", "no-store");
  return c.json({
    realm: {
      name: realm.name,
      fullName: realm.fullName,
      logoUrl: realmLogoUrl(realm),
      defaultLocale: realm.defaultLocale,
      languages: realm.languages,
    },
    locale: c.get("locale"),
    analyticsEvents: realm.settings.analyticsEvents ?? [],
    settings: realm.settings,
    theme: realm.theme,
    menu,
    content: { heroes },
    ...(eventCount === undefined ? {} : { eventCount }),
    ...(readLicences === "true"
      ? {
          licences: await withContentIds(
            c.get("store").db,
            realm.name,
            licencesIn(realm.licences, realm.settings, await viewerPartition(c)),
          ),
        }
      : {}),
    ...(preferenceKeys.length > 0
      ? {
          preferences: Object.fromEntries(
            preferenceKeys.map((key) => [key, DEFAULT_PREFERENCES[key]]),
          ),
        }
      : {}),
    authenticationProviders:
      (realm.settings as { authenticationProviders?: unknown[] }).authenticationProviders ?? [],
  });
});

/**
 * The partition of the viewer whose token came with the call, as the token says: init answers
 * anyone, so a missing or unusable token is simply no partition (every licence).
 */
async function viewerPartition(c: Context<PlatformEnv>): Promise<string | undefined> {
  const token = tokenFromAuthorization(c.req.header("Authorization"));
  if (!token) return undefined;
  try {
    const claims = await c.get("tokens").verifyAccess(token);
    return claims.rlm === c.get("realm").name ? claims.prt : undefined;
  } catch {
    return undefined;
  }
}

/** `pk` names preferences, repeated or comma-separated; an unknown name is a 400. */
function preferenceKeysOf(values: string[]): PreferenceKey[] {
  const keys = values.flatMap((v) => v.split(",")).filter((k) => k !== "");
  for (const key of keys) {
    if (!(key in DEFAULT_PREFERENCES)) {
      throw badRequest(
        "INVALID_QUERY",
        `Query parameter 'pk' names unknown preference '${key.slice(0, 40)}' (one of ${Object.keys(DEFAULT_PREFERENCES).join(", ")})`,
      );
    }
  }
  return [...new Set(keys)] as PreferenceKey[];
}

/** The live menu for a target platform, falling back to the WEB menu. */
export async function loadMenu(db: Db, realm: string, platform: string) {
  for (const candidate of platform === "WEB" ? ["WEB"] : [platform, "WEB"]) {
    const [row] = await db
      .select({ document: t.menus.document })
      .from(t.menus)
      .where(and(eq(t.menus.realm, realm), eq(t.menus.targetPlatform, candidate)))
      .orderBy(desc(t.menus.version))
      .limit(1);
    // The published version orders the rows; it is not part of the menu a client draws.
    if (row) return { ...row.document, targetPlatform: candidate };
  }
  return null;
}
