import { useT } from "../i18n/i18n.ts";

export function LiveBadge() {
  const t = useT();
  return <span className="badge badge-live">{t("live")}</span>;
}
