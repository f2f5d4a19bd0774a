import { Link, useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { useMobileMode } from "./breakpoint.ts";
import { headerUtilities } from "./header-utilities.ts";
import { HeaderUtilities } from "./HeaderUtilities.tsx";
import { LanguageSwitcher } from "./LanguageSwitcher.tsx";
import { MenuDrawer } from "./MenuDrawer.tsx";
import { drawerEntries, menuEntries, type Here, type MenuContext } from "./menu-items.ts";
import { MenuNav } from "./MenuNav.tsx";
import { useRootData } from "../realm/use-root-data.ts";
import { logoAtWidth } from "../ui/image.tsx";
import type { Menu } from "../../schemas/generated/menu.ts";
import { previewedAudience } from "../preview/audience.ts";
import type { Localized } from "../../schemas/localized-text.ts";

/**
 * The realm's site header (spec section 2, "Navigation menu"): logo, the menu from config in
 * its layout (TOP, TOP_LEFT, HAMBURGER or SIDEBAR) and the top-right buttons. Below 1025 px
 * the menu moves behind a hamburger button; CSS media queries decide the first paint, so the
 * server's HTML is already right for the screen.
 */
export function SiteHeader() {
  const root = useRootData();
  // A preview shown to another audience than the admin has that audience's header.
  const previewed = previewedAudience(useMatches());
  if (!root?.shell || !root.viewer) return null;
  return (
    <SiteHeaderView
      shell={root.shell}
      basePath={root.basePath ?? ""}
      viewer={previewed ?? root.viewer}
      menu={root.shell.menu}
      layout={root.shell.menu?.layout ?? "TOP"}
    />
  );
}

type RootShell = NonNullable<NonNullable<ReturnType<typeof useRootData>>["shell"]>;

/**
 * The site header for a viewer, a menu and a layout: the realm's own (`SiteHeader`), or one the
 * workbench previews from a menu's unsaved text, in each layout and as each audience sees it.
 * `drawerShown` shows the drawer open in place (the preview's look at it), not as a dialog.
 */
export function SiteHeaderView({
  shell,
  basePath,
  viewer,
  menu,
  layout,
  drawerShown = false,
}: {
  shell: RootShell;
  basePath: string;
  viewer: Pick<MenuContext, "role" | "child" | "homeOpen">;
  menu: Localized<Menu> | null;
  layout: Menu["layout"];
  drawerShown?: boolean;
}) {
  const location = useLocation();
  const mobile = useMobileMode();
  const { t } = useTranslation();
  const context: MenuContext = {
    role: viewer.role,
    child: viewer.child,
    features: shell.features,
    profilesConfigured: shell.profilesConfigured,
    homeOpen: viewer.homeOpen,
  };
  const here: Here = { pathname: location.pathname, search: location.search };
  const entries = menu ? menuEntries(menu.items, context) : [];
  const utilities = headerUtilities(
    { ...context, eventCount: shell.eventCount },
    `${realmRelativePath(basePath, location.pathname)}${location.search}`,
  );
  const drawer = drawerEntries(
    entries,
    context,
    { history: t("historyMenuItem"), signUp: t("signUp") },
    utilities.signUp,
  );
  const inBar = layout === "TOP" || layout === "TOP_LEFT";
  return (
    <header
      className="site-header"
      data-layout={layout}
      data-mode={mobile === null ? undefined : mobile ? "mobile" : "desktop"}
    >
      <div className="site-header-bar">
        {drawer.length ? (
          <MenuDrawer
            entries={drawer}
            basePath={basePath}
            here={here}
            mobile={mobile}
            alwaysAvailable={layout === "HAMBURGER"}
            shown={drawerShown}
          />
        ) : null}
        <Link to={routeHref(basePath, { name: "root" })} className="site-logo">
          {shell.realm.logoUrl ? (
            <img
              src={logoAtWidth(shell.realm.logoUrl, 300)}
              alt={t("logoAlt", { name: shell.realm.fullName })}
              width={300}
              height={80}
            />
          ) : (
            <span>{shell.realm.fullName}</span>
          )}
        </Link>
        {entries.length && (inBar || layout === "SIDEBAR") ? (
          <MenuNav
            entries={entries}
            basePath={basePath}
            here={here}
            orientation={inBar ? "horizontal" : "vertical"}
            className="site-menu"
            mobile={mobile}
          />
        ) : null}
        <HeaderUtilities utilities={utilities} basePath={basePath} here={here}>
          {shell.realm.languages.length > 1 ? (
            <LanguageSwitcher
              languages={shell.realm.languages}
              current={shell.locale}
              basePath={basePath}
            />
          ) : null}
        </HeaderUtilities>
      </div>
    </header>
  );
}
