import { Link } from "@remix-run/react";
import { DropdownMenu } from "radix-ui";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../ui/Icon.tsx";
import type { HeaderUtilities as Utilities } from "./header-utilities.ts";
import { hrefOf, type Here } from "./menu-items.ts";

/**
 * The top-right buttons: `children` (the language switcher), search, live now, account or
 * profile switcher, sign in and sign up.
 */
export function HeaderUtilities({
  utilities,
  basePath,
  here,
  children,
}: {
  utilities: Utilities;
  basePath: string;
  here: Here;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { search, liveNow, account, signIn, signUp } = utilities;
  const href = (target: Parameters<typeof hrefOf>[0]) => hrefOf(target, basePath, here);
  return (
    <div className="header-utilities">
      {children}
      <Link to={href(search)} className="header-button header-search">
        <Icon name="search" />
        <span className="visually-hidden">{t("search")}</span>
      </Link>
      {liveNow ? (
        <Link to={href(liveNow.target)} className="header-button header-live">
          <span className="header-live-dot" aria-hidden="true" />
          <span className="header-label" aria-hidden={liveNow.count > 0 ? "true" : undefined}>
            {t("liveNow")}
          </span>
          {liveNow.count > 0 ? (
            <span className="visually-hidden">
              {t("liveNowWithCount", { count: liveNow.count })}
            </span>
          ) : null}
          {liveNow.count > 0 ? (
            <span className="header-count" aria-hidden="true">
              {liveNow.count}
            </span>
          ) : null}
        </Link>
      ) : null}
      {account?.kind === "link" ? (
        <Link to={href(account.target)} className="header-button header-account">
          <Icon name="account" />
          <span className="visually-hidden">{t("myAccount")}</span>
        </Link>
      ) : null}
      {account?.kind === "switcher" ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="header-button header-account">
            <Icon name="account" />
            <span className="visually-hidden">
              {t(account.profiles ? "accountMenu" : "accountMenuWithoutProfiles")}
            </span>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="header-dropdown" align="end" sideOffset={6}>
              {account.account ? (
                <DropdownMenu.Item asChild>
                  <Link to={href(account.account)} className="header-dropdown-item">
                    {t("myAccount")}
                  </Link>
                </DropdownMenu.Item>
              ) : null}
              {account.preferences ? (
                <DropdownMenu.Item asChild>
                  <Link to={href(account.preferences)} className="header-dropdown-item">
                    {t("preferences")}
                  </Link>
                </DropdownMenu.Item>
              ) : null}
              {account.history ? (
                <DropdownMenu.Item asChild>
                  <Link to={href(account.history)} className="header-dropdown-item">
                    {t("historyMenuItem")}
                  </Link>
                </DropdownMenu.Item>
              ) : null}
              {account.profiles ? (
                <DropdownMenu.Item asChild>
                  <Link to={href(account.profiles)} className="header-dropdown-item">
                    {t("switchProfile")}
                  </Link>
                </DropdownMenu.Item>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
      {signIn ? (
        <Link to={href(signIn)} className="button button-secondary header-sign-in">
          {t("signIn")}
        </Link>
      ) : null}
      {signUp ? (
        <Link to={href(signUp)} className="button header-sign-up">
          {t("signUp")}
        </Link>
      ) : null}
    </div>
  );
}
