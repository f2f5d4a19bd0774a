/** A `redirectResult` query parameter (a payment provider's answer) is kept for the page that needs it. */
export const REDIRECT_RESULT_KEY = "redirectResult";

/** Moves `redirectResult` from the URL into local storage, leaving the URL clean. */
export function keepRedirectResult(location: Location, history: History, storage: Storage): void {
  const url = new URL(location.href);
  const value = url.searchParams.get(REDIRECT_RESULT_KEY);
  if (value === null) return;
  try {
    storage.setItem(REDIRECT_RESULT_KEY, value);
  } catch {
    // Storage may be full or disabled; the parameter is still removed from the address bar.
  }
  url.searchParams.delete(REDIRECT_RESULT_KEY);
  history.replaceState(history.state, "", `${url.pathname}${url.search}${url.hash}`);
}
