import { Link, useLoaderData } from "@remix-run/react";
import { useId, useState } from "react";
import { groupByDay } from "../../blocks/schedule/window.ts";
import { useT } from "../i18n/i18n.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { cardTitle } from "../ui/Card.tsx";
import { useViewerTimeZone } from "../ui/client-state.tsx";
import { dateTimeFormat } from "../ui/intl.ts";
import { PageFailed } from "./PageFailed.tsx";
import type { upcomingLoader } from "./upcoming.server.ts";
import type { UpcomingEntry, UpcomingView } from "./view.ts";

/** `/upcoming`: the realm's upcoming events by day, each to add to a calendar, and the feed. */
export function UpcomingScreen() {
  const t = useT();
  const view = useLoaderData<typeof upcomingLoader>() as UpcomingView;
  return (
    <div className="layout upcoming-page">
      <h1 className="page-title">{t("upcomingTitle")}</h1>
      {view.state === "failed" ? (
        <PageFailed message="upcomingFailed" retry={view.retry} />
      ) : (
        <>
          <p className="upcoming-intro">{t("upcomingIntro")}</p>
          {view.events.length === 0 ? (
            <div className="upcoming-message">
              <p>{t("upcomingEmpty")}</p>
              <Link className="button" to={view.home}>
                {t("historyBrowse")}
              </Link>
            </div>
          ) : (
            <UpcomingDays events={view.events} />
          )}
          <CalendarFeed feed={view.feed} />
        </>
      )}
    </div>
  );
}

/** The events grouped by their day in the viewer's time zone, as the schedule section does. */
function UpcomingDays({ events }: { events: UpcomingEntry[] }) {
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  const timeZone = useViewerTimeZone();
  const dayLabel = dateTimeFormat(locale, {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
  });
  const timeLabel = dateTimeFormat(locale, { timeZone, timeStyle: "short" });
  const byId = new Map(events.map((entry) => [entry.card.id, entry]));
  const groups = groupByDay(
    events.map((entry) => entry.card),
    timeZone,
  );
  return (
    <div className="upcoming-days">
      {groups.map((group) => (
        <section key={group.day} className="schedule-day" aria-labelledby={`day-${group.day}`}>
          <h2 id={`day-${group.day}`}>
            {/* Noon keeps the label on the same calendar day in every zone. */}
            <time dateTime={group.day}>{dayLabel.format(new Date(`${group.day}T12:00:00Z`))}</time>
          </h2>
          <ul className="schedule-list">
            {group.events.map((card) => {
              const entry = byId.get(card.id)!;
              const title = cardTitle(card);
              return (
                <li key={card.id} className="schedule-item upcoming-item">
                  <time className="schedule-time" dateTime={card.startDate}>
                    {timeLabel.format(new Date(card.startDate!))}
                  </time>
                  <Link className="schedule-title" to={entry.href}>
                    {title}
                  </Link>
                  <a
                    className="upcoming-add"
                    href={entry.calendarHref}
                    download
                    // The visible words first, then which event: each link says what it adds.
                    aria-label={`${t("addToCalendar")}: ${title}`}
                  >
                    {t("addToCalendar")}
                  </a>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The realm's feed: subscribe (webcal), download, or copy its address into a calendar app. */
function CalendarFeed({ feed }: { feed: { href: string; url: string; webcal: string } }) {
  const t = useT();
  const headingId = useId();
  const inputId = useId();
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const copy = () => {
    navigator.clipboard
      .writeText(feed.url)
      .then(() => setCopied("copied"))
      .catch(() => setCopied("failed"));
  };
  return (
    <section className="upcoming-feed" aria-labelledby={headingId}>
      <h2 id={headingId}>{t("calendarFeedTitle")}</h2>
      <p>{t("calendarFeedIntro")}</p>
      <div className="upcoming-feed-address">
        <label htmlFor={inputId}>{t("calendarFeedAddress")}</label>
        <input
          id={inputId}
          type="url"
          readOnly
          value={feed.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button" onClick={copy}>
          {t("calendarFeedCopy")}
        </button>
      </div>
      <p role="status" className="upcoming-feed-status">
        {copied === "copied"
          ? t("calendarFeedCopied")
          : copied === "failed"
            ? t("calendarFeedCopyFailed")
            : ""}
      </p>
      <div className="upcoming-feed-links">
        <a className="button" href={feed.webcal}>
          {t("calendarFeedSubscribe")}
        </a>
        <a className="upcoming-download" href={feed.href} download>
          {t("calendarFeedDownload")}
        </a>
      </div>
    </section>
  );
}
