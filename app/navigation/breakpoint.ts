import { useViewportWidth } from "../ui/client-state.tsx";

/**
 * Spec sections 4 and 9: the navbar is in mobile mode below 1025 px wide. The media queries of
 * app/styles/navigation.css use the same width, so the first paint (before any script runs)
 * already shows the right mode.
 */
export const MOBILE_BREAKPOINT_PX = 1025;

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT_PX;
}

/**
 * Whether the navbar is in mobile mode, following resizes (throttled to 100 ms, spec section 9);
 * null on the server and before hydration, when the CSS alone decides.
 */
export function useMobileMode(): boolean | null {
  const width = useViewportWidth();
  return width === null ? null : isMobileWidth(width);
}
