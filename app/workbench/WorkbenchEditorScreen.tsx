import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { AdminNav } from "../admin/AdminNav.tsx";
import { routeHref } from "../realm/routes.ts";
import { useRootData } from "../realm/use-root-data.ts";
import { LocalTime } from "../ui/LocalTime.tsx";
import type { DocumentIssue, EditorData, SaveResult } from "./types.ts";
import { HistoryPanel, PublishPanel } from "./HistoryPanels.tsx";
import { LivePreview, type LivePreviewHandle } from "./LivePreview.tsx";
import { useHydrated } from "../ui/client-state.tsx";
import { useCallback, useEffect, useRef, useState } from "react";
import { BlockOutline } from "./BlockOutline.tsx";
import { blockSpan, outlineOf, placeOf, type BlockPlace, type OutlineEdit } from "./outline.ts";
import { useLeavePrompt, useUnsavedText } from "./unsaved-text.ts";
import { useAutosave, type AutosaveStatus } from "./autosave.ts";
import type { CodeEditorHandle } from "./code-editor.client.ts";

const WHEN: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

/**
 * `/admin/content/{target}/{key}`: a document's text, saved as its draft over the revision it
 * was read at. A refused save answers the text back with its problems (line and column as
 * `npm run validate` gives them), or beside the draft someone else saved meanwhile.
 */
export function WorkbenchEditorScreen() {
  const t = useT();
  const editor = useLoaderData<EditorData>() as unknown as EditorData;
  const saved = useActionData<SaveResult>() as SaveResult | undefined;
  const navigation = useNavigation().state;
  const busy = navigation === "submitting";
  const root = useRootData();
  const basePath = root?.basePath ?? "";
  const locale = root?.locale ?? "en";
  const name = `${editor.target}${editor.key ? ` ${editor.key}` : ""}`;
  const text = saved && saved.outcome !== "refused" ? saved.text : editor.text;
  // After a conflict the next save goes over the draft now shown beside the text.
  const revision =
    saved?.outcome === "conflict"
      ? saved.theirs.revision
      : saved?.outcome === "saved"
        ? saved.revision
        : editor.revision;
  const issues = saved ? saved.issues : editor.issues;
  const hydrated = useHydrated();
  const live = useRef<LivePreviewHandle>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  // The text as typed, for the outline; the textarea itself stays uncontrolled.
  const formKey = `${revision}:${saved?.outcome}`;
  const [current, setCurrent] = useState({ formKey, text });
  if (current.formKey !== formKey) setCurrent({ formKey, text });
  // What the server holds: the text last saved (by hand or automatically), else the one loaded.
  const autosave = useAutosave(
    formKey,
    revision,
    saved?.outcome === "saved" ? saved.text : editor.text,
    navigation !== "idle",
  );
  const unsaved = useUnsavedText(
    `${basePath}/${editor.target}/${editor.key ?? ""}`,
    autosave.serverText,
    current.text,
  );
  useLeavePrompt(unsaved.dirty, t("workbenchLeavePrompt"));
  const [selected, setSelected] = useState<string | null>(null);
  // The code editor, once loaded, in place of the textarea (which it keeps in sync).
  const codeHost = useRef<HTMLDivElement>(null);
  const code = useRef<CodeEditorHandle | null>(null);
  /** Our validator's problems and the text they were found in, for the editor to mark. */
  const problems = useRef<{ text: string; issues: DocumentIssue[] }>({ text, issues });
  const showProblems = useCallback((found: string, list: DocumentIssue[]) => {
    problems.current = { text: found, issues: list };
    code.current?.setProblems(found, list);
  }, []);
  const saidProblems = `${formKey}:${JSON.stringify(issues)}`;
  useEffect(() => {
    showProblems(text, issues);
    // The problems of each answer (a save, the page's data), once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saidProblems]);
  const editorSchema = editor.schema;
  const keyboardHint = t("workbenchEditorKeys");
  const describedBy = issues.length ? "workbench-issues-title" : undefined;
  useEffect(() => {
    let gone = false;
    void import("./code-editor.client.ts").then(({ mountCodeEditor }) => {
      if (gone || !textArea.current || !codeHost.current) return;
      code.current = mountCodeEditor(textArea.current, codeHost.current, {
        schema: editorSchema,
        labelledBy: "workbench-text-label",
        describedBy,
        keyboardHint,
      });
      code.current.setProblems(problems.current.text, problems.current.issues);
    });
    return () => {
      gone = true;
      code.current?.destroy();
      code.current = null;
    };
    // A new form (a save, a restore) gets a new editor over its new textarea.
  }, [formKey, editorSchema, describedBy, keyboardHint]);
  /** Puts a text in the form's textarea and in the code editor over it. */
  const replaceText = (value: string) => {
    if (!textArea.current) return;
    textArea.current.value = value;
    code.current?.setText(value);
  };
  const typed = (value: string) => {
    setCurrent({ formKey, text: value });
    live.current?.textChanged(value);
    unsaved.changed(value);
    autosave.changed(() => textArea.current?.value ?? value);
  };
  const putBack = () => {
    if (!unsaved.stored || !textArea.current) return;
    replaceText(unsaved.stored.text);
    typed(unsaved.stored.text);
    unsaved.setStored(null);
    if (code.current) code.current.focus();
    else textArea.current.focus();
  };
  /** Selects a block's JSON in the text and scrolls the text to it. */
  const selectInText = (value: string, place: BlockPlace, focus: boolean) => {
    const area = textArea.current;
    const span = blockSpan(value, place);
    if (!area || !span) return;
    if (code.current) {
      code.current.select(span.start, span.end, focus);
      return;
    }
    if (focus) area.focus();
    area.setSelectionRange(span.start, span.end);
    const line = value.slice(0, span.start).split("\n").length;
    const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 20;
    area.scrollTop = Math.max(0, (line - 2) * lineHeight);
  };
  const outlineEdited = (edit: OutlineEdit, id: string | null) => {
    if (!textArea.current) return;
    replaceText(edit.text);
    typed(edit.text);
    setSelected(id);
    if (edit.select) selectInText(edit.text, edit.select, false);
  };
  const outlineSelected = (place: BlockPlace, id: string) => {
    setSelected(id);
    selectInText(current.text, place, true);
  };
  const currentText = current.text;
  const previewPicked = useCallback(
    (id: string) => {
      setSelected(id);
      const place = placeOf(outlineOf(currentText), id);
      if (place) selectInText(currentText, place, false);
    },
    // selectInText reads only the textarea's ref.
    [currentText],
  );
  return (
    <section className="admin-page workbench" aria-labelledby="workbench-editor-title">
      <h1 id="workbench-editor-title">{t("workbenchEditTitle", { name })}</h1>
      <AdminNav />
      <p className="workbench-status">
        {editor.published ? (
          <>
            {t("workbenchVersion", { version: editor.published.version })} ·{" "}
            <LocalTime iso={editor.published.publishedAt} locale={locale} options={WHEN} />
          </>
        ) : (
          t("workbenchStateUnpublished")
        )}
        {" · "}
        {editor.draft ? (
          <>
            {t("workbenchDraftAhead")} ·{" "}
            <LocalTime iso={editor.draft.updatedAt} locale={locale} options={WHEN} />
          </>
        ) : (
          t("workbenchNoDraft")
        )}
        {" · "}
        <a href={editor.previewHref}>{t("workbenchPreviewDraft")}</a>
        {" · "}
        <Link to={routeHref(basePath, { name: "workbench" })}>{t("workbenchBackToList")}</Link>
      </p>
      {editor.done && !saved ? (
        <p role="status" className="workbench-saved">
          {t(
            editor.done.action === "published" ? "workbenchDonePublished" : "workbenchDoneRestored",
            {
              version: editor.done.version,
            },
          )}
        </p>
      ) : null}
      {hydrated && unsaved.stored ? (
        <div role="alert" className="workbench-stored">
          <p>
            {t("workbenchStoredFound")}{" "}
            <LocalTime iso={unsaved.stored.at} locale={locale} options={WHEN} />
          </p>
          <button type="button" className="button" onClick={putBack}>
            {t("workbenchStoredPutBack")}
          </button>{" "}
          <button type="button" className="button button-secondary" onClick={unsaved.dismissStored}>
            {t("workbenchStoredDiscard")}
          </button>
        </div>
      ) : null}
      {saved?.outcome === "refused" ? (
        <p role="alert" className="workbench-conflict-message">
          {t(saved.error)}
        </p>
      ) : null}
      {saved?.outcome === "saved" ? (
        <p role="status" className="workbench-saved">
          {t("workbenchSaved")}
        </p>
      ) : null}
      <Issues issues={issues} />
      {saved?.outcome === "conflict" ? (
        <div role="alert" className="workbench-conflict-message">
          {t("draftConflict")}
        </div>
      ) : null}
      <div
        className={
          editor.palette.length > 0 ? "workbench-editing has-outline" : "workbench-editing"
        }
      >
        {hydrated ? (
          <BlockOutline
            text={current.text}
            palette={editor.palette}
            selected={selected}
            onEdit={outlineEdited}
            onSelect={outlineSelected}
          />
        ) : null}
        <div className={saved?.outcome === "conflict" ? "workbench-conflict" : undefined}>
          {saved?.outcome === "conflict" ? (
            <section aria-labelledby="workbench-theirs-title" className="workbench-theirs">
              <h2 id="workbench-theirs-title">{t("workbenchTheirs")}</h2>
              {saved.theirs.updatedAt ? (
                <p>
                  <LocalTime iso={saved.theirs.updatedAt} locale={locale} options={WHEN} />
                </p>
              ) : null}
              <label htmlFor="workbench-theirs-text" className="visually-hidden">
                {t("workbenchTheirs")}
              </label>
              <textarea
                id="workbench-theirs-text"
                className="workbench-text"
                readOnly
                value={saved.theirs.text}
                rows={30}
                spellCheck={false}
              />
            </section>
          ) : null}
          <Form
            method="post"
            className="workbench-editor"
            key={formKey}
            onSubmit={autosave.cancel}
            onInput={(event) => {
              const target = event.target as HTMLElement;
              if (target instanceof HTMLTextAreaElement && target.name === "text") {
                typed(target.value);
              }
            }}
          >
            {saved?.outcome === "conflict" ? <h2>{t("workbenchYours")}</h2> : null}
            <input type="hidden" name="revision" value={autosave.revision} />
            <label htmlFor="workbench-text" id="workbench-text-label">
              {t("workbenchText")}
            </label>
            <textarea
              ref={textArea}
              id="workbench-text"
              name="text"
              className="workbench-text"
              defaultValue={text}
              rows={30}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              aria-describedby={issues.length ? "workbench-issues-title" : undefined}
              aria-invalid={saved?.outcome === "invalid" ? true : undefined}
            />
            {/* The code editor goes here once loaded; React leaves this element's content alone. */}
            <div ref={codeHost} className="workbench-code-host" />
            <button type="submit" className="button" disabled={busy || autosave.saving}>
              {t("workbenchSave")}
            </button>{" "}
            <AutosaveState status={autosave.status} />
          </Form>
        </div>
        {hydrated ? (
          <LivePreview
            ref={live}
            previewHref={editor.previewHref}
            selected={selected}
            onPick={previewPicked}
            languages={root?.shell?.realm.languages ?? []}
            locale={locale}
            text={current.text}
            onProblems={showProblems}
          />
        ) : null}
      </div>
      <div className="workbench-panels">
        <PublishPanel editor={editor} busy={busy} />
        <HistoryPanel editor={{ ...editor, revision: autosave.revision }} locale={locale} />
      </div>
    </section>
  );
}

function Issues({ issues }: { issues: DocumentIssue[] }) {
  const t = useT();
  if (issues.length === 0) return null;
  return (
    <section className="workbench-issues" aria-labelledby="workbench-issues-title" role="alert">
      <h2 id="workbench-issues-title">{t("workbenchIssues", { count: issues.length })}</h2>
      <ul>
        {issues.map((issue, index) => (
          <li key={index}>
            {issue.line !== undefined ? (
              <span className="workbench-issue-place">
                {t("workbenchIssueAt", { line: issue.line, column: issue.column ?? 1 })}
              </span>
            ) : null}{" "}
            <code>{issue.pointer || "/"}</code> {issue.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

const AUTOSAVE_LABELS = {
  saving: "workbenchAutosaving",
  saved: "workbenchAutosaved",
  conflict: "workbenchAutosaveConflict",
  failed: "workbenchAutosaveFailed",
} as const;

/** What the last automatic save did; announced politely. */
function AutosaveState({ status }: { status: AutosaveStatus | undefined }) {
  const t = useT();
  return (
    <span role="status" className="workbench-autosave">
      {status === undefined
        ? null
        : status.kind === "invalid"
          ? t("workbenchAutosaveInvalid", { count: status.count })
          : t(AUTOSAVE_LABELS[status.kind])}
    </span>
  );
}
