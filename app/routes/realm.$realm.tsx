import { Outlet, useRouteLoaderData } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import type { loader as rootLoader } from "../root.tsx";

/** The realm's frame around its pages: brand and live count (navigation comes with the shell). */
export default function RealmFrame() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const shell = root?.shell;
  const t = useT();
  if (!shell) return <Outlet />;
  const { realm, eventCount } = shell;
  return (
    <>
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
        <Outlet />
      </main>
    </>
  );
}
