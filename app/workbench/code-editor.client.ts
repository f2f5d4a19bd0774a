/**
 * The workbench's code editor (CodeMirror 6), loaded on demand once the page has hydrated: it
 * replaces the form's textarea on screen and keeps it in sync (value and selection), so the
 * form, autosave, outline and live preview go on reading the textarea. Completion and hover
 * come from the document's own schema (codemirror-json-schema); the problems it marks are our
 * validator's, as the server placed them, never a second validator's.
 */
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  completionKeymap,
} from "@codemirror/autocomplete";
import { defaultKeymap, history, historyKeymap } from "@codemirror/commands";
import { json, jsonLanguage } from "@codemirror/lang-json";
import {
  bracketMatching,
  foldGutter,
  HighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from "@codemirror/language";
import { tags } from "@lezer/highlight";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { Annotation, EditorSelection, EditorState } from "@codemirror/state";
import { EditorView, hoverTooltip, keymap, lineNumbers, type Tooltip } from "@codemirror/view";
import { JSONHover, jsonCompletion, stateExtensions } from "codemirror-json-schema";
import { getNonce } from "get-nonce";
import type { JsonSchema } from "../../schemas/editor-schema.ts";
import { problemRanges } from "./problem-ranges.ts";
import type { DocumentIssue } from "./types.ts";

export interface CodeEditorOptions {
  /** The document's JSON Schema, its references bundled. */
  schema: JsonSchema;
  /** The id of the label that names the text. */
  labelledBy: string;
  /** The ids of what describes it (the problems list), when any. */
  describedBy?: string;
  /** Shown to screen readers: how to leave the editor with the keyboard. */
  keyboardHint: string;
}

export interface CodeEditorHandle {
  /** Replaces the text (an edit from the outline, a stored text put back). */
  setText(text: string): void;
  /** Selects a range and scrolls it into view. */
  select(from: number, to: number, focus: boolean): void;
  /** Marks our validator's problems, found in `text`; ignored when the text has moved on. */
  setProblems(text: string, issues: readonly DocumentIssue[]): void;
  focus(): void;
  destroy(): void;
}

const JSON_STYLE = HighlightStyle.define([{ tag: tags.propertyName, fontWeight: "bold" }]);

/** Marks changes made from outside (the textarea already holds them). */
const external = Annotation.define<boolean>();

function hoverHelp() {
  const hover = new JSONHover();
  return hoverTooltip((view, pos, side): Tooltip | null => {
    const found = hover.getDataForCursor(view, pos, side as -1 | 1);
    const description = (found?.schema as { description?: unknown } | undefined)?.description;
    if (typeof description !== "string" || description === "") return null;
    return {
      pos,
      above: true,
      create: () => {
        const dom = document.createElement("div");
        dom.className = "workbench-hover";
        dom.textContent = description;
        return { dom };
      },
    };
  });
}

/**
 * Puts CodeMirror in `host` (an element React leaves empty) in place of `area`, which is hidden
 * but stays in the form and follows every change.
 */
export function mountCodeEditor(
  area: HTMLTextAreaElement,
  host: HTMLElement,
  options: CodeEditorOptions,
): CodeEditorHandle {
  const inputEvent = () => area.dispatchEvent(new Event("input", { bubbles: true }));
  const hint = document.createElement("p");
  hint.id = `${area.id}-keys`;
  hint.className = "visually-hidden";
  hint.textContent = options.keyboardHint;
  const describedBy = [options.describedBy, hint.id].filter(Boolean).join(" ");
  const nonce = getNonce();
  const view = new EditorView({
    state: EditorState.create({
      doc: area.value,
      extensions: [
        lineNumbers(),
        foldGutter(),
        lintGutter(),
        history(),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        json(),
        // Names stand out by weight, not colour: the text keeps the realm theme's contrast.
        syntaxHighlighting(JSON_STYLE),
        jsonLanguage.data.of({ autocomplete: jsonCompletion() }),
        autocompletion(),
        hoverHelp(),
        stateExtensions(options.schema as Parameters<typeof stateExtensions>[0]),
        // Tab is left to the browser (no indentWithTab): it moves focus out of the editor.
        keymap.of([
          ...closeBracketsKeymap,
          ...completionKeymap,
          ...historyKeymap,
          ...defaultKeymap,
        ]),
        EditorView.lineWrapping,
        // CodeMirror owns its root's class attribute: our class goes through it.
        EditorView.editorAttributes.of({ class: "workbench-code" }),
        EditorView.contentAttributes.of({
          "aria-labelledby": options.labelledBy,
          "aria-describedby": describedBy,
          spellcheck: "false",
          autocapitalize: "off",
          autocorrect: "off",
        }),
        ...(nonce ? [EditorView.cspNonce.of(nonce)] : []),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(external))) {
            area.value = update.state.doc.toString();
            inputEvent();
          }
          if (update.selectionSet || update.docChanged) {
            const { from, to } = update.state.selection.main;
            area.setSelectionRange(from, to);
          }
        }),
      ],
    }),
  });
  area.hidden = true;
  host.append(view.dom, hint);

  return {
    setText(text) {
      if (text === view.state.doc.toString()) return;
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        annotations: external.of(true),
      });
    },
    select(from, to, focus) {
      const length = view.state.doc.length;
      const range = EditorSelection.range(Math.min(from, length), Math.min(to, length));
      view.dispatch({
        selection: EditorSelection.create([range]),
        effects: EditorView.scrollIntoView(range, { y: "start", yMargin: 40 }),
      });
      if (focus) view.focus();
    },
    setProblems(text, issues) {
      if (text !== view.state.doc.toString()) return;
      const diagnostics: Diagnostic[] = problemRanges(text, issues).map((range) => ({
        from: range.from,
        to: range.to,
        severity: range.severity,
        message: range.message,
      }));
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    focus: () => view.focus(),
    destroy() {
      view.destroy();
      hint.remove();
      area.hidden = false;
    },
  };
}
