/**
 * How often an open list of what is live (the live-events page, the live-now overlay) asks
 * again: often enough that an event that starts shows within half a minute, rarely enough that
 * an open tab costs the platform little.
 */
export const LIVE_REFRESH_MS = 30_000;

/** Whether the page is hidden, and news of when that changes (the document's in a browser). */
export interface Visibility {
  hidden(): boolean;
  subscribe(onChange: () => void): () => void;
}

export const documentVisibility: Visibility = {
  hidden: () => document.visibilityState === "hidden",
  subscribe(onChange) {
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  },
};

/**
 * Runs `tick` every `intervalMs` while the page is visible: never two at once (the next waits
 * for the last to settle), none while hidden, and one at once on coming back into view when
 * the last is older than the interval. Returns the function that stops it.
 */
export function startPolling({
  intervalMs,
  tick,
  visibility,
  now = Date.now,
}: {
  intervalMs: number;
  tick: () => Promise<unknown>;
  visibility: Visibility;
  now?: () => number;
}): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;
  let last = now();

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || running || visibility.hidden()) return;
    timer = setTimeout(run, Math.max(0, delay));
  };
  const run = () => {
    timer = undefined;
    running = true;
    last = now();
    void tick()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        schedule(intervalMs);
      });
  };
  const unsubscribe = visibility.subscribe(() => {
    if (visibility.hidden()) {
      clearTimeout(timer);
      timer = undefined;
    } else {
      schedule(intervalMs - (now() - last));
    }
  });
  schedule(intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}
