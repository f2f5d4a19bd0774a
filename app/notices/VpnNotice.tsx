import { useTranslation } from "react-i18next";
import { routeHref } from "../realm/routes.ts";
import { StatusPage } from "../ui/StatusPage.tsx";

/** Spec sections 4 and 8: the viewer is on a VPN the realm does not allow. */
export function VpnNotice({ basePath, canLogOut }: { basePath: string; canLogOut: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="vpn-notice" role="alert">
      <p>{t("vpnErrorMessage")}</p>
      {canLogOut ? (
        // A form post: a link on another site must not be able to sign the viewer out.
        <form method="post" action={routeHref(basePath, { name: "logout" })}>
          <button type="submit" className="button">
            {t("logOut")}
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** In place of the page when the platform says the viewer's VPN is blocked. */
export function VpnBlocked() {
  const { t } = useTranslation();
  return <StatusPage inline title={t("vpnBlockedTitle")} text={t("vpnBlockedText")} />;
}
