import { useEffect, useState } from "react";

/** Spec-free but common sense: waits shorter than this get no indicator, so nothing flickers. */
export const PENDING_DELAY_MS = 150;

/** Idle or not, as Remix reports a navigation, a fetcher or a revalidation. */
type State = "idle" | "loading" | "submitting";

/** Whether anything the viewer started is still under way. */
export function isBusy({
  navigation,
  fetchers,
  revalidation,
}: {
  navigation: State;
  fetchers: readonly { state: State }[];
  revalidation: State;
}): boolean {
  return (
    navigation !== "idle" || revalidation !== "idle" || fetchers.some((f) => f.state !== "idle")
  );
}

/**
 * Whether a client-side navigation is leaving the page for another one (not merely changing its
 * query, which the page shows itself): the main area shows skeletons meanwhile.
 */
export function isChangingPage(
  navigation: { state: State; location?: { pathname: string } },
  currentPathname: string,
): boolean {
  return (
    navigation.state === "loading" &&
    navigation.location !== undefined &&
    navigation.location.pathname !== currentPathname
  );
}

/** `active`, once it has lasted `delayMs`; false again as soon as it stops. */
export function useDelayedFlag(active: boolean, delayMs = PENDING_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(active), active ? delayMs : 0);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
