import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { PendingContent } from "../feedback/PendingContent.tsx";
import { CookieBanner } from "./CookieBanner.tsx";
import { PromoNotification } from "./PromoNotification.tsx";
import { SmartBanner } from "./SmartBanner.tsx";
import { VpnBlocked, VpnNotice } from "./VpnNotice.tsx";
import { useRootData } from "../realm/use-root-data.ts";
import { matchRoute, realmRelativePath } from "../realm/routes.ts";
import { FORM_ROUTES, NOTICE_FREE_ROUTES } from "./notices.ts";

/**
 * The realm's banners above its header (app banner, VPN notice) and the dock at the bottom of
 * the window (promo notification above the cookie banner), as the root loader decided. On a
 * page whose purpose is a form (FORM_ROUTES) the promo waits and the cookie banner sits in the
 * page's flow, so neither covers the form; admin previews (NOTICE_FREE_ROUTES) show none.
 */
export function RealmNotices() {
  const root = useRootData();
  const { pathname } = useLocation();
  const notices = root?.notices.realm;
  if (!notices || !root?.shell) return null;
  const basePath = root.basePath ?? "";
  const route = matchRoute(realmRelativePath(basePath, pathname))?.route.name;
  if (route !== undefined && NOTICE_FREE_ROUTES.has(route)) return null;
  const formPage = route !== undefined && FORM_ROUTES.has(route);
  return (
    <>
      {notices.smartBanner ? (
        <SmartBanner
          basePath={basePath}
          appName={root.shell.realm.fullName}
          logoUrl={root.shell.realm.logoUrl}
          storeUrl={notices.smartBanner.storeUrl}
        />
      ) : null}
      {notices.vpn === "detected" ? (
        <VpnNotice basePath={basePath} canLogOut={notices.canLogOut} />
      ) : null}
      <div className="notice-dock" data-in-flow={formPage ? "" : undefined}>
        {notices.promoNotification && !formPage ? <PromoNotification basePath={basePath} /> : null}
        {notices.cookieBanner ? (
          <CookieBanner basePath={basePath} policyUrl={notices.cookieBanner.policyUrl} />
        ) : null}
      </div>
    </>
  );
}

/**
 * The realm's main area: the page, skeletons while another page loads, or only the blocking
 * message when the platform says the viewer's VPN is blocked.
 */
export function RealmContent({ children }: { children: ReactNode }) {
  const root = useRootData();
  if (root?.notices.realm?.vpn === "blocked") return <VpnBlocked />;
  return <PendingContent>{children}</PendingContent>;
}
