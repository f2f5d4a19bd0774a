import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "../../i18n/i18n.ts";
import type { logoutLoader } from "../logout.server.ts";
import { AuthPage } from "./RecoveryScreens.tsx";

/**
 * Asks before signing out. A plain form: it works without scripts, and the page after it loads
 * in full, so nothing of the signed-in viewer stays in memory.
 */
export function LogoutScreen() {
  const t = useT();
  const page = useLoaderData<typeof logoutLoader>();
  return (
    <AuthPage title={t("logOutTitle")}>
      <p>{t("logOutText")}</p>
      <form method="post" action={page.action} className="auth-actions">
        <button type="submit" className="button button-primary">
          {t("logOut")}
        </button>
        <Link className="button" to={page.home}>
          {t("stayLoggedIn")}
        </Link>
      </form>
    </AuthPage>
  );
}
