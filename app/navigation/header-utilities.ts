import {
  existingRoute,
  historyTarget,
  isSignedIn,
  type MenuContext,
  type MenuTarget,
} from "./menu-items.ts";

/** The top-right buttons of the site header (spec section 2, "Top-right"). */
export interface HeaderUtilities {
  /** The search page with the vesper engine, else the search overlay over the current page. */
  search: MenuTarget;
  /** Signed-in viewers only: the live-now overlay and how many events are live. */
  liveNow: { target: MenuTarget; count: number } | null;
  /**
   * Signed-in viewers only: a menu with the account (except from a child profile), the watch
   * history and, when the realm has profiles, preferences and switching profile; a plain link to
   * the account when that is all there is.
   */
  account:
    | { kind: "link"; target: MenuTarget }
    | {
        kind: "switcher";
        account: MenuTarget | null;
        /** The preferences dialog over this page; null for child profiles and without profiles. */
        preferences: MenuTarget | null;
        /** What the viewer watched, when the realm has the page. */
        history: MenuTarget | null;
        /** Null when the realm has no profiles. */
        profiles: MenuTarget | null;
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
  const history = historyTarget(context);
  return {
    search,
    liveNow: { target: { kind: "here", hash: "livenow" }, count: context.eventCount ?? 0 },
    account: context.profilesConfigured
      ? {
          kind: "switcher",
          account,
          preferences: context.child ? null : { kind: "here", query: { preferences: "" } },
          history,
          profiles: { kind: "route", route: { name: "profiles" } },
        }
      : history
        ? { kind: "switcher", account, preferences: null, history, profiles: null }
        : account && { kind: "link", target: account },
    signIn: null,
    signUp: null,
  };
}
