import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { safeLinkUrl } from "../ui/links.ts";
import type { ViewerRole } from "../session/viewer.server.ts";
import { isAndroid, isOutdatedBrowser } from "./user-agent.ts";

/** What the platform says about the viewer's network (`X-Vpn-Status`, see docs/api.md). */
export type VpnStatus = "detected" | "blocked";

/** What a visitor chose about a realm's banners, remembered in a cookie (spec section 4). */
export interface NoticeChoices {
  cookiePolicyAgreed: boolean;
  smartBannerDismissed: boolean;
}

/** The notices of one realm's frame, decided on the server so none of them flashes. */
export interface RealmNotices {
  /** The cookie banner, until the visitor agrees; `policyUrl` null when it is not a safe link. */
  cookieBanner: { policyUrl: string | null } | null;
  /** The Android app banner, until dismissed. */
  smartBanner: { storeUrl: string } | null;
  vpn: VpnStatus | null;
  /** The VPN notice offers to log out only to a viewer who has a session to end. */
  canLogOut: boolean;
  /** Ask the platform for a promo notification once the page has loaded. */
  promoNotification: boolean;
}

export interface Notices {
  /** Internet Explorer: the out-of-date browser prompt (spec section 2). */
  outdatedBrowser: boolean;
  /** Null outside a realm (the channel directory). */
  realm: RealmNotices | null;
}

/** On the body while the viewer's role is GUEST (spec section 4). */
export const GUEST_BODY_CLASS = "guest";

export const playStoreUrl = (appId: string) =>
  `https://play.google.com/store/apps/details?id=${encodeURIComponent(appId)}`;

/** What the server knows of the realm and the viewer when it decides the notices. */
export interface RealmFacts {
  settings: Pick<
    RealmSettings,
    "cookieBanner" | "smartBanner" | "vpnAllowed" | "hasPromoNotification"
  >;
  choices: NoticeChoices;
  vpn: VpnStatus | null;
  role: ViewerRole;
}

/** The visibility rules of spec sections 2 and 4, from what the server knows of the request. */
export function noticesFor({
  userAgent,
  realm,
}: {
  userAgent: string | null;
  realm?: RealmFacts;
}): Notices {
  return {
    outdatedBrowser: isOutdatedBrowser(userAgent),
    realm: realm ? realmNotices(realm, userAgent) : null,
  };
}

function realmNotices(
  { settings, choices, vpn: reported, role }: RealmFacts,
  userAgent: string | null,
): RealmNotices {
  // The platform applies the realm's policy; a realm that allows VPNs never shows the notice.
  const vpn = settings.vpnAllowed === false ? reported : null;
  const blocked = vpn === "blocked";
  const { cookieBanner, smartBanner } = settings;
  return {
    cookieBanner:
      cookieBanner?.enabled && !choices.cookiePolicyAgreed
        ? { policyUrl: safeLinkUrl(cookieBanner.policyUrl) }
        : null,
    smartBanner:
      smartBanner && !blocked && !choices.smartBannerDismissed && isAndroid(userAgent)
        ? { storeUrl: smartBanner.storeUrl ?? playStoreUrl(smartBanner.androidAppId) }
        : null,
    vpn,
    canLogOut: role !== "UNAUTHENTICATED",
    promoNotification: settings.hasPromoNotification === true && !blocked,
  };
}

/**
 * Pages whose purpose is a form (spec section 2's sign-in, sign-up, authorize and checkout
 * routes, and the workbench's editor with its live preview): no notice may cover it, so the
 * promo notification waits for another page and the cookie banner is docked in the page's
 * flow rather than over it.
 */
export const FORM_ROUTES: ReadonlySet<string> = new Set([
  "login",
  "signup",
  "authorize",
  "purchase",
  "pay",
  "workbenchEditor",
]);

/**
 * Admin previews show a document as viewers will see it once published: the realm's notices
 * are the shell's, not the document's, and would cover the workbench's preview frames.
 */
export const NOTICE_FREE_ROUTES: ReadonlySet<string> = new Set(["preview"]);
