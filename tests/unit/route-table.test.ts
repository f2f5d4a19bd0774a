import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { guardRoute, opensRoute, type GuardDecision } from "../../app/realm/guards.ts";
import {
  CONDITIONS,
  allowedRoles,
  matchRoute,
  routeHref,
  routeNamed,
  routeTable,
  type RouteSettings,
  type ViewerRole,
} from "../../app/realm/routes.ts";
import table from "../../app/realm/route-table.json";
import { validate } from "../../schemas/validator.ts";

const ROLES: ViewerRole[] = ["UNAUTHENTICATED", "GUEST", "CUSTOMER", "ADMIN"];

/** Every named route of spec section 2 (and its conditional ones). */
const SPEC_ROUTES = [
  "root",
  "login",
  "loginRedirect",
  "gigyaLogin",
  "oidcLogin",
  "oidcSignup",
  "oidcLogout",
  "oidcAccount",
  "oidcForgotPassword",
  "signup",
  "purchase",
  "pay",
  "paymentConfirmation",
  "subscriptionConfirmation",
  "paymentUpdate",
  "paymentAuthorization",
  "licenceRedirect",
  "emailConfirmation",
  "oauthApp",
  "logout",
  "home",
  "browse",
  "grid",
  "section",
  "plugin",
  "playlist",
  "season",
  "series",
  "vod",
  "live",
  "history",
  "account",
  "providers",
  "payment",
  "externalPage",
  "news",
  "newsItem",
  "impersonate",
  "fighters",
  "fighter",
  "releases",
  "interstitial",
  "profiles",
  "preferences",
  "liveEvents",
  "activateUser",
  "confirmPinReset",
  "preview",
  "search",
  "schedule",
  "watchTogether",
  "favourites",
  "watchlists",
  "myList",
  "myuefa",
  "upcoming",
  "multiView",
  "epg",
  "gifts",
  "redeemGift",
  "tvLogin",
  "disconnected",
  "authorize",
  "popular",
  "openid",
];

const EVERYTHING_ON: RouteSettings = {
  contentSearchEngine: "VESPER",
  hasLive: true,
  scheduleSection: "ENABLED",
  reactoo: "ENABLED",
  watchlistsEnabled: true,
  myListMode: "ENABLED",
  authenticationProviders: [{ name: "GIGYA" }],
  guestsAllowed: true,
  allowGuestSchedule: true,
  multiViewAllowed: true,
  epgMatrix: "ENABLED",
  gifting: "ENABLED",
  pinLoginEnabled: true,
  allowSelfregistration: true,
  fullGuestAccess: true,
};

/** The settings that decide access, in every combination, with conditions on and off. */
function settingsVariants(): RouteSettings[] {
  const variants: RouteSettings[] = [];
  for (const guestsAllowed of [true, false])
    for (const fullGuestAccess of [true, false])
      for (const conditionsOn of [true, false]) {
        variants.push({
          ...(conditionsOn
            ? EVERYTHING_ON
            : {
                contentSearchEngine: "ALGOLIA",
                hasLive: false,
                scheduleSection: "DISABLED",
                reactoo: "DISABLED",
                watchlistsEnabled: false,
                myListMode: "DISABLED",
                authenticationProviders: [{ name: "CREDENTIALS" }],
                allowGuestSchedule: false,
                multiViewAllowed: false,
                epgMatrix: "DISABLED",
                gifting: "DISABLED",
                pinLoginEnabled: false,
                allowSelfregistration: false,
              }),
          guestsAllowed,
          fullGuestAccess,
        } as RouteSettings);
      }
  return variants;
}

const decide = (name: string, role: ViewerRole, settings: RouteSettings, query = "") =>
  guardRoute(routeNamed(name), role, settings, {
    from: `/${name}`,
    query: new URLSearchParams(query),
  });

describe("the route table", () => {
  it("is valid against its schema, with unique names and existing modules", () => {
    expect(validate("routeTable", table).issues).toEqual([]);
    const names = routeTable.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const route of routeTable) {
      expect(existsSync(path.resolve("app", route.module)), route.module).toBe(true);
      if (route.redirectTo) expect(() => routeNamed(route.redirectTo!)).not.toThrow();
    }
  });

  it("has every named route of the spec", () => {
    const names = new Set(routeTable.map((r) => r.name));
    expect(SPEC_ROUTES.filter((name) => !names.has(name))).toEqual([]);
  });

  it("builds every route's URL and matches it back to the same route", () => {
    for (const route of routeTable) {
      const params = Object.fromEntries(
        route.path
          .split("/")
          .filter((s) => s.startsWith(":") || s === "*")
          .map((s) => (s === "*" ? ["*", "a/b"] : [s.slice(1), "x1"])),
      );
      for (const base of ["/realm/arena", ""]) {
        const href = routeHref(base, { name: route.name, params });
        expect(href.startsWith(base)).toBe(true);
        const matched = matchRoute(href.slice(base.length) || "/");
        expect(matched?.route.name, href).toBe(route.name);
      }
    }
    expect(routeHref("", { name: "root" })).toBe("/");
    expect(routeHref("/realm/liga", { name: "root" })).toBe("/realm/liga");
    expect(routeHref("", { name: "section", params: { name: "a b/c" } })).toBe(
      "/section/a%20b%2Fc",
    );
    expect(routeHref("", { name: "home", query: { search: "" }, hash: "search" })).toBe(
      "/home?search=#search",
    );
    expect(() => routeHref("", { name: "playlist" })).toThrow(/needs the parameter 'id'/);
    expect(matchRoute("/no/such/path")?.route.name).toBe("notFound");
  });
});

describe("route guarding (spec sections 4 and 6)", () => {
  it("walks every route × role × setting: allowed roles see the page, the rest are sent somewhere that settles", () => {
    let cases = 0;
    for (const settings of settingsVariants()) {
      for (const route of routeTable) {
        for (const role of ROLES) {
          cases++;
          const decision = decide(route.name, role, settings);
          const exists = route.requires === undefined || CONDITIONS[route.requires](settings);
          if (!exists) {
            expect(decision.type, `${route.name} without its setting`).toBe(
              route.name === "search" ? "redirect" : "notFound",
            );
            continue;
          }
          if (role === "GUEST" && !settings.guestsAllowed) {
            expect(decision).toEqual(
              route.name === "logout"
                ? { type: "allow" }
                : { type: "redirect", to: { name: "logout" } },
            );
            continue;
          }
          const allowed = allowedRoles(route.access, settings).includes(role);
          expect(decision.type === "allow", `${route.name} as ${role}`).toBe(allowed);
          // Following redirects always settles on a page the viewer may open (no loops).
          let current: GuardDecision = decision;
          for (let hops = 0; current.type === "redirect"; hops++) {
            expect(hops, `${route.name} as ${role} loops`).toBeLessThan(3);
            current = decide(current.to.name, role, settings);
          }
          expect(["allow", "guestCheckIn", "notFound"]).toContain(current.type);
        }
      }
    }
    expect(cases).toBe(routeTable.length * ROLES.length * 8);
  });

  // Like the demo realm: accounts of its own (a third-party identity realm is tested apart).
  const arena: RouteSettings = {
    ...EVERYTHING_ON,
    authenticationProviders: [{ name: "CREDENTIALS" }],
    guestsAllowed: true,
    fullGuestAccess: false,
  };
  const liga: RouteSettings = { ...EVERYTHING_ON, guestsAllowed: true, fullGuestAccess: true };
  const noGuests: RouteSettings = {
    ...EVERYTHING_ON,
    guestsAllowed: false,
    fullGuestAccess: false,
  };

  it.each<[string, ViewerRole, RouteSettings, string, GuardDecision]>([
    // Content pages: customers and admins; guests only with full guest access.
    ["home", "CUSTOMER", arena, "", { type: "allow" }],
    ["home", "ADMIN", arena, "", { type: "allow" }],
    ["home", "GUEST", liga, "", { type: "allow" }],
    [
      "home",
      "GUEST",
      arena,
      "",
      { type: "redirect", to: { name: "login", query: { from: "/home" } } },
    ],
    [
      "home",
      "UNAUTHENTICATED",
      arena,
      "",
      { type: "redirect", to: { name: "login", query: { from: "/home" } } },
    ],
    ["home", "UNAUTHENTICATED", liga, "", { type: "guestCheckIn" }],
    [
      "home",
      "UNAUTHENTICATED",
      noGuests,
      "",
      { type: "redirect", to: { name: "login", query: { from: "/home" } } },
    ],
    // Customer-only pages.
    ["account", "CUSTOMER", arena, "", { type: "allow" }],
    [
      "account",
      "GUEST",
      arena,
      "",
      { type: "redirect", to: { name: "login", query: { from: "/account" } } },
    ],
    ["account", "GUEST", liga, "", { type: "redirect", to: { name: "home" } }],
    ["account", "UNAUTHENTICATED", liga, "", { type: "redirect", to: { name: "home" } }],
    [
      "account",
      "UNAUTHENTICATED",
      arena,
      "",
      { type: "redirect", to: { name: "login", query: { from: "/account" } } },
    ],
    // Guest-capable pages check an unauthenticated viewer in as a guest.
    ["purchase", "UNAUTHENTICATED", arena, "", { type: "guestCheckIn" }],
    ["purchase", "GUEST", arena, "", { type: "allow" }],
    // Payment returns are unauthenticated-path cases even for a guest who cannot pay.
    [
      "pay",
      "GUEST",
      arena,
      "redirect_status=succeeded",
      { type: "redirect", to: { name: "login", query: { from: "/pay" } } },
    ],
    [
      "pay",
      "GUEST",
      arena,
      "",
      { type: "redirect", to: { name: "login", query: { from: "/pay" } } },
    ],
    ["pay", "GUEST", liga, "redirect_status=succeeded", { type: "redirect", to: { name: "home" } }],
    ["signup", "CUSTOMER", arena, "redirect_status=succeeded", { type: "allow" }],
    [
      "paymentUpdate",
      "UNAUTHENTICATED",
      noGuests,
      "redirect_status=failed",
      { type: "redirect", to: { name: "login", query: { from: "/paymentUpdate" } } },
    ],
    // Visitor-only pages send signed-in viewers to the default page.
    ["root", "CUSTOMER", arena, "", { type: "redirect", to: { name: "home" } }],
    ["root", "UNAUTHENTICATED", arena, "", { type: "allow" }],
    ["emailConfirmation", "GUEST", arena, "", { type: "allow" }],
    ["emailConfirmation", "CUSTOMER", arena, "", { type: "redirect", to: { name: "home" } }],
    // Its mailed link still confirms an account that kept its session (decision 022).
    ["emailConfirmation", "CUSTOMER", arena, "token=abc", { type: "allow" }],
    // A guest in a realm without guests is logged out.
    ["home", "GUEST", noGuests, "", { type: "redirect", to: { name: "logout" } }],
    ["logout", "GUEST", noGuests, "", { type: "allow" }],
    // Open to everyone, signed in or not.
    ["preview", "UNAUTHENTICATED", noGuests, "", { type: "allow" }],
    ["login", "UNAUTHENTICATED", arena, "", { type: "allow" }],
  ])("%s as %s → the spec's outcome", (name, role, settings, query, expected) => {
    expect(decide(name, role, settings, query)).toEqual(expected);
  });

  it("routes that depend on a setting do not exist without it", () => {
    const off = settingsVariants().find((s) => !s.hasLive && s.guestsAllowed)!;
    expect(decide("schedule", "CUSTOMER", off)).toEqual({ type: "notFound" });
    expect(decide("search", "CUSTOMER", off)).toEqual({
      type: "redirect",
      to: { name: "home", query: { search: "" }, hash: "search" },
    });
    expect(decide("favourites", "CUSTOMER", off)).toEqual({ type: "allow" });
    expect(decide("watchlists", "CUSTOMER", off)).toEqual({ type: "notFound" });
    expect(decide("watchlists", "CUSTOMER", EVERYTHING_ON)).toEqual({ type: "allow" });
    expect(decide("signup", "GUEST", { ...liga, allowSelfregistration: false })).toEqual({
      type: "notFound",
    });
  });

  it("takes a signed-in viewer with a partner's licence from sign-in to the licence redirect", () => {
    const externalLicence = { code: "PARTNER-42", extraParams: "a=1&b=2" };
    for (const role of ["CUSTOMER", "ADMIN"] as const) {
      expect(
        guardRoute(routeNamed("login"), role, arena, {
          from: "/login",
          query: new URLSearchParams(),
          externalLicence,
        }),
      ).toEqual({
        type: "redirect",
        to: { name: "licenceRedirect", query: { code: "PARTNER-42", extraParams: "a=1&b=2" } },
      });
    }
    // Signed out, sign-in is where they should be.
    expect(
      guardRoute(routeNamed("login"), "UNAUTHENTICATED", arena, {
        from: "/login",
        query: new URLSearchParams(),
        externalLicence,
      }),
    ).toEqual({ type: "allow" });
    expect(decide("login", "CUSTOMER", arena)).toEqual({ type: "allow" });
  });

  it("sends guests of a third-party identity realm to its sign-in, with where they were going", () => {
    const gigya: RouteSettings = { ...arena, authenticationProviders: [{ name: "GIGYA" }] };
    expect(decide("browse", "GUEST", gigya)).toEqual({
      type: "redirect",
      to: { name: "gigyaLogin", query: { from: "/browse" } },
    });
    expect(decide("browse", "GUEST", arena)).toEqual({
      type: "redirect",
      to: { name: "login", query: { from: "/browse" } },
    });
    // Bound to an external OpenID provider: the same way in; an OIDC entry without one is not.
    const external: RouteSettings = {
      ...arena,
      authenticationProviders: [
        { name: "OIDC", issuer: "https://id.example.com", clientId: "arena-web" },
      ],
    };
    expect(decide("browse", "GUEST", external)).toEqual({
      type: "redirect",
      to: { name: "gigyaLogin", query: { from: "/browse" } },
    });
    const loginPageOnly: RouteSettings = {
      ...arena,
      authenticationProviders: [{ name: "OIDC", loginUrl: "https://id.example.com/login" }],
    };
    expect(decide("browse", "GUEST", loginPageOnly)).toEqual({
      type: "redirect",
      to: { name: "login", query: { from: "/browse" } },
    });
  });
});

describe("which viewers a route opens for (what menus link to)", () => {
  const home = routeNamed("home");
  const arena = { ...EVERYTHING_ON, guestsAllowed: true, fullGuestAccess: false };
  it("the home page turns arena's guests and signed-out visitors away, not its customers", () => {
    expect(opensRoute(home, "GUEST", arena)).toBe(false);
    expect(opensRoute(home, "UNAUTHENTICATED", arena)).toBe(false);
    expect(opensRoute(home, "CUSTOMER", arena)).toBe(true);
    expect(opensRoute(home, "ADMIN", arena)).toBe(true);
  });
  it("with full guest access guests get it, and visitors are checked in as guests on the way", () => {
    const liga = { ...arena, fullGuestAccess: true };
    expect(opensRoute(home, "GUEST", liga)).toBe(true);
    expect(opensRoute(home, "UNAUTHENTICATED", liga)).toBe(true);
  });
});
