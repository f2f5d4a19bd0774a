import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import type { Card } from "../../contract/generated/card.ts";
import { useT } from "../i18n/i18n.ts";
import { fetchLiveNow, type LiveNowAnswer } from "../live-now/live-now.ts";
import { LiveNowListing } from "../live-now/LiveNowListing.tsx";
import { documentVisibility, LIVE_REFRESH_MS, startPolling } from "../live-now/refresh.ts";
import { routeHref } from "../realm/routes.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { cardTitle } from "../ui/Card.tsx";
import { LocalTime, formatDate } from "../ui/LocalTime.tsx";
import { useViewerTimeZone } from "../ui/client-state.tsx";
import { PageFailed } from "../upcoming/PageFailed.tsx";
import type { liveEventsLoader } from "./live-events.server.ts";
import type { LiveEventsView } from "./view.ts";

const STARTS: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
};

/** `/live-events`: what is live now, refreshed while the page is open, and what is next. */
export function LiveEventsScreen() {
  const t = useT();
  const view = useLoaderData<typeof liveEventsLoader>() as LiveEventsView;
  return (
    <div className="layout live-events-page">
      <h1 className="page-title">{t("liveEventsTitle")}</h1>
      {view.state === "failed" ? (
        <PageFailed message="liveNowFailed" retry={view.retry} />
      ) : (
        // A new answer from the server (a reload) starts over from what it read.
        <LiveEvents key={view.readAt} view={view} />
      )}
    </div>
  );
}

function LiveEvents({ view }: { view: Extract<LiveEventsView, { state: "ready" }> }) {
  const t = useT();
  const root = useRootData();
  const basePath = root?.basePath ?? "";
  const locale = root?.locale ?? "en";
  const timeZone = useViewerTimeZone();
  const liveHeading = useId();
  const nextHeading = useId();
  const [answer, setAnswer] = useState<LiveNowAnswer>(view.live);
  const [readAt, setReadAt] = useState(view.readAt);
  const [stale, setStale] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const stop = startPolling({
      intervalMs: LIVE_REFRESH_MS,
      visibility: documentVisibility,
      tick: () =>
        fetchLiveNow(routeHref(basePath, { name: "liveNow" }), controller.signal).then(
          (fresh) => {
            setAnswer(fresh);
            setReadAt(new Date().toISOString());
            setStale(false);
          },
          () => {
            if (!controller.signal.aborted) setStale(true);
          },
        ),
    });
    return () => {
      stop();
      controller.abort();
    };
  }, [basePath]);

  const liveIds = new Set(answer.events.map((event) => event.id));
  // An event of the first read that has started since is in the live list, not here.
  const next = view.next.filter((event) => !liveIds.has(event.id));
  return (
    <>
      <section aria-labelledby={liveHeading}>
        <h2 id={liveHeading}>{t("liveEventsLiveHeading")}</h2>
        {answer.events.length > 0 ? (
          // The listing's status line says the count to screen readers as it changes.
          <p className="live-events-count" aria-hidden="true">
            {t("liveEventCount", { count: answer.totalHits })}
          </p>
        ) : null}
        <p className="live-events-note">{t("liveEventsRefreshes")}</p>
        {stale ? (
          <p className="live-events-note" role="status">
            {t("liveEventsStale", {
              time: formatDate(readAt, locale, { timeZone, timeStyle: "short" }),
            })}
          </p>
        ) : null}
        <LiveNowListing
          listing={{ status: "ready", answer }}
          basePath={basePath}
          locale={locale}
          titleScale={root?.shell?.theme.cardTitleFontScale ?? 1}
          onRetry={() => undefined}
        />
      </section>
      <section aria-labelledby={nextHeading}>
        <h2 id={nextHeading}>{t("liveEventsNext")}</h2>
        <NextEvents events={next} basePath={basePath} locale={locale} />
        {view.upcoming ? (
          <p>
            <Link to={view.upcoming}>{t("liveEventsSeeUpcoming")}</Link>
          </p>
        ) : null}
      </section>
    </>
  );
}

function NextEvents({
  events,
  basePath,
  locale,
}: {
  events: Card[];
  basePath: string;
  locale: string;
}) {
  const t = useT();
  if (events.length === 0) return <p>{t("liveEventsNoNext")}</p>;
  return (
    <ul className="schedule-list live-events-next">
      {events.map((event) => (
        <li key={event.id} className="schedule-item">
          <LocalTime
            className="schedule-time"
            iso={event.startDate!}
            locale={locale}
            options={STARTS}
          />
          <Link
            className="schedule-title"
            to={routeHref(basePath, { name: "live", params: { id: String(event.id) } })}
          >
            {cardTitle(event)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
