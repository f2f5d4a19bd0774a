import { unstable_usePrompt, useBeforeUnload } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";

/** What this browser keeps of a document's text that was not saved. */
export interface StoredText {
  text: string;
  /** When it was typed (ISO 8601). */
  at: string;
}

const PREFIX = "workbench-unsaved:";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (private mode, a policy): the leave prompt still guards the text.
    return null;
  }
}

export function readStored(key: string): StoredText | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    const value = raw ? (JSON.parse(raw) as Partial<StoredText>) : null;
    return value && typeof value.text === "string" && typeof value.at === "string"
      ? { text: value.text, at: value.at }
      : null;
  } catch {
    return null;
  }
}

function write(key: string, text: string | null): void {
  try {
    if (text === null) storage()?.removeItem(PREFIX + key);
    else storage()?.setItem(PREFIX + key, JSON.stringify({ text, at: new Date().toISOString() }));
  } catch {
    // Full or refused: nothing more to do than the leave prompt.
  }
}

/**
 * Never losing typed text: every change that differs from the saved text is kept in this
 * browser (until it is saved), a text found there from an earlier visit is offered back, and
 * leaving the page (a link, a reload, closing the tab) with unsaved text asks first.
 * `currentText` is the editor's text now: typing may go on while a save is on its way.
 */
export function useUnsavedText(key: string, savedText: string, currentText: string) {
  const [dirty, setDirty] = useState(false);
  // Read once on the client (the server has no storage; the offer renders after hydration).
  const [stored, setStored] = useState<StoredText | null>(() => {
    if (typeof window === "undefined") return null;
    const found = readStored(key);
    return found && found.text !== savedText ? found : null;
  });
  const [base, setBase] = useState(savedText);
  if (base !== savedText) {
    // Saved: nothing older is worth offering, and the text is unsaved only if typing went on
    // after the save was sent (an autosave).
    setBase(savedText);
    setDirty(currentText !== savedText);
    setStored(null);
  }
  const saved = useRef(savedText);
  useEffect(() => {
    saved.current = savedText;
    const found = readStored(key);
    if (found && found.text === savedText) write(key, null);
  }, [key, savedText]);

  const changed = useCallback(
    (text: string) => {
      const isDirty = text !== saved.current;
      setDirty(isDirty);
      write(key, isDirty ? text : null);
    },
    [key],
  );
  const dismissStored = useCallback(() => {
    write(key, null);
    setStored(null);
  }, [key]);

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!dirty) return;
        event.preventDefault();
        // Older browsers show the prompt only when a value is returned.
        event.returnValue = "";
      },
      [dirty],
    ),
  );
  return { dirty, stored, changed, dismissStored, setStored };
}

/**
 * In-app navigation to another page with unsaved text asks first; saving, publishing and
 * comparing stay on this page (and keep or save the text), so they go through.
 */
export function useLeavePrompt(dirty: boolean, message: string) {
  unstable_usePrompt({
    when: ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
    message,
  });
}
