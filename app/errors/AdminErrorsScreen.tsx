import { Form, useLoaderData } from "@remix-run/react";
import { AdminNav } from "../admin/AdminNav.tsx";
import { useT } from "../i18n/i18n.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { LocalTime } from "../ui/LocalTime.tsx";
import type { adminErrorsLoader } from "./client-errors.server.ts";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** `/admin/errors`: browser errors grouped by message and release, most frequent first. */
export function AdminErrorsScreen() {
  const t = useT();
  const { errors, range, problem } = useLoaderData<typeof adminErrorsLoader>();
  const locale = useRootData()?.locale ?? "en";
  return (
    <section className="admin-page" aria-labelledby="admin-errors-title">
      <h1 id="admin-errors-title">{t("adminErrorsTitle")}</h1>
      <AdminNav />
      <Form method="get" className="admin-range">
        <label>
          {t("rangeFrom")}
          <input type="date" name="from" defaultValue={range.from} />
        </label>
        <label>
          {t("rangeTo")}
          <input type="date" name="to" defaultValue={range.to} />
        </label>
        <button type="submit" className="button">
          {t("showRange")}
        </button>
      </Form>
      {problem ? <p role="alert">{t("adminErrorsBadRange")}</p> : null}
      <p>
        {t("adminErrorsRange", {
          from: new Date(errors.from).toLocaleDateString(locale),
          to: new Date(errors.to).toLocaleDateString(locale),
        })}
      </p>
      {errors.groups.length === 0 ? (
        <p>{t("adminErrorsEmpty")}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">{t("adminErrorsTitle")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("errorMessage")}</th>
              <th scope="col">{t("errorRelease")}</th>
              <th scope="col">{t("errorCount")}</th>
              <th scope="col">{t("errorLastSeen")}</th>
            </tr>
          </thead>
          <tbody>
            {errors.groups.map((group) => (
              <tr key={`${group.release} ${group.name} ${group.message}`}>
                <th scope="row">
                  <strong>{group.name}</strong>: {group.message}
                  <details>
                    <summary>{t("errorDetails")}</summary>
                    <dl>
                      <dt>{t("errorKinds")}</dt>
                      <dd>{group.kinds.join(", ")}</dd>
                      <dt>{t("errorPage")}</dt>
                      <dd>{group.path}</dd>
                      <dt>{t("errorFirstSeen")}</dt>
                      <dd>
                        <LocalTime iso={group.firstSeen} locale={locale} options={WHEN} />
                      </dd>
                    </dl>
                    {group.stack ? <pre className="admin-mail-body">{group.stack}</pre> : null}
                  </details>
                </th>
                <td>{group.release}</td>
                <td>{group.count}</td>
                <td>
                  <LocalTime iso={group.lastSeen} locale={locale} options={WHEN} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
