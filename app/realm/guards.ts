import type { Route } from "../../schemas/generated/route-table.ts";
import { externalOidcProvider } from "../../contract/external-sign-in.ts";
import {
  allowedRoles,
  routeExists,
  type RouteSettings,
  type RouteTarget,
  type ViewerRole,
} from "./routes.ts";

export type GuardDecision =
  | { type: "allow" }
  /** The route does not exist for this realm. */
  | { type: "notFound" }
  /** Sign in as a guest first (the route admits guests), then come back. */
  | { type: "guestCheckIn" }
  | { type: "redirect"; to: RouteTarget };

/** A licence code (and its partner's extra parameters) carried in from `licence/redirect`. */
export interface ExternalLicence {
  code: string;
  extraParams?: string;
}

/** Routes a payment provider sends the viewer back to, with `redirect_status` in the query. */
const PAYMENT_RETURN_ROUTES = new Set(["signup", "purchase", "pay", "paymentUpdate"]);

/** Where viewers land when a route is not for them: the realm's home (spec section 2). */
export const DEFAULT_TARGET: RouteTarget = { name: "home" };

/**
 * Route guarding (spec section 4), decided from the route, the viewer's role and the realm's
 * settings. `from` is the realm-relative path (with its query) to come back to after signing in.
 */
export function guardRoute(
  route: Route,
  role: ViewerRole,
  settings: RouteSettings,
  {
    from,
    query,
    externalLicence,
  }: {
    from: string;
    query: URLSearchParams;
    /** A partner's licence the viewer arrived with before signing in (`licence/redirect`). */
    externalLicence?: ExternalLicence;
  },
): GuardDecision {
  if (!routeExists(route, settings)) {
    // Without the vesper engine search is an overlay: /search opens it over the default page.
    if (route.name === "search") {
      return { type: "redirect", to: { ...DEFAULT_TARGET, query: { search: "" }, hash: "search" } };
    }
    return { type: "notFound" };
  }
  if (role === "GUEST" && !settings.guestsAllowed) {
    // The logout route itself ends that session (else this would send it there forever).
    return route.name === "logout"
      ? { type: "allow" }
      : { type: "redirect", to: { name: "logout" } };
  }
  const signedIn = role === "CUSTOMER" || role === "ADMIN";
  if (route.name === "login" && signedIn && externalLicence) {
    // Signed in now: the licence they came with is claimed where it was headed.
    const { code, extraParams } = externalLicence;
    return {
      type: "redirect",
      to: { name: "licenceRedirect", query: { code, ...(extraParams ? { extraParams } : {}) } },
    };
  }
  // The mailed link of an account that kept its session (decision 022) still confirms it; its
  // page then sends the signed-in viewer on, as the visitor-only rule asks (spec section 6).
  if (route.name === "emailConfirmation" && signedIn && query.get("token")) {
    return { type: "allow" };
  }
  const allowed = allowedRoles(route.access, settings);
  if (allowed.includes(role)) return { type: "allow" };

  const login: GuardDecision = { type: "redirect", to: { name: "login", query: { from } } };
  // Realms whose accounts live with a third-party identity provider sign guests in there.
  const thirdPartyLogin =
    settings.authenticationProviders?.some((p) => p.name === "GIGYA") ||
    externalOidcProvider(settings) !== undefined;
  const paymentReturn = query.has("redirect_status") && PAYMENT_RETURN_ROUTES.has(route.name);
  if (role === "UNAUTHENTICATED" || paymentReturn) {
    // A route that admits guests checks the viewer in as one, if the realm has guests.
    if (allowed.includes("GUEST") && settings.guestsAllowed) return { type: "guestCheckIn" };
    if (settings.fullGuestAccess && settings.guestsAllowed) {
      return { type: "redirect", to: DEFAULT_TARGET };
    }
    return login;
  }
  if (role === "GUEST" && !settings.fullGuestAccess) {
    return thirdPartyLogin
      ? { type: "redirect", to: { name: "gigyaLogin", query: { from } } }
      : login;
  }
  return { type: "redirect", to: DEFAULT_TARGET };
}

/**
 * Whether the viewer gets the route's page rather than a redirect or a 404 (a viewer checked in
 * as a guest on the way gets it too): what menus ask before linking to it.
 */
export function opensRoute(route: Route, role: ViewerRole, settings: RouteSettings): boolean {
  const decision = guardRoute(route, role, settings, { from: "/", query: new URLSearchParams() });
  return decision.type === "allow" || decision.type === "guestCheckIn";
}
