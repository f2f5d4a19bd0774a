import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useT } from "../i18n/i18n.ts";
import { AUDIENCE_PARAM, AUDIENCES, type Audience } from "../preview/audience.ts";
import type { DocumentIssue } from "./types.ts";

/** The widths an editor checks a page at, as the devices viewers use. */
const WIDTHS = { desktop: 1280, tablet: 768, mobile: 375 } as const;
type Width = keyof typeof WIDTHS;
const WIDTH_LABELS = {
  desktop: "workbenchWidthDesktop",
  tablet: "workbenchWidthTablet",
  mobile: "workbenchWidthMobile",
} as const;

/** How long typing pauses before the preview asks for a render. */
const SETTLE_MS = 150;
const FRAMES = ["workbench-preview-a", "workbench-preview-b"] as const;

export interface LivePreviewHandle {
  /** The editor's text changed: render it once typing settles. */
  textChanged(text: string): void;
}

type State = { kind: "shown" } | { kind: "updating" } | { kind: "invalid"; problems: string[] };

/**
 * The page rendered by the real renderer from the editor's unsaved text (posted to the preview
 * route), in one of two frames: each render loads into the hidden one and is shown only when it
 * rendered, so while the text has problems the last good render stays, with the problems
 * listed. Needs JavaScript; without it the editor links to the saved draft's preview.
 */
export const LivePreview = forwardRef<
  LivePreviewHandle,
  {
    previewHref: string;
    /** The block selected in the outline: outlined in the preview and scrolled to. */
    selected: string | null;
    /** A block clicked in the preview. */
    onPick(id: string): void;
    /** The realm's languages, and the one the admin reads the site in. */
    languages: readonly string[];
    locale: string;
    /** The editor's text now, rendered again when the language changes. */
    text: string;
    /** Our validator's problems in a text it rendered (none when it rendered). */
    onProblems?(text: string, issues: DocumentIssue[]): void;
  }
>(function LivePreview(
  { previewHref, selected, onPick, languages, locale, text: editorText, onProblems },
  ref,
) {
  const t = useT();
  const [width, setWidth] = useState<Width>("desktop");
  const [front, setFront] = useState(0);
  const [state, setState] = useState<State>({ kind: "shown" });
  const form = useRef<HTMLFormElement>(null);
  const text = useRef<HTMLTextAreaElement>(null);
  const frames = useRef<(HTMLIFrameElement | null)[]>([null, null]);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef(false);
  /** The text of the render on its way. */
  const posted = useRef("");
  const frontRef = useRef(front);
  useEffect(() => {
    frontRef.current = front;
  }, [front]);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The frames' click listeners outlive renders; they call the latest callback.
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  }, [onPick]);
  const said = useRef(onProblems);
  useEffect(() => {
    said.current = onProblems;
  }, [onProblems]);

  // Each render is a new document: mark the selected block in the one shown.
  useEffect(() => {
    const doc = frames.current[front]?.contentDocument;
    if (!doc) return;
    for (const marked of doc.querySelectorAll("[data-block-id][data-selected]")) {
      marked.removeAttribute("data-selected");
    }
    if (!selected) return;
    const block = doc.querySelector(`[data-block-id="${CSS.escape(selected)}"]`);
    if (!block) return;
    block.setAttribute("data-selected", "");
    // Scroll the frame only: scrollIntoView would scroll the editor's page as well.
    const shown = block.firstElementChild?.getBoundingClientRect();
    const view = doc.defaultView;
    if (shown && view) view.scrollTo({ top: view.scrollY + shown.top - 80 });
  }, [selected, front, state]);

  const [language, setLanguage] = useState(locale);
  const [audience, setAudience] = useState<Audience>("admin");
  const actionOf = (lang: string, as: Audience) =>
    `${previewHref}?live=1${lang === locale ? "" : `&lang=${encodeURIComponent(lang)}`}${
      as === "admin" ? "" : `&${AUDIENCE_PARAM}=${as}`
    }`;
  /** Posts the text to the hidden frame, which is shown once it has rendered. */
  const render = (value: string, lang: string, as: Audience) => {
    if (!form.current || !text.current) return;
    text.current.value = value;
    posted.current = value;
    form.current.action = actionOf(lang, as);
    form.current.target = FRAMES[1 - frontRef.current]!;
    pending.current = true;
    setState({ kind: "updating" });
    form.current.submit();
  };
  useImperativeHandle(ref, () => ({
    textChanged(value: string) {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => render(value, language, audience), SETTLE_MS);
    },
  }));

  const loaded = useCallback((index: number) => {
    // A click on a block in the preview selects it (and does not follow its links).
    frames.current[index]?.contentDocument?.addEventListener(
      "click",
      (event) => {
        const block = (event.target as Element | null)?.closest?.("[data-block-id]");
        const id = block?.getAttribute("data-block-id");
        if (!id) return;
        event.preventDefault();
        event.stopPropagation();
        pick.current(id);
      },
      true,
    );
    if (!pending.current || index === frontRef.current) return;
    pending.current = false;
    const doc = frames.current[index]?.contentDocument;
    const view = doc?.querySelector("[data-preview-view]")?.getAttribute("data-preview-view");
    // The report places each problem in the posted text, as `npm run validate` does.
    const placed = [...(doc?.querySelectorAll<HTMLElement>(".preview-report li[data-line]") ?? [])];
    said.current?.(
      posted.current,
      placed.map((item) => ({
        pointer: item.dataset.pointer ?? "",
        message: item.querySelector("[data-message]")?.textContent ?? "",
        line: Number(item.dataset.line),
        column: Number(item.dataset.column),
      })),
    );
    if (view && view !== "invalid" && view !== "live") {
      setFront(index);
      setState({ kind: "shown" });
      return;
    }
    const problems = [...(doc?.querySelectorAll(".preview-report li") ?? [])].map(
      (item) => item.textContent ?? "",
    );
    setState({ kind: "invalid", problems });
  }, []);

  return (
    <section className="workbench-live" aria-labelledby="workbench-live-title">
      <h2 id="workbench-live-title">{t("workbenchLivePreview")}</h2>
      <div className="workbench-widths" role="group" aria-label={t("workbenchWidth")}>
        {(Object.keys(WIDTHS) as Width[]).map((w) => (
          <button
            key={w}
            type="button"
            className="button button-secondary"
            aria-pressed={w === width}
            onClick={() => setWidth(w)}
          >
            {t(WIDTH_LABELS[w], { px: WIDTHS[w] })}
          </button>
        ))}
      </div>
      {languages.length > 1 ? (
        <p className="workbench-language">
          <label htmlFor="workbench-language">{t("workbenchPreviewLanguage")}</label>{" "}
          <select
            id="workbench-language"
            value={language}
            onChange={(event) => {
              setLanguage(event.target.value);
              clearTimeout(timer.current);
              render(editorText, event.target.value, audience);
            }}
          >
            {languages.map((code) => (
              <option key={code} value={code}>
                {t(`languageName_${code.split(/[-_]/)[0]!.toLowerCase()}`, { defaultValue: code })}
              </option>
            ))}
          </select>
        </p>
      ) : null}
      <p className="workbench-audience">
        <label htmlFor="workbench-audience">{t("workbenchPreviewAudience")}</label>{" "}
        <select
          id="workbench-audience"
          value={audience}
          onChange={(event) => {
            const as = event.target.value as Audience;
            setAudience(as);
            clearTimeout(timer.current);
            render(editorText, language, as);
          }}
        >
          {AUDIENCES.map((name) => (
            <option key={name} value={name}>
              {t(`previewAudience_${name}`)}
            </option>
          ))}
        </select>
      </p>
      <p role="status" className="workbench-live-state">
        {state.kind === "updating"
          ? t("workbenchLiveUpdating")
          : state.kind === "invalid"
            ? t("workbenchLiveKept", { count: state.problems.length })
            : null}
      </p>
      {state.kind === "invalid" && state.problems.length > 0 ? (
        <ul className="workbench-live-problems">
          {state.problems.map((problem, index) => (
            <li key={index}>{problem}</li>
          ))}
        </ul>
      ) : null}
      <form ref={form} method="post" action={actionOf(language, audience)} hidden>
        <textarea ref={text} name="text" readOnly tabIndex={-1} aria-hidden="true" />
      </form>
      <div
        className="workbench-frame-box"
        role="region"
        aria-label={t("workbenchLivePreviewFrame", { px: WIDTHS[width] })}
        // Wider than the column at desktop width: focusable so keyboard users can scroll it.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {FRAMES.map((name, index) => (
          <iframe
            key={name}
            name={name}
            ref={(element) => {
              frames.current[index] = element;
            }}
            title={t("workbenchLivePreviewFrame", { px: WIDTHS[width] })}
            src={index === 0 ? previewHref : undefined}
            style={{ width: WIDTHS[width] }}
            hidden={index !== front}
            tabIndex={index === front ? undefined : -1}
            data-front={index === front ? "" : undefined}
            onLoad={() => loaded(index)}
          />
        ))}
      </div>
    </section>
  );
});
