import type { Item as ConfigItem } from "../../schemas/generated/menu.ts";
import type { Localized } from "../../schemas/localized-text.ts";

/** A menu item with its titles in the viewer's language. */
export type Item = Localized<ConfigItem>;
import { safeLinkUrl } from "../ui/links.ts";
import {
  isBuilt,
  routeHref,
  routeNamed,
  type RouteCondition,
  type RouteTarget,
  type ViewerRole,
} from "../realm/routes.ts";

/** What the menu needs to know of the viewer and the realm (root loader data). */
export interface MenuContext {
  role: ViewerRole;
  /** A child profile is active. */
  child: boolean;
  /** Which setting-dependent routes the realm has (`realmFeatures`). */
  features: Record<RouteCondition, boolean>;
  /** Viewers have profiles to switch between. */
  profilesConfigured: boolean;
  /**
   * The viewer may open the home page (the route guard lets them in). When not, Home items lead
   * to the realm's landing page instead of a sign-in they did not ask for.
   */
  homeOpen: boolean;
}

/** Where a menu item or header button goes. */
export type MenuTarget =
  /** Another site, opened in a new tab. */
  | { kind: "outbound"; url: string }
  /** A named route of the realm. */
  | { kind: "route"; route: RouteTarget }
  /** The current page with a query flag and/or a hash that opens an overlay over it. */
  | { kind: "here"; query?: Record<string, string>; hash?: string };

/** The query flag that opens a profile's preferences over the current page. */
const PREFERENCES_FLAG = "preferences";

interface ViewRoute {
  /** The route the view opens. */
  route: string;
  /** Query of that route. */
  query?: Record<string, string>;
  /** Only for signed-in viewers (customers and admins): guests and signed-out viewers never see it. */
  signedIn?: true;
  /** Hidden from child profiles. */
  adult?: true;
  /** Where it goes instead when the realm does not have the route. */
  otherwise?: Extract<MenuTarget, { kind: "here" }>;
  /** Where it goes instead when the realm has profiles. */
  withProfiles?: Extract<MenuTarget, { kind: "here" }>;
}

/**
 * The view names menu config uses (`data.view` of a VIEW item, spec section 2) and the route
 * each opens. A view that is not listed here, or whose route the realm does not have, is not
 * shown. Rules of spec sections 2 and 6: guests do not see account, preferences, logout or
 * live-now items; child profiles do not see preferences or account.
 */
export const VIEW_ROUTES = {
  home: { route: "home" },
  browse: { route: "browse" },
  schedule: { route: "schedule" },
  upcoming: { route: "upcoming" },
  news: { route: "news" },
  fighters: { route: "fighters" },
  releases: { route: "releases" },
  popular: { route: "popular" },
  history: { route: "history" },
  epg: { route: "epg" },
  my_list: { route: "myList" },
  favourites: { route: "favourites" },
  watchlists: { route: "watchlists" },
  multiview: { route: "multiView" },
  watch_together: { route: "watchTogether" },
  gifts: { route: "gifts" },
  redeem_gift: { route: "redeemGift" },
  myuefa: { route: "myuefa" },
  // The live-events route opens the live-now overlay over the home page.
  live_events: { route: "liveEvents", signedIn: true },
  livenow: { route: "liveEvents", signedIn: true },
  // Without the vesper engine there is no search page: the overlay opens over this page.
  search: { route: "search", otherwise: { kind: "here", hash: "search" } },
  account: { route: "account", signedIn: true, adult: true },
  preferences: {
    route: "account",
    query: { section: "preferences" },
    signedIn: true,
    adult: true,
    withProfiles: { kind: "here", query: { [PREFERENCES_FLAG]: "" } },
  },
  profiles: { route: "profiles", signedIn: true },
  logout: { route: "logout", signedIn: true },
} satisfies Record<string, ViewRoute>;

/** Sections with a route of their own; any other section name opens the section route. */
const SECTION_ROUTES: Record<string, string> = {
  home: "home",
  browse: "browse",
  schedule: "schedule",
};

/** Customers and admins; guests and signed-out viewers are not signed in. */
export function isSignedIn(role: ViewerRole): boolean {
  return role === "CUSTOMER" || role === "ADMIN";
}

/**
 * A route target, or null when the realm does not have that route or its page is not built
 * (either would be a 404).
 */
export function existingRoute(route: RouteTarget, context: MenuContext): MenuTarget | null {
  const named = routeNamed(route.name);
  if (!isBuilt(named)) return null;
  const condition = named.requires;
  if (condition !== undefined && !context.features[condition]) return null;
  return { kind: "route", route };
}

/** Where a menu item leads for this viewer in this realm; null when it is not shown to them. */
export function itemTarget(item: Item, context: MenuContext): MenuTarget | null {
  const data = item.data ?? {};
  switch (item.type) {
    case "OUTBOUND_LINK": {
      const url = safeLinkUrl(data.outboundLink);
      return url ? { kind: "outbound", url } : null;
    }
    case "VIEW":
      // The realm validator checks that the name is one of settings.externalPages.
      if (data.view?.toLowerCase() === "external") {
        return data.externalPage
          ? existingRoute({ name: "externalPage", params: { name: data.externalPage } }, context)
          : null;
      }
      return viewTarget(data.view, context);
    case "SECTION": {
      if (!data.section) return null;
      const own = SECTION_ROUTES[data.section.toLowerCase()];
      if (own === "home") return homeTarget(context);
      return existingRoute(
        own ? { name: own } : { name: "section", params: { name: data.section } },
        context,
      );
    }
    case "PLUGIN":
      return data.pluginId
        ? existingRoute({ name: "plugin", params: { pluginId: data.pluginId } }, context)
        : null;
    case "FOLDER":
      return null;
  }
}

/** The home page, or the realm's landing page for a viewer the home page would turn away. */
function homeTarget(context: MenuContext): MenuTarget | null {
  return existingRoute({ name: context.homeOpen ? "home" : "root" }, context);
}

function viewTarget(view: string | undefined, context: MenuContext): MenuTarget | null {
  const spec: ViewRoute | undefined = (VIEW_ROUTES as Record<string, ViewRoute>)[
    (view ?? "").toLowerCase()
  ];
  if (!spec) return null;
  if (spec.signedIn && !isSignedIn(context.role)) return null;
  if (spec.adult && context.child) return null;
  if (spec.withProfiles && context.profilesConfigured) return spec.withProfiles;
  if (spec.route === "home") return homeTarget(context);
  return existingRoute({ name: spec.route, query: spec.query }, context) ?? spec.otherwise ?? null;
}

/** Icon sizes (CSS pixels) of `imageSize`. */
const ICON_SIZES = { SMALL: 16, MEDIUM: 24, LARGE: 32 } as const;

/** One menu item as shown: a link (with a target) or a folder (with children). */
export interface MenuEntry {
  /** Stable within the menu: the item's position, e.g. "5" or "5.2". */
  id: string;
  title: string;
  /** `seo.title`, when it says more than the title. */
  seoTitle?: string;
  featured: boolean;
  /** Shown next to the title when `showIcon` and `style.iconUrl` are set. */
  icon?: { url: string; size: number };
  target?: MenuTarget;
  children?: MenuEntry[];
}

/**
 * The items of a menu this viewer sees, in order: hidden items dropped (spec sections 2 and 6),
 * items whose route the realm does not have dropped, folders left empty dropped.
 */
export function menuEntries(items: Item[], context: MenuContext, prefix = ""): MenuEntry[] {
  const entries: MenuEntry[] = [];
  items.forEach((item, index) => {
    const id = `${prefix}${index}`;
    const base = describe(item, id);
    if (item.type === "FOLDER") {
      const children = menuEntries(item.items ?? [], context, `${id}.`);
      if (children.length) entries.push({ ...base, children });
      return;
    }
    const target = itemTarget(item, context);
    if (target) entries.push({ ...base, target });
  });
  return entries;
}

function describe(item: Item, id: string): MenuEntry {
  const iconUrl = item.showIcon ? safeLinkUrl(item.style?.iconUrl) : null;
  const seoTitle = item.seo?.title?.trim();
  return {
    id,
    title: item.title,
    ...(seoTitle && seoTitle !== item.title ? { seoTitle } : {}),
    featured: item.style?.featured === true,
    ...(iconUrl ? { icon: { url: iconUrl, size: ICON_SIZES[item.imageSize ?? "SMALL"] } } : {}),
  };
}

/** Spec section 9: the menu scrolls (horizontally) when it has 5 or more items. */
export const MENU_SCROLL_MIN_ITEMS = 5;

export function menuScrolls(entries: readonly MenuEntry[]): boolean {
  return entries.length >= MENU_SCROLL_MIN_ITEMS;
}

/** The page being shown: path and query string (with its "?"), as the router has them. */
export interface Here {
  pathname: string;
  search: string;
}

/** The URL of a target, from the page being shown. */
export function hrefOf(target: MenuTarget, basePath: string, here: Here): string {
  switch (target.kind) {
    case "outbound":
      return target.url;
    case "route":
      return routeHref(basePath, target.route);
    case "here": {
      const query = new URLSearchParams(here.search);
      for (const [name, value] of Object.entries(target.query ?? {})) query.set(name, value);
      const search = query.toString();
      return `${here.pathname}${search ? `?${search}` : ""}${target.hash ? `#${target.hash}` : ""}`;
    }
  }
}

/**
 * Whether a target is the page being shown (its link gets aria-current="page"): same path and
 * the target's query. The realm root shows the home page, so it counts as home.
 */
export function isCurrent(target: MenuTarget, basePath: string, here: Here): boolean {
  if (target.kind !== "route") return false;
  const path = trimSlash(routeHref(basePath, { ...target.route, query: undefined }));
  const current = trimSlash(here.pathname);
  const homeAtRoot =
    target.route.name === "home" && current === trimSlash(routeHref(basePath, { name: "root" }));
  if (path !== current && !homeAtRoot) return false;
  const query = new URLSearchParams(here.search);
  return Object.entries(target.route.query ?? {}).every(
    ([name, value]) => query.get(name) === value,
  );
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

/**
 * The history page for signed-in viewers, when the realm has it built: the account menu and the
 * drawer offer it (it has no menu item of its own in config).
 */
export function historyTarget(context: MenuContext): MenuTarget | null {
  return isSignedIn(context.role) ? existingRoute({ name: "history" }, context) : null;
}

/**
 * The drawer's entries: the menu's, then the history page for signed-in viewers unless the
 * menu already leads there. `titles` are the translated labels of what is added.
 */
export function drawerEntries(
  entries: MenuEntry[],
  context: MenuContext,
  titles: { history: string; signUp: string },
  signUp: MenuTarget | null = null,
): MenuEntry[] {
  const extra: MenuEntry[] = [];
  const history = historyTarget(context);
  if (history && !entries.some((entry) => leadsTo(entry, "history"))) {
    extra.push({ id: "history", title: titles.history, featured: false, target: history });
  }
  // On a phone the header has no room for Sign up beside Sign in: the drawer offers it.
  if (signUp && !entries.some((entry) => leadsTo(entry, "signup"))) {
    extra.push({ id: "signup", title: titles.signUp, featured: false, target: signUp });
  }
  return extra.length > 0 ? [...entries, ...extra] : entries;
}

function leadsTo(entry: MenuEntry, route: string): boolean {
  if (entry.target) return entry.target.kind === "route" && entry.target.route.name === route;
  return (entry.children ?? []).some((child) => leadsTo(child, route));
}

/** Whether an entry signs the viewer out: a form's button rather than a link. */
export function isSignOut(entry: MenuEntry): boolean {
  return entry.target?.kind === "route" && entry.target.route.name === "logout";
}

/** Whether an entry, or one inside a folder, is the page being shown. */
export function containsCurrent(entry: MenuEntry, basePath: string, here: Here): boolean {
  if (entry.target) return isCurrent(entry.target, basePath, here);
  return (entry.children ?? []).some((child) => containsCurrent(child, basePath, here));
}
