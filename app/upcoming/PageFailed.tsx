import { useT } from "../i18n/i18n.ts";

/** An events page the platform could not fill: what failed (a label key) and a retry link. */
export function PageFailed({ message, retry }: { message: string; retry: string }) {
  const t = useT();
  return (
    <div className="upcoming-message" role="alert">
      <p>{t(message)}</p>
      <a className="button" href={retry}>
        {t("retry")}
      </a>
    </div>
  );
}
