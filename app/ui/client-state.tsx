import { useSyncExternalStore } from "react";

/** Spec §9: viewport-driven layout reacts to resizes at most every 100 ms. */
export const RESIZE_THROTTLE_MS = 100;

const noSubscription = () => () => {};

/**
 * False on the server and during hydration, true afterwards: lets a component render exactly
 * what the server sent, then switch to browser-only values (time zone, viewport) without a
 * hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The viewer's time zone once hydrated; UTC on the server, which cannot know it. */
export function useViewerTimeZone(): string {
  const hydrated = useHydrated();
  return hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";
}

/** Whether a media query matches; false on the server and before hydration. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== "function") return () => {};
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
    () => false,
  );
}

export function usePrefersReducedMotion(): boolean {
  return useMediaQuery("(prefers-reduced-motion: reduce)");
}

/**
 * `fn` called at most once per `ms`: the first call schedules it `ms` later and the calls in
 * between fold into that one, so it always runs after the last of a burst.
 */
export function throttle(fn: () => void, ms: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const throttled = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
  throttled.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return throttled;
}

function subscribeToResize(onChange: () => void): () => void {
  const onResize = throttle(onChange, RESIZE_THROTTLE_MS);
  window.addEventListener("resize", onResize);
  return () => {
    window.removeEventListener("resize", onResize);
    onResize.cancel();
  };
}

/** The viewport width in CSS pixels, or null on the server and before hydration. */
export function useViewportWidth(): number | null {
  return useSyncExternalStore(
    subscribeToResize,
    () => window.innerWidth,
    () => null,
  );
}
