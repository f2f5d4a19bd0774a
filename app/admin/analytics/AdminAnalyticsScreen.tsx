import { useLoaderData } from "@remix-run/react";
import type { LabelKey } from "../../../contract/labels.ts";
import { useT } from "../../i18n/i18n.ts";
import { routeHref } from "../../realm/routes.ts";
import { useRootData } from "../../realm/use-root-data.ts";
import { AdminNav } from "../AdminNav.tsx";
import type { adminAnalyticsLoader } from "./analytics.server.ts";
import { Bar, DayColumns } from "./charts.tsx";

/** A table of named counts, each with its bar: top lists, errors, funnels. */
function CountTable({
  id,
  title,
  nameHeader,
  rows,
}: {
  id: string;
  title: LabelKey;
  nameHeader: LabelKey;
  rows: { name: string; count: number }[];
}) {
  const t = useT();
  const most = Math.max(0, ...rows.map((row) => row.count));
  return (
    <section className="analytics-panel" aria-labelledby={id}>
      <h2 id={id}>{t(title)}</h2>
      {rows.length === 0 ? (
        <p>{t("analyticsNothing")}</p>
      ) : (
        <table className="admin-table analytics-table">
          <thead>
            <tr>
              <th scope="col">{t(nameHeader)}</th>
              <th scope="col">{t("analyticsCount")}</th>
              <th scope="col">
                <span className="visually-hidden">
                  {t("analyticsChartOf", { title: t(title) })}
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.name}>
                <th scope="row">{row.name}</th>
                <td>{row.count}</td>
                <td>
                  <Bar value={row.count} most={most} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** `/admin/analytics`: the realm's figures for a date range, drawn on the server. */
export function AdminAnalyticsScreen() {
  const t = useT();
  const { summary, rangeInvalid } = useLoaderData<typeof adminAnalyticsLoader>();
  const basePath = useRootData()?.basePath ?? "";
  const range = `?${new URLSearchParams({ from: summary.from, to: summary.to })}`;
  const perDayTitle = t("analyticsPlaysPerDay");
  return (
    <section className="admin-page" aria-labelledby="admin-analytics-title">
      <h1 id="admin-analytics-title">{t("adminAnalyticsTitle")}</h1>
      <AdminNav />
      <form method="get" className="admin-search analytics-range" aria-label={t("analyticsRange")}>
        <label>
          {t("analyticsFrom")}{" "}
          <input type="date" name="from" defaultValue={summary.from} required />
        </label>
        <label>
          {t("analyticsTo")} <input type="date" name="to" defaultValue={summary.to} required />
        </label>
        <button type="submit">{t("analyticsShow")}</button>
        <a href={`${routeHref(basePath, { name: "adminAnalyticsCsv" })}${range}`} download>
          {t("analyticsExportCsv")}
        </a>
      </form>
      {rangeInvalid ? <p role="alert">{t("analyticsRangeInvalid")}</p> : null}
      <section className="analytics-panel" aria-labelledby="analytics-per-day">
        <h2 id="analytics-per-day">{perDayTitle}</h2>
        <DayColumns label={t("analyticsChartOf", { title: perDayTitle })} days={summary.days} />
        <p className="analytics-legend">
          <span className="analytics-key analytics-plays-key" aria-hidden="true" />
          {t("analyticsPlays")}
          <span className="analytics-key analytics-viewers-key" aria-hidden="true" />
          {t("analyticsViewers")}
        </p>
        <table className="admin-table analytics-table" id="analytics-days">
          <thead>
            <tr>
              <th scope="col">{t("analyticsDay")}</th>
              <th scope="col">{t("analyticsPlays")}</th>
              <th scope="col">{t("analyticsViewers")}</th>
            </tr>
          </thead>
          <tbody>
            {summary.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.plays}</td>
                <td>{d.viewers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="analytics-panel" aria-labelledby="analytics-watch">
        <h2 id="analytics-watch">{t("analyticsAverageWatch")}</h2>
        <p className="analytics-figure">
          {t("analyticsWatchSeconds", { seconds: summary.averageWatchSeconds })}
        </p>
      </section>
      <CountTable
        id="analytics-top-videos"
        title="analyticsTopVideos"
        nameHeader="analyticsItem"
        rows={summary.topVideos.map((v) => ({ name: v.route, count: v.plays }))}
      />
      <CountTable
        id="analytics-top-events"
        title="analyticsTopEvents"
        nameHeader="analyticsEventName"
        rows={summary.topEvents}
      />
      <CountTable
        id="analytics-errors"
        title="analyticsErrorsByType"
        nameHeader="analyticsErrorType"
        rows={summary.errorsByType.map((e) => ({ name: e.type, count: e.count }))}
      />
      <CountTable
        id="analytics-sign-up"
        title="analyticsSignUpFunnel"
        nameHeader="analyticsStep"
        rows={summary.signUpFunnel.map((s) => ({ name: s.step, count: s.count }))}
      />
      <CountTable
        id="analytics-purchase"
        title="analyticsPurchaseFunnel"
        nameHeader="analyticsStep"
        rows={summary.purchaseFunnel.map((s) => ({ name: s.step, count: s.count }))}
      />
    </section>
  );
}
