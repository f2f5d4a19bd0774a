import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { formatDate } from "../ui/LocalTime.tsx";
import { EpgGrid } from "./EpgGrid.tsx";
import type { loadEpg } from "./epg.server.ts";

type EpgLoader = (args: LoaderFunctionArgs) => ReturnType<typeof loadEpg>;

const DAY_LABEL: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
};

/** The programme guide page: a day picker, then the channels × time grid of that day. */
export function EpgScreen() {
  const { day, days, grid, basePath } = useLoaderData<EpgLoader>();
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  const base = routeHref(basePath, { name: "epg" });
  const today = days[1]!;
  const dayHref = (d: string) => (d === today ? base : `${base}?day=${d}`);
  const label = (d: string) => {
    const date = formatDate(`${d}T00:00:00Z`, locale, DAY_LABEL);
    if (d === today) return t("epgToday", { date });
    if (d === days[0]) return t("epgYesterday", { date });
    return date;
  };
  return (
    <div className="epg-page">
      <h1>{t("epgTitle")}</h1>
      <div className="epg-toolbar">
        <nav className="epg-days" aria-label={t("epgDays")}>
          <ul>
            {days.map((d) => (
              <li key={d}>
                <Link
                  to={dayHref(d)}
                  aria-current={d === day ? "date" : undefined}
                  preventScrollReset
                >
                  {label(d)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {day !== today ? (
          <Link className="epg-now-button" to={`${base}#now`}>
            {t("epgJumpToNow")}
          </Link>
        ) : null}
      </div>
      <p className="epg-help" id="epg-help">
        {t("epgKeyboardHelp")}
      </p>
      {grid.channels.length === 0 ? (
        <p className="epg-empty">{t("epgNoChannels")}</p>
      ) : (
        <EpgGrid
          key={day}
          grid={grid}
          dayLabel={label(day)}
          basePath={basePath}
          locale={locale}
          isToday={day === today}
        />
      )}
    </div>
  );
}
