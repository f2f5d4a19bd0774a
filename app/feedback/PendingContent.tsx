import { useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { HeroSkeleton, RailSkeleton } from "../ui/skeletons.tsx";
import { isChangingPage, useDelayedFlag } from "./pending.ts";

/**
 * The main area: the page, or skeletons while a client-side navigation loads another page.
 * The page stays mounted (hidden), so a navigation that is cancelled leaves it as it was.
 */
export function PendingContent({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const pending = useDelayedFlag(isChangingPage(navigation, pathname));
  return (
    <>
      {pending ? <PageSkeleton /> : null}
      <div className="page-content" hidden={pending}>
        {children}
      </div>
    </>
  );
}

/** A page's worth of skeletons (the next page's blocks are not known yet): hero and rails. */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="layout page-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        {t("loading")}
      </p>
      <div className="skeleton-line skeleton-page-title" aria-hidden="true" />
      <HeroSkeleton />
      <RailSkeleton />
      <RailSkeleton />
    </div>
  );
}
