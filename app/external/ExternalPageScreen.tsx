import { useLoaderData } from "@remix-run/react";
import { useLayoutEffect } from "react";
import { useT } from "../i18n/i18n.ts";
import type { ExternalPageView } from "./external-page.server.ts";

/**
 * The document's policy frames only the origin its own page named: reached by a link inside the
 * app, this page lives in another page's document, whose policy blocks the frame. The page is
 * then loaded as a document of its own, once (a document loaded for this very page never is).
 */
function useOwnDocumentForFrame(origin: string | null) {
  useLayoutEffect(() => {
    if (!origin) return;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (!event.effectiveDirective.startsWith("frame-src")) return;
      if (!event.blockedURI.startsWith(origin)) return;
      const loaded = performance.getEntriesByType("navigation")[0]?.name;
      if (loaded && new URL(loaded).pathname === window.location.pathname) return;
      window.location.reload();
    };
    document.addEventListener("securitypolicyviolation", onViolation);
    return () => document.removeEventListener("securitypolicyviolation", onViolation);
  }, [origin]);
}

/** `/external/{name}`: another site's page, framed in the realm's page or linked from it. */
export function ExternalPageScreen() {
  const t = useT();
  const view = useLoaderData<ExternalPageView>();
  const framed = view.display === "FRAME";
  const otherSite = view.url.startsWith("https://");
  useOwnDocumentForFrame(framed && otherSite ? new URL(view.url).origin : null);
  return (
    <div className={`external-page external-page--${framed ? "frame" : "link"}`}>
      <header className="external-page__header">
        <h1>{view.title}</h1>
        {view.description ? <p>{view.description}</p> : null}
        <p>
          <a
            className={framed ? undefined : "button"}
            href={view.url}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t(framed ? "externalPageOpenNewTab" : "externalPageOpen", { title: view.title })}
            <span className="visually-hidden"> {t("opensInNewTab")}</span>
          </a>
        </p>
      </header>
      {framed ? (
        <iframe
          className="external-page__frame"
          src={view.url}
          title={view.title}
          // Another site keeps its own origin (its sign-in, its storage); a page of this site gets
          // none, so that its scripts could never act as the realm's pages.
          sandbox={`allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox${otherSite ? " allow-same-origin" : ""}`}
          referrerPolicy="no-referrer"
        />
      ) : null}
    </div>
  );
}
