import type en from "../../contract/locales/en.json";

/** Spec section 3, Notice: a level and a duration. */
export type ToastLevel = "success" | "error" | "info";
export type ToastDuration = "SHORT" | "LONG";

/** Spec sections 4 and 9: a toast goes after 1.5 s (SHORT) or 3 s (LONG), plus 300 ms. */
export const TOAST_DURATION_MS: Record<ToastDuration, number> = { SHORT: 1500, LONG: 3000 };
export const TOAST_EXTRA_MS = 300;

export function toastDurationMs(duration: ToastDuration): number {
  return TOAST_DURATION_MS[duration] + TOAST_EXTRA_MS;
}

/** Errors stay up longer by default: there is more to read and maybe something to do. */
export function defaultDuration(level: ToastLevel): ToastDuration {
  return level === "error" ? "LONG" : "SHORT";
}

/** What client code passes to `useToast()`: a message already in the viewer's language. */
export interface ToastInput {
  level: ToastLevel;
  message: string;
  duration?: ToastDuration;
}

export type LabelKey = keyof typeof en;

/**
 * A toast an action leaves for the next page (the flash cookie). It names a label rather than
 * holding text, so the page shows it in the viewer's language.
 */
export interface FlashToast {
  id: string;
  level: ToastLevel;
  label: LabelKey;
  duration: ToastDuration;
}

const LEVELS: readonly ToastLevel[] = ["success", "error", "info"];
const DURATIONS: readonly ToastDuration[] = ["SHORT", "LONG"];

/** A flash toast read back from its cookie, or null when it is not one. */
export function parseFlashToast(value: unknown, labels: object): FlashToast | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, level, label, duration } = value as Record<string, unknown>;
  if (
    typeof id !== "string" ||
    !LEVELS.includes(level as ToastLevel) ||
    typeof label !== "string" ||
    !Object.hasOwn(labels, label) ||
    !DURATIONS.includes(duration as ToastDuration)
  ) {
    return null;
  }
  return { id, level, label, duration } as FlashToast;
}
