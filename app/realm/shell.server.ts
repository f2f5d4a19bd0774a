import { data } from "@remix-run/node";
import type { InitResponse } from "../../contract/generated/init-response.ts";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import type { RealmTranslations } from "../i18n/i18n.ts";
import { realmLocale } from "../i18n/realm-locale.server.ts";
import { PlatformError } from "../api-client/client.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { fetchInit, lookupRealm } from "../api-client/platform.server.ts";
import { usableMenu } from "../navigation/usable-menu.ts";
import { deviceClass } from "./device.ts";
import type { Menu } from "../../schemas/generated/menu.ts";
import { localizeMenu } from "../../schemas/localized-fields.ts";
import type { Localized, TextLanguage } from "../../schemas/localized-text.ts";

const localizedMenu = (menu: Menu | null, language: TextLanguage) =>
  menu ? localizeMenu(menu, language) : null;

export type Shell = Pick<
  InitResponse,
  "realm" | "settings" | "theme" | "content" | "eventCount" | "locale" | "analyticsEvents"
> & {
  /** The menu with its titles in `locale`: the browser gets plain strings, not every language. */
  menu: Localized<Menu> | null;
  /** The realm's own texts in `locale`. */
  translations: RealmTranslations;
};

/**
 * The realm shell for a request: realm lookup then init, through the platform contract.
 * An unknown realm is a 404; an unreachable platform or store is a 503 ("Connection Failed").
 */
export async function loadShell(
  request: Request,
  context: PlatformLoadContext,
  realmName: string,
  viewer: { role: string; token?: string; locale?: string; partition?: string },
): Promise<Shell> {
  try {
    const realm = await lookupRealm(context, realmName);
    if (!realm) throw data({ realm: realmName }, { status: 404 });
    context.setRealm(realm.realm);
    const init = await fetchInit(context, realm, initScope(request, viewer));
    const { locale, translations } = await realmLocale(request, context, realm, {
      ...init.realm,
      accountLocale: viewer.locale,
      requested: previewLanguage(request),
    });
    return {
      realm: init.realm,
      settings: init.settings,
      theme: init.theme,
      menu: localizedMenu(usableMenu(init.menu, realm.realm), {
        locale,
        defaultLocale: init.realm.defaultLocale,
      }),
      content: init.content,
      eventCount: init.eventCount,
      analyticsEvents: init.analyticsEvents,
      locale,
      translations,
    };
  } catch (error) {
    throw asRouteError(error);
  }
}

/**
 * For a page showing one item: an item the platform does not have (or an id it cannot be) is
 * the route's plain 404; any other failure as `asRouteError` maps it.
 */
export function asItemRouteError(error: unknown): unknown {
  if (
    error instanceof PlatformError &&
    (error.code === "NOT_FOUND" || error.code === "INVALID_ID")
  ) {
    return data(null, { status: 404 });
  }
  return asRouteError(error);
}

/** Maps platform failures to the statuses the error boundary knows how to show. */
export function asRouteError(error: unknown): unknown {
  if (error instanceof PlatformError) {
    if (
      error.status === 503 ||
      error.status === 502 ||
      error.status === 504 ||
      error.code === "PLATFORM_UNREACHABLE"
    ) {
      return data({ code: error.code, requestId: error.requestId }, { status: 503 });
    }
    if (error.status === 404) return data({ code: error.code }, { status: 404 });
  }
  return error;
}

/** The init answer a request's shell was built from (shared by viewers of one role). */
function initScope(request: Request, viewer: { role: string; token?: string; partition?: string }) {
  return {
    ...(viewer.partition ? { partition: viewer.partition } : {}),
    locale: request.headers.get("Accept-Language") ?? undefined,
    mobile: deviceClass(request.headers.get("User-Agent")) === "mobile",
    role: viewer.role,
    token: viewer.role === "UNAUTHENTICATED" ? undefined : viewer.token,
  };
}

/**
 * The realm's licences (init with `readLicences`): the same init answer the shell came from,
 * kept out of the shell itself so that pages other than checkout do not carry them.
 */
export async function realmLicences(
  request: Request,
  context: PlatformLoadContext,
  realm: RealmLookup,
  viewer: { role: string; token?: string; partition?: string },
): Promise<Licence[]> {
  const init = await fetchInit(context, realm, initScope(request, viewer));
  return init.licences ?? [];
}

/**
 * The language an admin preview asks for (`/preview/…?lang=es`): the workbench shows a draft in
 * each realm language without changing the admin's own choice. Other pages ignore `lang`.
 */
function previewLanguage(request: Request): string | null {
  const url = new URL(request.url);
  return /(^|\/)preview\//.test(url.pathname) ? url.searchParams.get("lang") : null;
}
