import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ADMIN_TARGETS } from "../../schemas/document-kinds.ts";
import { useT } from "../i18n/i18n.ts";
import { FormMessage } from "../identity/ui/fields.tsx";
import { AdminNav } from "../admin/AdminNav.tsx";
import { routeHref } from "../realm/routes.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { LocalTime } from "../ui/LocalTime.tsx";
import type { DocumentStatus } from "./documents.ts";
import type { workbenchListAction, workbenchListLoader } from "./workbench.server.ts";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/** `/admin/content`: every config document of the realm, its status, and new ones. */
export function WorkbenchListScreen() {
  const t = useT();
  const { filter, total, documents } = useLoaderData<typeof workbenchListLoader>();
  const outcome = useActionData<typeof workbenchListAction>();
  const basePath = useRootData()?.basePath ?? "";
  const templates = documents.filter((d) => d.target === "page" || d.target === "section");
  return (
    <section className="admin-page workbench" aria-labelledby="workbench-title">
      <h1 id="workbench-title">{t("workbenchTitle")}</h1>
      <AdminNav />
      <Form method="get" role="search" className="admin-search" aria-label={t("workbenchFilter")}>
        <label htmlFor="workbench-q">{t("workbenchSearch")}</label>
        <input id="workbench-q" name="q" type="search" defaultValue={filter.q} />
        <label htmlFor="workbench-target">{t("workbenchKind")}</label>
        <select id="workbench-target" name="target" defaultValue={filter.target}>
          <option value="">{t("workbenchAnyKind")}</option>
          {ADMIN_TARGETS.map((target) => (
            <option key={target} value={target}>
              {target}
            </option>
          ))}
        </select>
        <label htmlFor="workbench-state">{t("workbenchState")}</label>
        <select id="workbench-state" name="state" defaultValue={filter.state}>
          <option value="">{t("workbenchStateAny")}</option>
          <option value="draft">{t("workbenchStateDraft")}</option>
          <option value="published">{t("workbenchStatePublished")}</option>
          <option value="unpublished">{t("workbenchStateUnpublished")}</option>
        </select>
        <button type="submit" className="button">
          {t("workbenchFilter")}
        </button>
      </Form>
      <p role="status">{t("workbenchShowing", { count: documents.length, total })}</p>
      <table className="admin-table workbench-documents">
        <thead>
          <tr>
            <th scope="col">{t("workbenchDocument")}</th>
            <th scope="col">{t("workbenchPublished")}</th>
            <th scope="col">{t("workbenchDraft")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("workbenchActions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((doc) => (
            <DocumentRow key={`${doc.target}/${doc.key ?? ""}`} doc={doc} basePath={basePath} />
          ))}
        </tbody>
      </table>
      <section aria-labelledby="workbench-new-title" className="workbench-new">
        <h2 id="workbench-new-title">{t("workbenchNew")}</h2>
        <FormMessage label={outcome && "error" in outcome ? outcome.error : null} />
        <Form method="post" className="workbench-new-form">
          <label htmlFor="workbench-new-target">{t("workbenchKind")}</label>
          <select id="workbench-new-target" name="target" defaultValue="page">
            <option value="page">page</option>
            <option value="section">section</option>
          </select>
          <label htmlFor="workbench-new-key">{t("workbenchNewKey")}</label>
          <input
            id="workbench-new-key"
            name="key"
            required
            pattern="[a-z0-9][a-z0-9\-]{1,79}"
            aria-describedby="workbench-new-key-help"
            defaultValue={outcome && "key" in outcome ? outcome.key : ""}
          />
          <small id="workbench-new-key-help">{t("workbenchNewKeyHelp")}</small>
          <label htmlFor="workbench-new-title-field">{t("workbenchNewTitle")}</label>
          <input id="workbench-new-title-field" name="title" />
          <label htmlFor="workbench-new-template">{t("workbenchTemplate")}</label>
          <select id="workbench-new-template" name="template" defaultValue="">
            <option value="">{t("workbenchTemplateBlank")}</option>
            {templates.map((doc) => (
              <option key={`${doc.target}/${doc.key}`} value={`${doc.target}/${doc.key}`}>
                {doc.target} {doc.key}
              </option>
            ))}
          </select>
          <button type="submit" className="button">
            {t("workbenchCreate")}
          </button>
        </Form>
      </section>
    </section>
  );
}

function DocumentRow({ doc, basePath }: { doc: DocumentStatus; basePath: string }) {
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  const params = { target: doc.target, "*": doc.key ?? "" };
  const name = `${doc.target}${doc.key ? ` ${doc.key}` : ""}`;
  return (
    <tr>
      <th scope="row">
        <code>{name}</code>
      </th>
      <td>
        {doc.published ? (
          <>
            {t("workbenchVersion", { version: doc.published.version })} ·{" "}
            <LocalTime iso={doc.published.publishedAt} locale={locale} options={WHEN} /> ·{" "}
            {doc.published.publishedBy ?? t("workbenchBySeed")}
          </>
        ) : (
          t("workbenchStateUnpublished")
        )}
      </td>
      <td>
        {doc.draft ? (
          <>
            <strong>{t("workbenchDraftAhead")}</strong> ·{" "}
            <LocalTime iso={doc.draft.updatedAt} locale={locale} options={WHEN} /> ·{" "}
            {doc.draft.updatedBy ?? t("workbenchBySeed")}
          </>
        ) : (
          t("workbenchNoDraft")
        )}
      </td>
      <td className="workbench-actions">
        <Link
          to={routeHref(basePath, { name: "workbenchEditor", params })}
          aria-label={t("workbenchEditNamed", { name })}
        >
          {t("workbenchEdit")}
        </Link>{" "}
        <a
          href={routeHref(basePath, { name: "preview", params })}
          aria-label={t("workbenchPreviewNamed", { name })}
        >
          {t("workbenchPreview")}
        </a>
      </td>
    </tr>
  );
}
