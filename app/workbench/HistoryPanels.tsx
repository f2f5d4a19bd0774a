import { Form } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { LocalTime } from "../ui/LocalTime.tsx";
import type { BlockChange, DocumentChanges } from "./block-diff.ts";
import type { Comparison, EditorData, VersionChoice } from "./types.ts";
import { PUBLISH_NOTE_MAX } from "../../contract/content-history.ts";
import { withContext } from "./line-diff.ts";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

function ChangeLine({ change }: { change: BlockChange }) {
  const t = useT();
  const values = {
    type: change.type,
    id: change.id,
    zone: change.zone,
    position: change.position,
    fromZone: change.from?.zone ?? "",
    fromPosition: change.from?.position ?? 0,
  };
  switch (change.change) {
    case "added":
      return <>{t("workbenchBlockAdded", values)}</>;
    case "removed":
      return <>{t("workbenchBlockRemoved", values)}</>;
    case "changed":
      return <>{t("workbenchBlockChanged", values)}</>;
    case "moved":
      return <>{t("workbenchBlockMoved", values)}</>;
  }
}

/** Added, removed, changed and moved blocks by name, then the other fields changed. */
export function ChangeList({ changes }: { changes: DocumentChanges }) {
  const t = useT();
  if (changes.blocks.length === 0 && changes.fields.length === 0) {
    return <p>{t("workbenchNoChanges")}</p>;
  }
  return (
    <ul className="workbench-changes">
      {changes.blocks.map((change) => (
        <li key={`${change.change}:${change.id}`} data-change={change.change}>
          <ChangeLine change={change} />
        </li>
      ))}
      {changes.fields.length > 0 ? (
        <li data-change="fields">
          {t("workbenchFieldsChanged", { fields: changes.fields.join(", ") })}
        </li>
      ) : null}
    </ul>
  );
}

/** The saved draft's changes against the live version, and publishing it with a note. */
export function PublishPanel({ editor, busy }: { editor: EditorData; busy: boolean }) {
  const t = useT();
  if (!editor.draft || !editor.changes) return null;
  return (
    <section className="workbench-panel" aria-labelledby="workbench-publish-title">
      <h2 id="workbench-publish-title">{t("workbenchPublishTitle")}</h2>
      <h3>{t("workbenchChangesTitle")}</h3>
      <ChangeList changes={editor.changes} />
      <Form method="post" className="workbench-publish-form">
        <input type="hidden" name="intent" value="publish" />
        <p id="workbench-publish-lead">{t("workbenchPublishLead")}</p>
        <label htmlFor="workbench-note">{t("workbenchNote")}</label>
        <textarea
          id="workbench-note"
          name="note"
          required
          maxLength={PUBLISH_NOTE_MAX}
          rows={3}
          aria-describedby="workbench-publish-lead"
        />
        <button type="submit" className="button" disabled={busy}>
          {t("workbenchPublishButton")}
        </button>
      </Form>
    </section>
  );
}

function choiceName(choice: VersionChoice, t: ReturnType<typeof useT>): string {
  return choice === "draft"
    ? t("workbenchCompareDraft")
    : t("workbenchVersion", { version: choice });
}

/** Every published version with who, when and why; restore one into the draft; compare two. */
export function HistoryPanel({ editor, locale }: { editor: EditorData; locale: string }) {
  const t = useT();
  const live = editor.versions[0]?.version;
  const choices: VersionChoice[] = [
    ...(editor.draft ? (["draft"] as const) : []),
    ...editor.versions.map((v) => v.version),
  ];
  const defaultTo = editor.compare?.to ?? choices[0];
  const defaultFrom = editor.compare?.from ?? choices[1] ?? choices[0];
  return (
    <section className="workbench-panel" aria-labelledby="workbench-history-title">
      <h2 id="workbench-history-title">{t("workbenchHistoryTitle")}</h2>
      {editor.versions.length === 0 ? <p>{t("workbenchHistoryEmpty")}</p> : null}
      <ol className="workbench-versions" reversed>
        {editor.versions.map((v) => (
          <li key={v.version}>
            <strong>{t("workbenchVersion", { version: v.version })}</strong>
            {v.version === live ? ` · ${t("workbenchLive")}` : null} ·{" "}
            <LocalTime iso={v.publishedAt} locale={locale} options={WHEN} /> ·{" "}
            {t("workbenchVersionBy", { by: v.by ?? t("workbenchBySeed") })}
            {v.restoredFrom !== null
              ? ` · ${t("workbenchRestoredFrom", { version: v.restoredFrom })}`
              : null}
            {v.note ? <q className="workbench-version-note">{v.note}</q> : null}
            {v.version !== live ? (
              <Form method="post" className="workbench-restore-form">
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="version" value={v.version} />
                <input type="hidden" name="revision" value={editor.revision} />
                <button type="submit" className="button button-secondary">
                  {t("workbenchRestore", { version: v.version })}
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ol>
      {choices.length >= 2 ? (
        <Form
          method="get"
          className="workbench-compare-form"
          aria-label={t("workbenchCompareTitle")}
        >
          {(["from", "to"] as const).map((side) => (
            <label key={side}>
              {t(side === "from" ? "workbenchCompareFrom" : "workbenchCompareTo")}
              <select name={side} defaultValue={String(side === "from" ? defaultFrom : defaultTo)}>
                {choices.map((c) => (
                  <option key={c} value={c}>
                    {choiceName(c, t)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <button type="submit" className="button button-secondary">
            {t("workbenchCompareButton")}
          </button>
        </Form>
      ) : null}
      {editor.compare ? <CompareView compare={editor.compare} /> : null}
    </section>
  );
}

/** Two versions compared: by block, then line by line. */
function CompareView({ compare }: { compare: Comparison }) {
  const t = useT();
  return (
    <section className="workbench-compare" aria-labelledby="workbench-compare-title">
      <h3 id="workbench-compare-title">
        {t("workbenchComparing", {
          from: choiceName(compare.from, t),
          to: choiceName(compare.to, t),
        })}
      </h3>
      <ChangeList changes={compare.changes} />
      <h4>{t("workbenchDiffLines")}</h4>
      {/* A scrolling region is focusable so keyboard users can scroll it (WCAG 2.1.1). */}
      <div
        className="workbench-diff-scroll"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={t("workbenchDiffLines")}
      >
        <table className="workbench-diff">
          <thead>
            <tr>
              <th scope="col">{t("workbenchDiffBefore")}</th>
              <th scope="col">{t("workbenchDiffAfter")}</th>
              <th scope="col">{t("workbenchDiffText")}</th>
            </tr>
          </thead>
          <tbody>
            {withContext(compare.lines, 3).map((line, index) =>
              line.op === "gap" ? (
                <tr key={index} data-op="gap">
                  <td colSpan={3}>{t("workbenchDiffUnchanged", { count: line.count })}</td>
                </tr>
              ) : (
                <tr key={index} data-op={line.op}>
                  <td>{line.before ?? ""}</td>
                  <td>{line.after ?? ""}</td>
                  <td>
                    {line.op === "same" ? null : (
                      <span className="visually-hidden">
                        {t(
                          line.op === "added" ? "workbenchDiffAdded" : "workbenchDiffRemoved",
                        )}{" "}
                      </span>
                    )}
                    <code>{line.text}</code>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
