import { useT } from "../i18n/i18n.ts";

/** Full-page message used for not-found, connection and generic errors. */
export function StatusPage({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: { href: string; label: string };
}) {
  return (
    <main className="status-page" id="main">
      <h1>{title}</h1>
      <p>{text}</p>
      {action ? (
        <a className="button" href={action.href}>
          {action.label}
        </a>
      ) : null}
    </main>
  );
}

export function ConnectionFailed() {
  const t = useT();
  return (
    <StatusPage
      title={t("connectionFailed")}
      text={t("pleaseRefreshThePage")}
      action={{ href: "", label: t("refresh") }}
    />
  );
}

export function NotFound({ home = "/" }: { home?: string }) {
  const t = useT();
  return (
    <StatusPage
      title={t("pageNotFound")}
      text={t("pageNotFoundText")}
      action={{ href: home, label: t("backToHome") }}
    />
  );
}

export function GenericError() {
  const t = useT();
  return (
    <StatusPage
      title={t("anErrorOccured")}
      text={t("errorOccurredPleaseTryAgain")}
      action={{ href: "/", label: t("backToHome") }}
    />
  );
}
