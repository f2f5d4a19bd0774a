import { createCache } from "../../contract/lru-cache.ts";
import type { InitResponse } from "../../contract/generated/init-response.ts";
import type { LocaleData } from "../../contract/generated/locale-data.ts";
import type { RealmDirectory } from "../../contract/generated/realm-directory.ts";
import type { RealmLookup } from "../../contract/generated/realm-lookup.ts";
import { APP_ID, createPlatformClient, PlatformError, type PlatformClient } from "./client.ts";
import type { PlatformLoadContext } from "./context.ts";

// Realm identity changes rarely; init carries live counts, so it is kept only briefly.
const realmCache = createCache<string, Promise<RealmLookup | null>>({ max: 500, ttlMs: 30_000 });
const initCache = createCache<string, Promise<InitResponse>>({ max: 500, ttlMs: 5_000 });
// Realm texts change only when an operator republishes them; half a minute is soon enough.
const localeCache = createCache<string, Promise<LocaleData>>({ max: 500, ttlMs: 30_000 });

/**
 * Forgets every realm, init and locale answer: the store changed (a publish, a re-seeded
 * realm), on this server or another (app/realm/cache-invalidation.server.ts).
 */
export function forgetPlatformAnswers(): void {
  realmCache.clear();
  initCache.clear();
  localeCache.clear();
}

/** A client for one request: in-process or remote per the load context, timed for Server-Timing. */
export function platformClient(
  context: PlatformLoadContext,
  scope: { realm?: RealmLookup; locale?: string; deviceId?: string; token?: string } = {},
): PlatformClient {
  return createPlatformClient({
    baseUrl: context.platformBaseUrl,
    fetch: context.platformFetch,
    appId: APP_ID,
    realm: scope.realm?.realm,
    apiKey: scope.realm?.apiKey,
    locale: scope.locale,
    deviceId: scope.deviceId,
    token: scope.token,
    requestId: context.requestId,
    clientAddress: context.clientAddress,
    userAgent: context.userAgent,
    // Only the viewer's own token can be refreshed, with the viewer's own session.
    onUnauthorized:
      scope.token && scope.token === context.viewerToken ? context.refreshViewer : undefined,
    onTiming: (ms) => {
      context.timing.platformMs += ms;
      context.timing.platformCalls += 1;
    },
  });
}

/** The realm of a `/realm/{name}` path, or null when the platform has no such realm. */
export function lookupRealm(
  context: PlatformLoadContext,
  name: string,
): Promise<RealmLookup | null> {
  return realmCache.getOrLoad(`${context.platformBaseUrl}|${name}`, () =>
    fetchRealm(context, { name }),
  );
}

/** The realm whose own domain `host` is (port ignored), or null when it is no realm's. */
export function lookupRealmByHost(
  context: PlatformLoadContext,
  host: string,
): Promise<RealmLookup | null> {
  const hostname = host.replace(/:\d+$/, "").toLowerCase();
  return realmCache.getOrLoad(`${context.platformBaseUrl}|host:${hostname}`, () =>
    fetchRealm(context, { host: hostname }),
  );
}

async function fetchRealm(
  context: PlatformLoadContext,
  query: { name: string } | { host: string },
): Promise<RealmLookup | null> {
  try {
    return await platformClient(context).call("realmLookup", { query });
  } catch (error) {
    if (error instanceof PlatformError && error.code === "REALM_NOT_FOUND") return null;
    throw error;
  }
}

export function fetchRealmDirectory(context: PlatformLoadContext): Promise<RealmDirectory> {
  return platformClient(context).call("realms");
}

export interface InitScope {
  locale?: string;
  mobile: boolean;
  /** What init may differ by for a viewer; answers are shared by viewers of one role. */
  role: string;
  token?: string;
  /** The account's partition (partitioned realms): its licences and prices differ. */
  partition?: string;
}

export function fetchInit(
  context: PlatformLoadContext,
  realm: RealmLookup,
  scope: InitScope,
): Promise<InitResponse> {
  const { locale, mobile, role, partition } = scope;
  const key = `${context.platformBaseUrl}|${realm.realm}|${locale ?? ""}|${mobile ? "m" : "d"}|${role}|${partition ?? ""}`;
  return initCache.getOrLoad(key, () => loadInit(context, realm, scope));
}

function loadInit(
  context: PlatformLoadContext,
  realm: RealmLookup,
  { locale, mobile, token }: InitScope,
): Promise<InitResponse> {
  return platformClient(context, { realm, locale, token }).call("init", {
    query: {
      countEvents: "LIVE",
      pk: "subTitleLanguage,audioLanguage,autoAdvance,pluginAccessTokens,videoBackgroundAutoPlay",
      menuTargetPlatform: mobile ? "MOBILE_WEB" : "WEB",
      readLicences: true,
      // Page sizes the spec gives for small and large screens.
      rpp: mobile ? 6 : 12,
      bpp: mobile ? 4 : 7,
      bspp: mobile ? 10 : 20,
    },
  });
}

/** A realm's locale data for a language (spec section 7: by realm and locale, `_` sent as `-`). */
export function fetchLocaleData(
  context: PlatformLoadContext,
  realm: RealmLookup,
  locale: string,
): Promise<LocaleData> {
  const code = locale.replace(/_/g, "-");
  return localeCache.getOrLoad(`${context.platformBaseUrl}|${realm.realm}|${code}`, () =>
    platformClient(context, { realm, locale: code }).call("locale", {
      params: { realm: realm.realm, locale: code },
    }),
  );
}
