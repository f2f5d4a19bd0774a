import { useId } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceForm, useNoticeChoice } from "./choice-form.tsx";

/**
 * Until the visitor agrees to the realm's cookie policy (spec sections 2 and 4): slides in
 * over 500 ms (not at all with reduced motion), and never comes back once agreed.
 */
export function CookieBanner({
  basePath,
  policyUrl,
}: {
  basePath: string;
  policyUrl: string | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { chosen, onSubmit } = useNoticeChoice(basePath, "agree-cookies");
  if (chosen) return null;
  return (
    <section className="cookie-banner" aria-labelledby={titleId}>
      <div className="cookie-banner-text">
        <h2 id={titleId}>{t("cookieBannerTitle")}</h2>
        <p>
          {t("cookieBannerText")}{" "}
          {policyUrl ? <a href={policyUrl}>{t("cookieBannerPolicy")}</a> : null}
        </p>
      </div>
      <ChoiceForm basePath={basePath} intent="agree-cookies" onSubmit={onSubmit}>
        <button type="submit" className="button">
          {t("cookieBannerAgree")}
        </button>
      </ChoiceForm>
    </section>
  );
}
