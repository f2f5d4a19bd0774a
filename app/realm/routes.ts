import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import type { Route } from "../../schemas/generated/route-table.ts";
import table from "./route-table.json";

/** Every named route of a realm (spec section 2), from app/realm/route-table.json. */
export const routeTable = table.routes as Route[];

export type RouteAccess = Route["access"];
export type RouteCondition = NonNullable<Route["requires"]>;
export type ViewerRole = "UNAUTHENTICATED" | "GUEST" | "CUSTOMER" | "ADMIN";

const byName = new Map(routeTable.map((route) => [route.name, route]));

export function routeNamed(name: string): Route {
  const route = byName.get(name);
  if (!route) throw new Error(`No route is named '${name}'`);
  return route;
}

/** The realm settings the route table and guards read. */
export type RouteSettings = Pick<
  RealmSettings,
  | "contentSearchEngine"
  | "hasLive"
  | "scheduleSection"
  | "reactoo"
  | "watchlistsEnabled"
  | "myListMode"
  | "authenticationProviders"
  | "guestsAllowed"
  | "allowGuestSchedule"
  | "multiViewAllowed"
  | "epgMatrix"
  | "gifting"
  | "pinLoginEnabled"
  | "allowSelfregistration"
  | "fullGuestAccess"
>;

/** Whether each setting-dependent route exists for a realm (spec section 2 "conditions"). */
export const CONDITIONS: Record<RouteCondition, (s: RouteSettings) => boolean> = {
  vesperSearch: (s) => s.contentSearchEngine === "VESPER",
  schedule: (s) => s.hasLive === true && s.scheduleSection === "ENABLED",
  watchTogether: (s) => s.reactoo === "ENABLED",
  watchlists: (s) => s.watchlistsEnabled === true,
  noWatchlists: (s) => s.watchlistsEnabled !== true,
  myList: (s) => s.myListMode !== "DISABLED",
  gigya: (s) => (s.authenticationProviders ?? []).some((p) => p.name === "GIGYA"),
  guestSchedule: (s) => s.guestsAllowed === true && s.allowGuestSchedule === true,
  multiView: (s) => s.multiViewAllowed === true,
  epg: (s) => s.epgMatrix === "ENABLED",
  gifting: (s) => s.gifting === "ENABLED",
  pinLogin: (s) => s.pinLoginEnabled === true,
  selfRegistration: (s) => s.allowSelfregistration === true,
};

/** The module of a named route whose page is not built yet: it answers the not-found page. */
export const NOT_BUILT_MODULE = "routes/not-built.tsx";

/** Whether a route has its page; links (menu, header, sitemap) never lead to one that has not. */
export function isBuilt(route: Route): boolean {
  return route.module !== NOT_BUILT_MODULE;
}

export function routeExists(route: Route, settings: RouteSettings): boolean {
  return route.requires === undefined || CONDITIONS[route.requires](settings);
}

/** Every condition evaluated for a realm: what the menu and pages need to know. */
export function realmFeatures(settings: RouteSettings): Record<RouteCondition, boolean> {
  return Object.fromEntries(
    Object.entries(CONDITIONS).map(([name, holds]) => [name, holds(settings)]),
  ) as Record<RouteCondition, boolean>;
}

/** The roles that may open a route of this access group in this realm (spec section 6). */
export function allowedRoles(access: RouteAccess, settings: RouteSettings): ViewerRole[] {
  switch (access) {
    case "content":
      return settings.guestsAllowed && settings.fullGuestAccess
        ? ["GUEST", "CUSTOMER", "ADMIN"]
        : ["CUSTOMER", "ADMIN"];
    case "customer":
      return ["CUSTOMER", "ADMIN"];
    case "member":
      return ["GUEST", "CUSTOMER", "ADMIN"];
    case "anyone":
      return ["UNAUTHENTICATED", "GUEST", "CUSTOMER", "ADMIN"];
    case "visitor":
      return ["UNAUTHENTICATED", "GUEST"];
  }
}

export interface RouteTarget {
  name: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  hash?: string;
}

/**
 * The URL of a named route inside a realm: `base` is "/realm/{name}" on a shared host, or ""
 * on the realm's own domain. Parameters are encoded; a missing one is an error, not a broken link.
 */
export function routeHref(base: string, target: RouteTarget): string {
  const route = routeNamed(target.name);
  const path = route.path
    .split("/")
    .map((segment) => {
      if (segment === "*") return target.params?.["*"] ?? "";
      if (!segment.startsWith(":")) return segment;
      const value = target.params?.[segment.slice(1)];
      if (value === undefined || value === "") {
        throw new Error(`Route '${route.name}' needs the parameter '${segment.slice(1)}'`);
      }
      return encodeURIComponent(value);
    })
    .join("/")
    .replace(/\/+$/, "");
  const query = new URLSearchParams(target.query).toString();
  const href = `${base}${path ? `/${path}` : ""}` || "/";
  return `${href}${query ? `?${query}` : ""}${target.hash ? `#${target.hash}` : ""}`;
}

/** The realm-relative part of a URL path: what follows `base` ("/realm/{name}" or ""), "/" at least. */
export function realmRelativePath(base: string, pathname: string): string {
  return pathname.slice(base.length) || "/";
}

/** The route serving a realm-relative path (without the base), as the router would pick it. */
export function matchRoute(
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const segments = path.split("/").filter(Boolean);
  let best: { route: Route; params: Record<string, string>; score: number } | undefined;
  for (const route of routeTable) {
    const match = matchSegments(route.path.split("/").filter(Boolean), segments);
    if (match && (!best || match.score > best.score)) best = { route, ...match };
  }
  return best && { route: best.route, params: best.params };
}

function matchSegments(
  pattern: string[],
  segments: string[],
): { params: Record<string, string>; score: number } | undefined {
  const params: Record<string, string> = {};
  let score = 0;
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    if (part === "*") {
      params["*"] = segments.slice(i).join("/");
      return { params, score: score + 1 };
    }
    const segment = segments[i];
    if (segment === undefined) return undefined;
    if (part.startsWith(":")) {
      params[part.slice(1)] = decodeURIComponent(segment);
      score += 3;
    } else if (part === segment) {
      score += 10;
    } else {
      return undefined;
    }
  }
  return pattern.length === segments.length ? { params, score: score + 2 } : undefined;
}
