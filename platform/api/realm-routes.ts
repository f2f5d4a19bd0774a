import { Hono } from "hono";
import { realms as realmsTable } from "../store/schema.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, badRequest } from "./errors.ts";
import { requireClient } from "./contract.ts";
import { activeApiKey, findRealm, findRealmByDomain } from "./realms.ts";
import { loadMenu } from "./init.ts";
import { realmLogoUrl } from "./realm-logo-url.ts";

export const realmRoutes = new Hono<PlatformEnv>();

/**
 * Resolves a realm by name or host before the client has its key. API keys are public
 * client identifiers (every browser of the realm sends one), so answering with it is safe.
 */
realmRoutes.get("/realm-lookup", async (c) => {
  const { db } = c.get("store");
  const name = c.req.query("name");
  const host = c.req.query("host");
  if (!name === !host) throw badRequest("INVALID_QUERY", "Give exactly one of 'name' or 'host'");
  const realm = name ? await findRealm(db, name.toLowerCase()) : await findRealmByDomain(db, host!);
  if (!realm)
    throw new ApiError(
      404,
      "REALM_NOT_FOUND",
      `No realm for ${name ? `name '${name}'` : `host '${host}'`}`,
    );
  const apiKey = await activeApiKey(db, realm.name);
  if (!apiKey)
    throw new ApiError(404, "REALM_NOT_FOUND", `Realm '${realm.name}' has no active API key`);
  const settings = realm.settings as { preferredDomain?: string };
  return c.json({
    realm: realm.name,
    fullName: realm.fullName,
    apiKey,
    preferredDomain: settings.preferredDomain ?? null,
    logoUrl: realmLogoUrl(realm),
  });
});

realmRoutes.get("/realm", requireClient, (c) => {
  const realm = c.get("realm");
  return c.json({
    name: realm.name,
    fullName: realm.fullName,
    defaultLocale: realm.defaultLocale,
    languages: realm.languages,
    logoUrl: realmLogoUrl(realm),
    settings: realm.settings,
    theme: realm.theme,
  });
});

realmRoutes.get("/menu", requireClient, async (c) => {
  const deviceType = (c.req.query("deviceType") ?? "WEB").toUpperCase();
  if (deviceType !== "WEB" && deviceType !== "MOBILE_WEB") {
    throw badRequest("INVALID_QUERY", "Query parameter 'deviceType' must be WEB or MOBILE_WEB");
  }
  const menu = await loadMenu(c.get("store").db, c.get("realm").name, deviceType);
  if (!menu) throw new ApiError(404, "NOT_FOUND", "This realm has no menu");
  return c.json(menu);
});

/** The realms this platform serves: the landing page of a host that names no realm lists them. */
realmRoutes.get("/realms", async (c) => {
  const rows = await c.get("store").db.select().from(realmsTable).orderBy(realmsTable.name);
  return c.json({
    realms: rows.map((r) => ({
      name: r.name,
      fullName: r.fullName,
      logoUrl: realmLogoUrl(r),
    })),
  });
});
