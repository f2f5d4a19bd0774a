import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Outlet, useRouteError } from "@remix-run/react";
import type { ReactNode } from "react";
import { AccountDialogs } from "../account/AccountDialogs.tsx";
import { ImpersonationBanner } from "../impersonation/ImpersonationBanner.tsx";
import { ListsProvider } from "../lists/ListsProvider.tsx";
import { LiveNowDialog } from "../live-now/LiveNowDialog.tsx";
import { SiteHeader } from "../navigation/SiteHeader.tsx";
import { RealmContent, RealmNotices } from "../notices/RealmNotices.tsx";
import { SearchDialog } from "../search/SearchDialog.tsx";
import { useRootData } from "../realm/use-root-data.ts";
import { i18nFor } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";
import { ErrorStatus, errorTitleKey } from "../ui/ErrorStatus.tsx";
import { NotFoundMessage } from "../ui/StatusPage.tsx";
import { MAIN_ID } from "../ui/SkipLink.tsx";

/** Titles the page its error boundary shows, "Page not found · Realm"; pages title themselves. */
export const meta: MetaFunction<unknown, { root: typeof rootLoader }> = ({ error, matches }) => {
  if (error === undefined || error === null) return [];
  const root = matches.find((match) => match.id === "root")?.data;
  const title = i18nFor(root?.locale, root?.shell?.translations).t(errorTitleKey(error));
  const realmName = root?.shell?.realm.fullName;
  return [
    { title: realmName ? `${title} · ${realmName}` : title },
    { name: "robots", content: "noindex" },
  ];
};

/** The realm's frame around its pages: the site header with its navigation, then the page. */
export default function RealmFrame() {
  const root = useRootData();
  if (!root?.shell) return <Outlet />;
  return (
    <Frame>
      <RealmContent>
        <Outlet />
      </RealmContent>
    </Frame>
  );
}

/**
 * A page of the realm that is not there (an unknown item, a realm without a not-found page of
 * its own) keeps the realm's header and menu, so the viewer can go on from it; other errors
 * show their status page alone.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  if (!root?.shell || !(isRouteErrorResponse(error) && error.status === 404)) {
    return <ErrorStatus error={error} />;
  }
  return (
    <Frame>
      <NotFoundMessage home={root.basePath || "/"} />
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <ListsProvider>
      <ImpersonationBanner />
      <RealmNotices />
      <SiteHeader />
      <AccountDialogs />
      <LiveNowDialog />
      <SearchDialog />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
    </ListsProvider>
  );
}
