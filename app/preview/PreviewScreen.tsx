import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Menu } from "../../schemas/generated/menu.ts";
import type { Localized } from "../../schemas/localized-text.ts";
import type { PageIssue } from "../../schemas/page-validation.ts";
import { BlockMarkers } from "../../blocks/block-markers.ts";
import { PageScreen } from "../composer/PageScreen.tsx";
import { LocalTime } from "../ui/LocalTime.tsx";
import { NotFoundMessage } from "../ui/StatusPage.tsx";
import type { PreviewAudience, PreviewData } from "./preview.server.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { SiteHeaderView } from "../navigation/SiteHeader.tsx";

/** A draft as viewers would see it once published, under a banner and its validation report. */
export function PreviewScreen() {
  const saved = useLoaderData<PreviewData>() as unknown as PreviewData;
  // The workbench's live frame shows what its editor posted, not the saved draft.
  const posted = useActionData<PreviewData>() as unknown as PreviewData | undefined;
  const preview = posted ?? saved;
  const shell = useRootData()?.shell;
  const { view } = preview;
  return (
    <>
      <PreviewBanner preview={preview} />
      <ValidationReport issues={preview.issues} />
      {view.type === "menu" ? (
        <MenuPreview menu={view.menu} audience={preview.audience} basePath={preview.basePath} />
      ) : null}
      {view.type === "needs-item" ? <ItemPicker itemType={view.itemType} /> : null}
      {view.type === "page" ? (
        <>
          {view.notFound ? <NotFoundMessage home={preview.basePath || "/"} /> : null}
          <BlockMarkers.Provider value>
            <PageScreen
              kind={view.kind}
              pageKey={view.pageKey}
              basePath={preview.basePath}
              page={view.page}
              zones={view.zones}
              locale={shell?.locale ?? "en"}
              cardTitleScale={preview.audience.cardTitleScale}
              titled={!view.notFound}
            />
          </BlockMarkers.Provider>
        </>
      ) : null}
    </>
  );
}

function PreviewBanner({ preview }: { preview: PreviewData }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="preview-banner"
      role="note"
      data-testid="preview-banner"
      data-preview-view={preview.view.type}
      data-audience={preview.audience.name}
    >
      <strong>{t("previewBanner", { target: preview.target, key: preview.key })}</strong>{" "}
      {preview.audience.name !== "admin" ? (
        <span className="preview-audience">
          {t("previewSeenAs", { audience: t(`previewAudience_${preview.audience.name}`) })}
        </span>
      ) : null}{" "}
      {preview.source === "unsaved" ? (
        <span>{t("previewOfUnsaved")}</span>
      ) : preview.source === "draft" && preview.draft ? (
        <span>
          {t("previewOfDraft")}{" "}
          <LocalTime
            iso={preview.draft.updatedAt}
            locale={i18n.language}
            options={{ dateStyle: "medium", timeStyle: "short" }}
          />
          {preview.draft.baseVersion
            ? ` · ${t("previewBasedOn", { version: preview.draft.baseVersion })}`
            : ` · ${t("previewNeverPublished")}`}
        </span>
      ) : (
        <span>{t("previewNoDraft", { version: preview.published?.version ?? 0 })}</span>
      )}
    </div>
  );
}

/** A problem of the text shown; the editor's unsaved text places it by line and column. */
type ShownIssue = PageIssue & { line?: number; column?: number };

function ValidationReport({ issues }: { issues: ShownIssue[] }) {
  const { t } = useTranslation();
  return (
    <section
      className={`preview-report${issues.length ? " has-issues" : ""}`}
      aria-labelledby="preview-report-title"
    >
      <h2 id="preview-report-title">
        {issues.length ? t("previewIssues", { count: issues.length }) : t("previewNoIssues")}
      </h2>
      {issues.length ? (
        <ul>
          {issues.map((issue, index) => (
            <li
              key={index}
              data-line={issue.line}
              data-column={issue.line !== undefined ? (issue.column ?? 1) : undefined}
              data-pointer={issue.pointer}
            >
              {issue.line !== undefined ? (
                <strong>
                  {t("workbenchIssueAt", { line: issue.line, column: issue.column ?? 1 })}{" "}
                </strong>
              ) : null}
              <code>{issue.pointer || "/"}</code> <span data-message>{issue.message}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

const LAYOUTS = ["TOP", "TOP_LEFT", "HAMBURGER", "SIDEBAR"] as const;

/**
 * A menu as the site header shows it (the header's own components), in each layout and with
 * the drawer open, for the audience chosen; then its items with what each leads to.
 */
function MenuPreview({
  menu,
  audience,
  basePath,
}: {
  menu: Localized<Menu>;
  audience: PreviewAudience;
  basePath: string;
}) {
  const { t } = useTranslation();
  const shell = useRootData()?.shell;
  type Item = Localized<Menu>["items"][number];
  const list = (items: Item[]) => (
    <ul>
      {items.map((item, index) => (
        <li key={index}>
          <span className="menu-preview-title">{item.title}</span>{" "}
          <code>{[item.type, ...Object.values(item.data ?? {})].join(" · ")}</code>
          {item.items?.length ? list(item.items as Item[]) : null}
        </li>
      ))}
    </ul>
  );
  const header = (layout: Menu["layout"], drawerShown = false) =>
    shell ? (
      <SiteHeaderView
        shell={shell}
        basePath={basePath}
        viewer={audience}
        menu={menu}
        layout={layout}
        drawerShown={drawerShown}
      />
    ) : null;
  return (
    <div className="menu-preview" data-testid="menu-preview">
      {LAYOUTS.map((layout) => (
        <section
          key={layout}
          className="menu-preview-layout"
          data-preview-layout={layout}
          aria-labelledby={`menu-preview-${layout}`}
        >
          <h2 id={`menu-preview-${layout}`}>
            {t(layout === menu.layout ? "previewMenuLayoutOwn" : "previewMenuLayout", { layout })}
          </h2>
          {header(layout)}
        </section>
      ))}
      <section
        className="menu-preview-layout menu-preview-drawer"
        data-preview-layout="drawer"
        aria-labelledby="menu-preview-drawer"
      >
        <h2 id="menu-preview-drawer">{t("previewMenuDrawer")}</h2>
        {header(menu.layout, true)}
      </section>
      <nav className="menu-preview-items" aria-label={t("previewMenu", { layout: menu.layout })}>
        {list(menu.items)}
      </nav>
    </div>
  );
}

/** Template pages show one item: the editor picks which, by id. */
function ItemPicker({ itemType }: { itemType: string }) {
  const { t } = useTranslation();
  const label = t(`previewItemId_${itemType}`);
  return (
    <Form method="get" className="preview-item-picker">
      <label htmlFor="preview-item-id">{label}</label>
      <input id="preview-item-id" name="id" type="number" min={1} required inputMode="numeric" />
      <button type="submit" className="button">
        {t("previewShow")}
      </button>
    </Form>
  );
}
