/**
 * How many history items the page shows. The platform answers the most recent `rpp` items
 * (1-100) and has no further pages, so "load more" asks again for more of them; the page's own
 * `?rpp=` keeps the count in the URL, where it works without scripts and survives a reload.
 */
export const HISTORY_PAGE_SIZE = 20;
/** The platform's largest `rpp` for the history. */
export const HISTORY_MAX = 100;

/** The count a page URL asks for: a whole number 1-100, else the first page's. */
export function shownCount(url: URL): number {
  const raw = url.searchParams.get("rpp");
  if (raw === null || !/^\d{1,3}$/.test(raw)) return HISTORY_PAGE_SIZE;
  const value = Number(raw);
  return value >= 1 && value <= HISTORY_MAX ? value : HISTORY_PAGE_SIZE;
}

/**
 * What to ask the platform for to show `shown` items and know whether there are more: one
 * more than shown, up to its limit (at the limit, nothing more can be had).
 */
export function askedCount(shown: number): number {
  return Math.min(shown + 1, HISTORY_MAX);
}

/** The count "load more" leads to, or null when everything there is (or can be) is shown. */
export function nextCount(shown: number, received: number): number | null {
  if (received <= shown || shown >= HISTORY_MAX) return null;
  return Math.min(shown + HISTORY_PAGE_SIZE, HISTORY_MAX);
}
