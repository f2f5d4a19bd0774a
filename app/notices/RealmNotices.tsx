import type { ReactNode } from "react";
import { PendingContent } from "../feedback/PendingContent.tsx";
import { CookieBanner } from "./CookieBanner.tsx";
import { PromoNotification } from "./PromoNotification.tsx";
import { SmartBanner } from "./SmartBanner.tsx";
import { VpnBlocked, VpnNotice } from "./VpnNotice.tsx";
import { useRootData } from "../realm/use-root-data.ts";

/**
 * The realm's banners above its header (app banner, VPN notice) and the dock at the bottom of
 * the window (promo notification above the cookie banner), as the root loader decided.
 */
export function RealmNotices() {
  const root = useRootData();
  const notices = root?.notices.realm;
  if (!notices || !root?.shell) return null;
  const basePath = root.basePath ?? "";
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
      <div className="notice-dock">
        {notices.promoNotification ? <PromoNotification basePath={basePath} /> : null}
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
