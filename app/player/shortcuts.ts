/** Keyboard shortcuts of the player, as media sites commonly bind them. */
export type PlayerAction =
  | { type: "togglePlay" }
  | { type: "seekBy"; seconds: number }
  | { type: "seekToFraction"; fraction: number }
  | { type: "seekToStart" }
  | { type: "seekToEnd" }
  | { type: "volumeBy"; delta: number }
  | { type: "toggleMute" }
  | { type: "toggleFullscreen" }
  | { type: "toggleCaptions" }
  | { type: "togglePictureInPicture" };

/** The action of a key press on the player, or null for keys the player leaves alone. */
export function shortcutFor(event: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): PlayerAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  switch (event.key) {
    case " ":
    case "k":
    case "K":
      return { type: "togglePlay" };
    case "ArrowLeft":
      return { type: "seekBy", seconds: -5 };
    case "ArrowRight":
      return { type: "seekBy", seconds: 5 };
    case "j":
    case "J":
      return { type: "seekBy", seconds: -10 };
    case "l":
    case "L":
      return { type: "seekBy", seconds: 10 };
    case "ArrowUp":
      return { type: "volumeBy", delta: 0.1 };
    case "ArrowDown":
      return { type: "volumeBy", delta: -0.1 };
    case "Home":
      return { type: "seekToStart" };
    case "End":
      return { type: "seekToEnd" };
    case "m":
    case "M":
      return { type: "toggleMute" };
    case "f":
    case "F":
      return { type: "toggleFullscreen" };
    case "c":
    case "C":
      return { type: "toggleCaptions" };
    case "i":
    case "I":
      return { type: "togglePictureInPicture" };
    default:
      if (/^[0-9]$/.test(event.key))
        return { type: "seekToFraction", fraction: Number(event.key) / 10 };
      return null;
  }
}

/** Keys that scroll the page: with nothing focused they stay the page's, not the player's. */
const PAGE_SCROLL_KEYS = [" ", "ArrowUp", "ArrowDown", "Home", "End", "PageUp", "PageDown"];

/** The action of a key pressed while nothing on the page has focus. */
export function pageShortcutFor(event: Parameters<typeof shortcutFor>[0]): PlayerAction | null {
  return PAGE_SCROLL_KEYS.includes(event.key) ? null : shortcutFor(event);
}

/**
 * Keys that belong to the focused control rather than to the player: a slider moves itself
 * with the arrows, a button or menu item is activated with Space and Enter.
 */
export function keyBelongsToControl(key: string, role: string | null, tag: string): boolean {
  const sliderKeys = [
    "ArrowLeft",
    "ArrowRight",
    "ArrowUp",
    "ArrowDown",
    "Home",
    "End",
    "PageUp",
    "PageDown",
  ];
  if (role === "slider" || tag === "INPUT") return sliderKeys.includes(key) || key === " ";
  if (role === "menuitem" || role === "menuitemradio" || role === "menu") return true;
  if (tag === "BUTTON" || tag === "A") return key === " " || key === "Enter";
  return false;
}
