import type { LinksFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AccountDialogs } from "../account/AccountDialogs.tsx";
import { ImpersonationBanner } from "../impersonation/ImpersonationBanner.tsx";
import { ListsProvider } from "../lists/ListsProvider.tsx";
import { LiveNowDialog } from "../live-now/LiveNowDialog.tsx";
import { SiteHeader } from "../navigation/SiteHeader.tsx";
import { RealmContent, RealmNotices } from "../notices/RealmNotices.tsx";
import { SearchDialog } from "../search/SearchDialog.tsx";
import accountStyles from "../styles/account.css?url";
import navigationStyles from "../styles/navigation.css?url";
import searchStyles from "../styles/search.css?url";
import { useRootData } from "../realm/use-root-data.ts";
import { MAIN_ID } from "../ui/SkipLink.tsx";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: navigationStyles },
  { rel: "stylesheet", href: accountStyles },
  // The search page's and the search overlay's (which can open over any page).
  { rel: "stylesheet", href: searchStyles },
];

/** The realm's frame around its pages: the site header with its navigation, then the page. */
export default function RealmFrame() {
  const root = useRootData();
  if (!root?.shell) return <Outlet />;
  return (
    <ListsProvider>
      <ImpersonationBanner />
      <RealmNotices />
      <SiteHeader />
      <AccountDialogs />
      <LiveNowDialog />
      <SearchDialog />
      <main id={MAIN_ID} tabIndex={-1}>
        <RealmContent>
          <Outlet />
        </RealmContent>
      </main>
    </ListsProvider>
  );
}
