import { useT } from "../i18n/i18n.ts";
import { MAIN_ID } from "./SkipLink.tsx";

/**
 * Full-page message used for not-found, connection and generic errors. `inline` renders it
 * inside a page that already has its main landmark (the realm frame).
 */
export function StatusPage({
  title,
  text,
  action,
  inline = false,
}: {
  title: string;
  text: string;
  action?: { href: string; label: string };
  inline?: boolean;
}) {
  const content = (
    <>
      <h1>{title}</h1>
      <p>{text}</p>
      {action ? (
        <a className="button" href={action.href}>
          {action.label}
        </a>
      ) : null}
    </>
  );
  return inline ? (
    <div className="status-page">{content}</div>
  ) : (
    <main className="status-page" id={MAIN_ID} tabIndex={-1}>
      {content}
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

/** A part of the app that would not load, even after retries: reloading the page may bring it. */
export function ChunkLoadFailed() {
  const t = useT();
  return (
    <StatusPage
      title={t("chunkLoadFailed")}
      text={t("chunkLoadFailedText")}
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

/** The not-found message inside a realm page, above the realm's own not-found blocks. */
export function NotFoundMessage({ home }: { home: string }) {
  const t = useT();
  return (
    <StatusPage
      inline
      title={t("pageNotFound")}
      text={t("pageNotFoundText")}
      action={{ href: home, label: t("backToHome") }}
    />
  );
}

export function Forbidden() {
  const t = useT();
  return (
    <StatusPage
      title={t("accessDenied")}
      text={t("accessDeniedText")}
      action={{ href: "/", label: t("backToHome") }}
    />
  );
}

/** A request the app could not read (a broken form post, say): the sender's to fix. */
export function BadRequest() {
  const t = useT();
  return (
    <StatusPage
      title={t("badRequest")}
      text={t("badRequestText")}
      action={{ href: "/", label: t("backToHome") }}
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
