import { createHash } from "node:crypto";
import { Hono } from "hono";
import type { LocaleData } from "../../contract/generated/locale-data.ts";
import type { PlatformEnv } from "./context.ts";
import { ApiError, badRequest } from "./errors.ts";
import { realmLanguage } from "./realms.ts";

export const locales = new Hono<PlatformEnv>();

const LOCALE = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8}){0,3}$/;

/**
 * Locale data (spec section 3): the realm's own texts for one of its languages. A locale the
 * realm does not offer is a 404, so clients fall back to the default locale themselves
 * (spec section 4), knowing it was not the language they asked for.
 */
locales.get("/:realm/:locale", (c) => {
  const realm = c.get("realm");
  const requested = c.req.param("locale");
  if (c.req.param("realm").toLowerCase() !== realm.name) {
    throw badRequest(
      "REALM_MISMATCH",
      "The realm in the path must be the one the Realm header names",
    );
  }
  if (!LOCALE.test(requested)) {
    throw badRequest("INVALID_LOCALE", `'${requested.slice(0, 40)}' is not a language code`);
  }
  const selected = realmLanguage(requested, realm.languages);
  if (!selected) {
    throw new ApiError(
      404,
      "LOCALE_NOT_FOUND",
      `Realm '${realm.name}' does not offer '${requested}' (it offers ${realm.languages.join(", ")})`,
    );
  }
  const translations = realm.labels[selected] ?? {};
  const body: LocaleData = {
    translations,
    default_locale: realm.defaultLocale,
    selected_locale: selected,
    version: createHash("sha256").update(JSON.stringify(translations)).digest("hex").slice(0, 12),
  };
  c.header("Cache-Control", "no-cache");
  return c.json(body);
});
