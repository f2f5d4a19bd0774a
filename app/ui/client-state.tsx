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

function subscribeToResize(onChange: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      onChange();
    }, RESIZE_THROTTLE_MS);
  };
  window.addEventListener("resize", onResize);
  return () => {
    window.removeEventListener("resize", onResize);
    clearTimeout(timer);
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
