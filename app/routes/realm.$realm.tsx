import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RealmContent, RealmNotices } from "../notices/RealmNotices.tsx";
import type { loader as rootLoader } from "../root.tsx";

/** The realm's frame around its pages: brand and live count (navigation comes with the shell). */
export default function RealmFrame() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const shell = root?.shell;
  const { t } = useTranslation();
  if (!shell) return <Outlet />;
  const { realm, eventCount } = shell;
  return (
    <>
      <RealmNotices />
      <header className="realm-header">
        <a href={root.basePath || "/"} className="realm-logo">
          {realm.logoUrl ? (
            <img
              src={`${realm.logoUrl}?w=300`}
              alt={t("logoAlt", { name: realm.fullName })}
              width={300}
              height={80}
            />
          ) : null}
        </a>
        {eventCount ? (
          <p className="live-count">{t("liveNowCount", { count: eventCount })}</p>
        ) : null}
      </header>
      <main id="main">
        <RealmContent>
          <Outlet />
        </RealmContent>
      </main>
    </>
  );
}
