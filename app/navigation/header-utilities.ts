import { existingRoute, isSignedIn, type MenuContext, type MenuTarget } from "./menu-items.ts";

/** The top-right buttons of the site header (spec section 2, "Top-right"). */
export interface HeaderUtilities {
  /** The search page with the vesper engine, else the search overlay over the current page. */
  search: MenuTarget;
  /** Signed-in viewers only: the live-now overlay and how many events are live. */
  liveNow: { target: MenuTarget; count: number } | null;
  /**
   * Signed-in viewers only: a link to the account page, or, when the realm has profiles, a menu
   * to switch profile (and reach the account, except from a child profile).
   */
  account:
    | { kind: "link"; target: MenuTarget }
    | {
        kind: "switcher";
        account: MenuTarget | null;
        /** The preferences dialog over this page; null for child profiles. */
        preferences: MenuTarget | null;
        profiles: MenuTarget;
      }
    | null;
  /** Guests and signed-out viewers: sign in, and sign up where the realm lets viewers register. */
  signIn: MenuTarget | null;
  signUp: MenuTarget | null;
}

/**
 * Which top-right buttons this viewer gets and where they lead. `from` is the realm-relative path
 * (with its query) of the current page, for sign-in and sign-up to come back to.
 */
export function headerUtilities(
  context: MenuContext & { eventCount?: number },
  from: string,
): HeaderUtilities {
  const search = existingRoute({ name: "search" }, context) ?? { kind: "here", hash: "search" };
  if (!isSignedIn(context.role)) {
    return {
      search,
      liveNow: null,
      account: null,
      signIn: existingRoute({ name: "login", query: { from } }, context),
      signUp: existingRoute({ name: "signup", query: { from } }, context),
    };
  }
  const account = context.child ? null : existingRoute({ name: "account" }, context);
  return {
    search,
    liveNow: { target: { kind: "here", hash: "livenow" }, count: context.eventCount ?? 0 },
    account: context.profilesConfigured
      ? {
          kind: "switcher",
          account,
          preferences: context.child ? null : { kind: "here", query: { preferences: "" } },
          profiles: { kind: "route", route: { name: "profiles" } },
        }
      : account && { kind: "link", target: account },
    signIn: null,
    signUp: null,
  };
}
