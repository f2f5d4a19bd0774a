import { Link, useLoaderData } from "@remix-run/react";
import type { ContentAuditLog } from "../../contract/generated/content-history.ts";
import { AdminNav, Pager } from "../admin/AdminNav.tsx";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { LocalTime } from "../ui/LocalTime.tsx";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** `/admin/audit`: every publish and restore of the realm's documents, newest first. */
export function WorkbenchAuditScreen() {
  const t = useT();
  const { log } = useLoaderData<{ log: ContentAuditLog }>();
  const root = useRootData();
  const basePath = root?.basePath ?? "";
  const locale = root?.locale ?? "en";
  return (
    <section className="admin-page workbench" aria-labelledby="workbench-audit-title">
      <h1 id="workbench-audit-title">{t("workbenchAuditTitle")}</h1>
      <AdminNav />
      {log.entries.length === 0 ? (
        <p>{t("workbenchAuditEmpty")}</p>
      ) : (
        <table className="admin-table workbench-audit">
          <thead>
            <tr>
              <th scope="col">{t("workbenchAuditWhen")}</th>
              <th scope="col">{t("workbenchAuditWho")}</th>
              <th scope="col">{t("workbenchAuditWhat")}</th>
              <th scope="col">{t("workbenchAuditNote")}</th>
            </tr>
          </thead>
          <tbody>
            {log.entries.map((entry) => {
              const name = `${entry.target}${entry.key ? ` ${entry.key}` : ""}`;
              return (
                <tr key={`${entry.target}:${entry.key}:${entry.version}`}>
                  <td>
                    <LocalTime iso={entry.at} locale={locale} options={WHEN} />
                  </td>
                  <td>{entry.by ?? t("workbenchBySeed")}</td>
                  <td>
                    <Link
                      to={routeHref(basePath, {
                        name: "workbenchEditor",
                        params: { target: entry.target, "*": entry.key ?? "" },
                      })}
                    >
                      {entry.action === "restore"
                        ? t("workbenchAuditRestore", {
                            name,
                            from: entry.restoredFrom ?? 0,
                            version: entry.version,
                          })
                        : t("workbenchAuditPublish", { name, version: entry.version })}
                    </Link>
                  </td>
                  <td>{entry.note ?? ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <Pager page={log.page} totalPages={log.totalPages} />
    </section>
  );
}
