import { useFetcher, type ShouldRevalidateFunction } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SaveResult } from "./types.ts";

/** How long typing pauses before the text is saved as the draft. */
export const AUTOSAVE_MS = 3000;

/** The form intent of an automatic save (the action saves it like any other). */
export const AUTOSAVE_INTENT = "autosave";

export type AutosaveStatus =
  | { kind: "saving" }
  | { kind: "saved" }
  | { kind: "invalid"; count: number }
  | { kind: "conflict" }
  | { kind: "failed" };

/**
 * An automatic save reloads nothing: the page's data would reset the editor under the
 * viewer's fingers. What it changed (the draft's revision) the editor takes from its answer.
 */
export const autosaveShouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get("intent") === AUTOSAVE_INTENT ? false : defaultShouldRevalidate);

function readable(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Saves the editor's text as the draft a few seconds after typing stops, when it is JSON and
 * differs from what the server holds, over the revision last saved (so someone else's newer
 * draft is never overwritten: that answer stops autosaving until the viewer saves and sees
 * both versions). `formKey` names the editor's current start (a save, a restore): what an
 * autosave learnt applies until the next one.
 */
export function useAutosave(
  formKey: string,
  revision: number,
  serverText: string,
  /** A save, publish or restore by hand is on its way: an autosave now would race it. */
  submitting: boolean,
) {
  const fetcher = useFetcher<SaveResult>();
  const [seen, setSeen] = useState(fetcher.data);
  const [latest, setLatest] = useState<{ formKey: string; revision: number; text: string }>();
  const [status, setStatus] = useState<{ formKey: string; status: AutosaveStatus }>();
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const answer = fetcher.data;
    if (answer?.outcome === "saved") {
      setLatest({ formKey, revision: answer.revision, text: answer.text });
      setStatus({ formKey, status: { kind: "saved" } });
    } else if (answer?.outcome === "invalid") {
      setStatus({ formKey, status: { kind: "invalid", count: answer.issues.length } });
    } else if (answer?.outcome === "conflict") {
      setStatus({ formKey, status: { kind: "conflict" } });
    } else if (answer) {
      setStatus({ formKey, status: { kind: "failed" } });
    }
  }
  const ours = latest?.formKey === formKey ? latest : undefined;
  const shown = status?.formKey === formKey ? status.status : undefined;
  const saving = fetcher.state !== "idle";
  const busy = saving || submitting;
  const draft = {
    revision: ours?.revision ?? revision,
    text: ours?.text ?? serverText,
    stopped: shown?.kind === "conflict",
  };

  // The timer fires after later renders than the one that set it: it reads these.
  const now = useRef({ draft, busy });
  useEffect(() => {
    now.current = { draft, busy };
  });
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const { submit } = fetcher;

  /** The text changed: save it once typing has paused (`read` gives the text then). */
  const changed = useCallback(
    (read: () => string) => {
      clearTimeout(timer.current);
      const attempt = () => {
        const { draft: held, busy: waiting } = now.current;
        if (waiting) {
          timer.current = setTimeout(attempt, AUTOSAVE_MS);
          return;
        }
        const text = read();
        if (held.stopped || text === held.text || !readable(text)) return;
        submit(
          { intent: AUTOSAVE_INTENT, text, revision: String(held.revision) },
          { method: "post" },
        );
      };
      timer.current = setTimeout(attempt, AUTOSAVE_MS);
    },
    [submit],
  );

  /** A save by hand is starting: it saves this text, so no autosave should follow it. */
  const cancel = useCallback(() => clearTimeout(timer.current), []);

  return {
    cancel,
    revision: draft.revision,
    serverText: draft.text,
    status: saving ? ({ kind: "saving" } as const) : shown,
    saving,
    changed,
  };
}
