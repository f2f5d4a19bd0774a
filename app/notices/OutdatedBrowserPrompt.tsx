import { useTranslation } from "react-i18next";
import { RECOMMENDED_BROWSER_URL } from "./user-agent.ts";

/**
 * Internet Explorer cannot run this web app's scripts, so the prompt is plain server-rendered
 * HTML and styles that IE understands (spec section 2: it recommends Chrome).
 */
export function OutdatedBrowserPrompt() {
  const { t } = useTranslation();
  return (
    <section className="outdated-browser" aria-label={t("outdatedBrowserLabel")}>
      <p>
        <strong>{t("outdatedBrowserTitle")}</strong> {t("outdatedBrowserText")}{" "}
        <a href={RECOMMENDED_BROWSER_URL}>{t("outdatedBrowserAction")}</a>
      </p>
    </section>
  );
}
