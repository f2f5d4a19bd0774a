import { useTranslation } from "react-i18next";
import { Icon } from "../ui/Icon.tsx";
import { ChoiceForm, useNoticeChoice } from "./choice-form.tsx";
import { logoAtWidth } from "../ui/image.tsx";

/** The realm's Android app, offered to Android visitors until they dismiss it (spec section 2). */
export function SmartBanner({
  basePath,
  appName,
  logoUrl,
  storeUrl,
}: {
  basePath: string;
  appName: string;
  logoUrl: string | null;
  storeUrl: string;
}) {
  const { t } = useTranslation();
  const { chosen, onSubmit } = useNoticeChoice(basePath, "dismiss-smart-banner");
  if (chosen) return null;
  return (
    <section className="smart-banner" aria-label={t("smartBannerLabel")}>
      <ChoiceForm basePath={basePath} intent="dismiss-smart-banner" onSubmit={onSubmit}>
        <button type="submit" className="icon-button" aria-label={t("smartBannerDismiss")}>
          <Icon name="close" />
        </button>
      </ChoiceForm>
      {logoUrl ? (
        <img
          className="smart-banner-logo"
          src={logoAtWidth(logoUrl, 150)}
          alt=""
          width={96}
          height={26}
        />
      ) : null}
      <p className="smart-banner-text">
        <strong>{appName}</strong>
        <span>{t("smartBannerText")}</span>
      </p>
      <a className="button" href={storeUrl}>
        {t("smartBannerOpen")}
        <span className="visually-hidden"> {t("smartBannerOpenWhere")}</span>
      </a>
    </section>
  );
}
