import { useId } from "react";
import { useT } from "../../app/i18n/i18n.ts";
import { cardTitle } from "../../app/ui/Card.tsx";
import { useViewerTimeZone } from "../../app/ui/client-state.tsx";
import { dateTimeFormat } from "../../app/ui/intl.ts";
import type { BlockOf } from "../types.ts";
import type { Card } from "../../contract/generated/card.ts";
import { useBlockRender } from "../../app/ui/render-context.tsx";
import { eventStatus, groupByDay, type EventStatus } from "./window.ts";

/** The block's config as rendered: its texts already in the viewer's language. */
type ScheduleBlock = BlockOf<"schedule">;

export interface ScheduleData {
  events: Card[];
  /** When the data was resolved: statuses are relative to it on both render passes. */
  now: string;
}

const STATUS_LABEL = { live: "liveNow", upcoming: "upcoming", replay: "replay" } as const;

export function Schedule({ config, data }: { config: ScheduleBlock; data: ScheduleData }) {
  const t = useT();
  const render = useBlockRender();
  const headingId = useId();
  const timeZone = useViewerTimeZone();
  const now = new Date(data.now);
  const dayLabel = dateTimeFormat(render.locale, {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
  });
  const timeLabel = dateTimeFormat(render.locale, { timeZone, timeStyle: "short" });
  const groups = groupByDay(data.events, timeZone);
  return (
    <section className="block-schedule" aria-labelledby={headingId}>
      <div className="block-header">
        <h2 id={headingId}>{config.title || t("schedule")}</h2>
      </div>
      {groups.length === 0 ? <p className="schedule-empty">{t("noEventsScheduled")}</p> : null}
      {groups.map((group) => (
        <div key={group.day} className="schedule-day">
          <h3>
            {/* Noon keeps the label on the same calendar day in every zone. */}
            <time dateTime={group.day}>{dayLabel.format(new Date(`${group.day}T12:00:00Z`))}</time>
          </h3>
          <ul className="schedule-list">
            {group.events.map((event) => {
              const status: EventStatus = eventStatus(event, now);
              return (
                <li key={`${event.type}-${event.id}`} className="schedule-item">
                  <time className="schedule-time" dateTime={event.startDate}>
                    {timeLabel.format(new Date(event.startDate!))}
                  </time>
                  <a className="schedule-title" href={render.hrefFor(event)}>
                    {cardTitle(event)}
                  </a>
                  <span className={`schedule-status status-${status}`}>
                    {t(STATUS_LABEL[status])}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
