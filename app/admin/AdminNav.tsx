import { Form, NavLink } from "@remix-run/react";
import { useId } from "react";
import type { LabelKey } from "../../contract/labels.ts";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { useRootData } from "../realm/use-root-data.ts";

/** The admin pages' own navigation: users, outgoing email, orders, browser errors, content and analytics. */
export function AdminNav() {
  const t = useT();
  const basePath = useRootData()?.basePath ?? "";
  return (
    <nav className="admin-nav" aria-label={t("administration")}>
      <NavLink to={routeHref(basePath, { name: "adminUsers" })} end>
        {t("adminUsersTitle")}
      </NavLink>
      <NavLink to={routeHref(basePath, { name: "adminOutbox" })} end>
        {t("adminOutboxTitle")}
      </NavLink>
      <NavLink to={routeHref(basePath, { name: "adminOrders" })} end>
        {t("adminOrdersTitle")}
      </NavLink>
      <NavLink to={routeHref(basePath, { name: "adminErrors" })} end>
        {t("adminErrorsTitle")}
      </NavLink>
      <NavLink to={routeHref(basePath, { name: "workbench" })} end>
        {t("workbenchTitle")}
      </NavLink>
      <NavLink to={routeHref(basePath, { name: "workbenchAudit" })} end>
        {t("workbenchAuditTitle")}
      </NavLink>
      <NavLink to={routeHref(basePath, { name: "adminAnalytics" })} end>
        {t("adminAnalyticsTitle")}
      </NavLink>
    </nav>
  );
}

/** Previous and next links of a paged list, keeping the rest of the query. */
export function Pager({
  page,
  totalPages,
  query = {},
}: {
  page: number;
  totalPages: number;
  query?: Record<string, string>;
}) {
  const t = useT();
  if (totalPages <= 1) return null;
  const href = (p: number) => `?${new URLSearchParams({ ...query, p: String(p) })}`;
  return (
    <nav className="admin-pager" aria-label={t("pages")}>
      {page > 1 ? <a href={href(page - 1)}>{t("previousPage")}</a> : null}
      <span>{t("pageOf", { page, total: totalPages })}</span>
      {page < totalPages ? <a href={href(page + 1)}>{t("nextPage")}</a> : null}
    </nav>
  );
}

/** An admin list's search: one field `q`, sent as a GET so the result has its own URL. */
export function AdminSearch({ label, q }: { label: LabelKey; q: string }) {
  const t = useT();
  const id = useId();
  return (
    <Form method="get" role="search" className="admin-search">
      <label htmlFor={id}>{t(label)}</label>
      <input id={id} name="q" type="search" defaultValue={q} />
      <button type="submit" className="button">
        {t("search")}
      </button>
    </Form>
  );
}
