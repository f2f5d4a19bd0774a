import { describe, expect, it } from "vitest";
import {
  drawerEntries,
  containsCurrent,
  hrefOf,
  isCurrent,
  itemTarget,
  MENU_SCROLL_MIN_ITEMS,
  menuEntries,
  menuScrolls,
  VIEW_ROUTES,
  type MenuContext,
  type MenuEntry,
  type MenuTarget,
  type Item,
} from "../../../app/navigation/menu-items.ts";
import { CONDITIONS, isBuilt, routeNamed, type ViewerRole } from "../../../app/realm/routes.ts";
import menuSchema from "../../../schemas/menu.schema.json";

const ALL_FEATURES = Object.fromEntries(
  Object.keys(CONDITIONS).map((name) => [name, true]),
) as MenuContext["features"];
const NO_FEATURES = Object.fromEntries(
  Object.keys(CONDITIONS).map((name) => [name, false]),
) as MenuContext["features"];

const customer: MenuContext = {
  role: "CUSTOMER",
  child: false,
  features: ALL_FEATURES,
  profilesConfigured: false,
  homeOpen: true,
};
const as = (overrides: Partial<MenuContext>): MenuContext => ({ ...customer, ...overrides });
const view = (name: string): Item => ({ type: "VIEW", title: name, data: { view: name } });
const section = (name: string): Item => ({ type: "SECTION", title: name, data: { section: name } });
const route = (name: string, extra: object = {}): MenuTarget => ({
  kind: "route",
  route: { name, ...extra },
});
/** The route's target once its page is built; until then the item is left out (null). */
const builtRoute = (name: string, extra: object = {}): MenuTarget | null =>
  isBuilt(routeNamed(name)) ? route(name, extra) : null;
/** The account's items, shown once its page is built. */
const accountItems = isBuilt(routeNamed("account")) ? ["account", "preferences"] : [];

describe("menu item targets (spec section 2)", () => {
  it("maps every view name to a route of the route table, and the schema lists them all", () => {
    const described = menuSchema.$defs.item.properties.data.properties.view.description;
    for (const [name, spec] of Object.entries(VIEW_ROUTES)) {
      expect(() => routeNamed(spec.route), name).not.toThrow();
      expect(described, name).toMatch(new RegExp(`[ ,]${name}[,.]`));
    }
  });

  it("an external view opens the external page it names, and without a name is not shown", () => {
    const external = (data: Item["data"]): Item => ({ type: "VIEW", title: "Rules", data });
    expect(itemTarget(external({ view: "external", externalPage: "rules" }), customer)).toEqual(
      route("externalPage", { params: { name: "rules" } }),
    );
    expect(itemTarget(external({ view: "External", externalPage: "rules" }), customer)).toEqual(
      route("externalPage", { params: { name: "rules" } }),
    );
    expect(itemTarget(external({ view: "external" }), customer)).toBeNull();
  });

  it("outbound links open their web address; anything else is not shown", () => {
    const link = (url: string): Item => ({
      type: "OUTBOUND_LINK",
      title: "Shop",
      data: { outboundLink: url },
    });
    expect(itemTarget(link("https://shop.example.com/a"), customer)).toEqual({
      kind: "outbound",
      url: "https://shop.example.com/a",
    });
    expect(itemTarget(link("javascript:alert(1)"), customer)).toBeNull();
    expect(itemTarget({ type: "OUTBOUND_LINK", title: "Shop" }, customer)).toBeNull();
  });

  it("home leads to the realm's landing page for a viewer the home page would turn away", () => {
    const guest = as({ role: "GUEST", homeOpen: false });
    expect(itemTarget(view("home"), guest)).toEqual(route("root"));
    expect(itemTarget(section("home"), guest)).toEqual(route("root"));
    expect(itemTarget(view("home"), as({ role: "GUEST" }))).toEqual(route("home"));
  });

  it("the drawer adds the history page for signed-in viewers, unless the menu leads there", () => {
    const titles = { history: "History", signUp: "Sign up" };
    const history = builtRoute("history");
    const entries = menuEntries([view("news")], customer);
    expect(drawerEntries(entries, customer, titles)).toEqual(
      history
        ? [...entries, { id: "history", title: "History", featured: false, target: history }]
        : entries,
    );
    for (const role of ["GUEST", "UNAUTHENTICATED"] as const) {
      expect(drawerEntries(entries, as({ role }), titles)).toEqual(entries);
    }
    const withHistory = menuEntries([view("history")], customer);
    expect(drawerEntries(withHistory, customer, titles)).toEqual(withHistory);
  });

  it("the drawer offers sign-up when given it (a phone's header has no room), unless the menu has it", () => {
    const titles = { history: "History", signUp: "Sign up" };
    const signUp = route("signup");
    const visitor = as({ role: "UNAUTHENTICATED" });
    const entries = menuEntries([view("news")], visitor);
    expect(drawerEntries(entries, visitor, titles, signUp)).toEqual([
      ...entries,
      { id: "signup", title: "Sign up", featured: false, target: signUp },
    ]);
    expect(drawerEntries(entries, visitor, titles, null)).toEqual(entries);
    const withSignUp = [...entries, { id: "9", title: "Join", featured: false, target: signUp }];
    expect(drawerEntries(withSignUp, visitor, titles, signUp)).toEqual(withSignUp);
  });

  it("views open the route configured for their name", () => {
    expect(itemTarget(view("home"), customer)).toEqual(route("home"));
    expect(itemTarget(view("news"), customer)).toEqual(route("news"));
    expect(itemTarget(view("fighters"), customer)).toEqual(route("fighters"));
    expect(itemTarget(view("Schedule"), customer)).toEqual(route("schedule"));
    expect(itemTarget(view("account"), customer)).toEqual(builtRoute("account"));
    expect(itemTarget(view("logout"), customer)).toEqual(route("logout"));
    expect(itemTarget(view("no-such-view"), customer)).toBeNull();
    expect(itemTarget({ type: "VIEW", title: "Nothing" }, customer)).toBeNull();
  });

  it("live_events and livenow open the live-events page", () => {
    expect(itemTarget(view("live_events"), customer)).toEqual(route("liveEvents"));
    expect(itemTarget(view("livenow"), customer)).toEqual(route("liveEvents"));
  });

  it("search opens the search page with the vesper engine, else the overlay on this page", () => {
    expect(itemTarget(view("search"), customer)).toEqual(route("search"));
    expect(
      itemTarget(view("search"), as({ features: { ...ALL_FEATURES, vesperSearch: false } })),
    ).toEqual({ kind: "here", hash: "search" });
  });

  it("preferences open the account's preferences, or a flag on this page with profiles", () => {
    expect(itemTarget(view("preferences"), customer)).toEqual(
      builtRoute("account", { query: { section: "preferences" } }),
    );
    expect(itemTarget(view("preferences"), as({ profilesConfigured: true }))).toEqual({
      kind: "here",
      query: { preferences: "" },
    });
  });

  it("sections home, browse and schedule use their routes, others the section route", () => {
    expect(itemTarget(section("home"), customer)).toEqual(route("home"));
    expect(itemTarget(section("browse"), customer)).toEqual(route("browse"));
    expect(itemTarget(section("schedule"), customer)).toEqual(route("schedule"));
    expect(itemTarget(section("fight-nights"), customer)).toEqual(
      route("section", { params: { name: "fight-nights" } }),
    );
    expect(itemTarget({ type: "SECTION", title: "?" }, customer)).toBeNull();
  });

  it("plugin items open the plugin page by pluginId", () => {
    const plugin: Item = { type: "PLUGIN", title: "Table", data: { pluginId: "standings" } };
    expect(itemTarget(plugin, customer)).toEqual(
      route("plugin", { params: { pluginId: "standings" } }),
    );
    expect(itemTarget({ type: "PLUGIN", title: "Table" }, customer)).toBeNull();
  });

  it("hides items whose route the realm does not have, rather than linking to a 404", () => {
    const bare = as({ features: NO_FEATURES });
    // Schedule needs live content and the schedule section (spec section 2).
    expect(itemTarget(section("schedule"), bare)).toBeNull();
    expect(itemTarget(view("schedule"), bare)).toBeNull();
    expect(itemTarget(view("epg"), bare)).toBeNull();
    expect(itemTarget(view("watchlists"), bare)).toBeNull();
    expect(itemTarget(view("favourites"), bare)).toBeNull();
    expect(itemTarget(view("watch_together"), bare)).toBeNull();
    // Routes that need no setting stay.
    expect(itemTarget(view("news"), bare)).toEqual(route("news"));
    expect(itemTarget(section("fight-nights"), bare)).not.toBeNull();
  });

  it("leaves out every view whose page is not built, and shows every other one", () => {
    const admin = as({ role: "ADMIN" });
    for (const [name, spec] of Object.entries(VIEW_ROUTES)) {
      const target = itemTarget(view(name), admin);
      if (!isBuilt(routeNamed(spec.route))) {
        expect(target === null || target.kind === "here", name).toBe(true);
      } else if (!("withProfiles" in spec)) {
        expect(target, name).toEqual(
          route(spec.route, "query" in spec ? { query: spec.query } : {}),
        );
      }
    }
  });
});

/** A menu with one item of each kind the rules treat differently. */
const MENU: Item[] = [
  view("home"),
  section("schedule"),
  { ...view("livenow"), title: "Live now", style: { featured: true } },
  view("search"),
  {
    type: "FOLDER",
    title: "More",
    items: [
      view("news"),
      { type: "OUTBOUND_LINK", title: "Shop", data: { outboundLink: "https://shop.example.com" } },
      view("account"),
      view("preferences"),
      view("logout"),
    ],
  },
];

const titles = (entries: MenuEntry[]): unknown[] =>
  entries.map((entry) =>
    entry.children ? { [entry.title]: titles(entry.children) } : entry.title,
  );

describe("who sees which items (spec sections 2 and 6)", () => {
  const cases: [string, Partial<MenuContext>, unknown[]][] = [
    [
      "signed-out viewers: no live-now, account, preferences or logout",
      { role: "UNAUTHENTICATED" },
      ["home", "schedule", "search", { More: ["news", "Shop"] }],
    ],
    [
      "guests: the same as signed-out viewers",
      { role: "GUEST" },
      ["home", "schedule", "search", { More: ["news", "Shop"] }],
    ],
    [
      "customers: everything",
      { role: "CUSTOMER" },
      [
        "home",
        "schedule",
        "Live now",
        "search",
        { More: ["news", "Shop", ...accountItems, "logout"] },
      ],
    ],
    [
      "admins: everything",
      { role: "ADMIN" },
      [
        "home",
        "schedule",
        "Live now",
        "search",
        { More: ["news", "Shop", ...accountItems, "logout"] },
      ],
    ],
    [
      "child profiles: no account or preferences",
      { role: "CUSTOMER", child: true },
      ["home", "schedule", "Live now", "search", { More: ["news", "Shop", "logout"] }],
    ],
    [
      "without the schedule setting: no schedule",
      { role: "CUSTOMER", features: { ...ALL_FEATURES, schedule: false } },
      ["home", "Live now", "search", { More: ["news", "Shop", ...accountItems, "logout"] }],
    ],
  ];
  it.each(cases)("%s", (_name, overrides, expected) => {
    expect(titles(menuEntries(MENU, as(overrides)))).toEqual(expected);
  });

  it("drops a folder left empty", () => {
    const folder: Item = { type: "FOLDER", title: "Me", items: [view("account"), view("logout")] };
    expect(menuEntries([view("home"), folder], as({ role: "GUEST" }))).toHaveLength(1);
    expect(menuEntries([view("home"), folder], customer)).toHaveLength(2);
  });

  it.each<ViewerRole>(["UNAUTHENTICATED", "GUEST"])(
    "%s never sees an item that needs a signed-in viewer",
    (role) => {
      for (const [name, spec] of Object.entries(VIEW_ROUTES)) {
        if ("signedIn" in spec) expect(itemTarget(view(name), as({ role })), name).toBeNull();
      }
    },
  );
});

describe("menu entries", () => {
  it("carry the style, icon and search-engine title of their item, and stable ids", () => {
    const [entry, folder] = menuEntries(
      [
        {
          ...view("home"),
          title: "Home",
          style: { featured: true, iconUrl: "/images/icons/home.svg" },
          showIcon: true,
          imageSize: "MEDIUM",
          seo: { title: "Watch live fights" },
        },
        { type: "FOLDER", title: "More", items: [view("news"), view("history")] },
      ],
      customer,
    );
    expect(entry).toEqual({
      id: "0",
      title: "Home",
      seoTitle: "Watch live fights",
      featured: true,
      icon: { url: "/images/icons/home.svg", size: 24 },
      target: route("home"),
    });
    expect(folder!.children!.map((child) => child.id)).toEqual(["1.0", "1.1"]);
  });

  it("show an icon only with showIcon, never from an unsafe URL, small by default", () => {
    const icon = (item: Partial<Item>) => menuEntries([{ ...view("home"), ...item }], customer)[0]!;
    expect(icon({ style: { iconUrl: "/i.svg" } }).icon).toBeUndefined();
    expect(icon({ style: { iconUrl: "/i.svg" }, showIcon: true }).icon).toEqual({
      url: "/i.svg",
      size: 16,
    });
    expect(icon({ style: { iconUrl: "javascript:x" }, showIcon: true }).icon).toBeUndefined();
    expect(icon({ seo: { title: "home" } }).seoTitle).toBeUndefined();
  });

  it(`scroll when there are ${MENU_SCROLL_MIN_ITEMS} or more (spec section 9)`, () => {
    const entries = (n: number) =>
      menuEntries(
        Array.from({ length: n }, () => view("home")),
        customer,
      );
    expect(menuScrolls(entries(4))).toBe(false);
    expect(menuScrolls(entries(5))).toBe(true);
    expect(menuScrolls(entries(12))).toBe(true);
  });
});

describe("links", () => {
  const here = { pathname: "/realm/liga/browse", search: "?sort=new" };

  it("resolve routes through the route table, under /realm/{name} or on the realm's domain", () => {
    const section = route("section", { params: { name: "fight-nights" } });
    expect(hrefOf(section, "/realm/arena", here)).toBe("/realm/arena/section/fight-nights");
    expect(hrefOf(section, "", here)).toBe("/section/fight-nights");
    expect(hrefOf(route("account", { query: { section: "preferences" } }), "", here)).toBe(
      "/account?section=preferences",
    );
    expect(hrefOf({ kind: "outbound", url: "https://x.example" }, "", here)).toBe(
      "https://x.example",
    );
  });

  it("open overlays and flags on the current page, keeping its query", () => {
    expect(hrefOf({ kind: "here", hash: "search" }, "/realm/liga", here)).toBe(
      "/realm/liga/browse?sort=new#search",
    );
    expect(hrefOf({ kind: "here", query: { preferences: "" } }, "/realm/liga", here)).toBe(
      "/realm/liga/browse?sort=new&preferences=",
    );
  });

  it("mark the current page, the realm root counting as home", () => {
    const at = (pathname: string, search = "") => ({ pathname, search });
    expect(isCurrent(route("browse"), "/realm/liga", here)).toBe(true);
    expect(isCurrent(route("browse"), "/realm/liga", at("/realm/liga/browse/"))).toBe(true);
    expect(isCurrent(route("home"), "/realm/liga", here)).toBe(false);
    expect(isCurrent(route("home"), "/realm/liga", at("/realm/liga"))).toBe(true);
    expect(isCurrent(route("home"), "", at("/"))).toBe(true);
    expect(isCurrent(route("home"), "", at("/home"))).toBe(true);
    const preferences = route("account", { query: { section: "preferences" } });
    expect(isCurrent(preferences, "", at("/account"))).toBe(false);
    expect(isCurrent(preferences, "", at("/account", "?section=preferences"))).toBe(true);
    expect(isCurrent({ kind: "here", hash: "search" }, "", here)).toBe(false);
    const folder: MenuEntry = {
      id: "0",
      title: "More",
      featured: false,
      children: [{ id: "0.0", title: "Browse", featured: false, target: route("browse") }],
    };
    expect(containsCurrent(folder, "/realm/liga", here)).toBe(true);
    expect(containsCurrent(folder, "/realm/arena", here)).toBe(false);
  });
});
