import { useEffect, useRef, type KeyboardEvent } from "react";
import {
  keyBelongsToControl,
  pageShortcutFor,
  shortcutFor,
  type PlayerAction,
} from "./shortcuts.ts";

/**
 * The player's keyboard shortcuts (shortcuts.ts): on the player's region, for the keys its
 * controls leave alone, and on the page while nothing has focus. Returns the region's handler.
 */
export function useKeyboardShortcuts(run: (action: PlayerAction) => void) {
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (keyBelongsToControl(event.key, target.getAttribute("role"), target.tagName)) return;
    const action = shortcutFor(event);
    if (!action) return;
    event.preventDefault();
    run(action);
  };

  // With nothing focused (after a click on the page, or while a closing menu hands focus
  // back to its button) the keys reach the body; on a watch page they are meant for the player,
  // except those that scroll the page.
  const runLatest = useRef(run);
  useEffect(() => {
    runLatest.current = run;
  });
  useEffect(() => {
    const onBodyKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.target !== document.body) return;
      const action = pageShortcutFor(event);
      if (!action) return;
      event.preventDefault();
      runLatest.current(action);
    };
    document.addEventListener("keydown", onBodyKeyDown);
    return () => document.removeEventListener("keydown", onBodyKeyDown);
  }, []);

  return onKeyDown;
}
