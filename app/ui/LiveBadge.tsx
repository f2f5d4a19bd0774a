import { useTranslation } from "react-i18next";

export function LiveBadge() {
  const { t } = useTranslation();
  return <span className="badge badge-live">{t("live")}</span>;
}
