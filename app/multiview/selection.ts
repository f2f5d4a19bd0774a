/** A multi-view shows this many live events at least, side by side... */
export const MULTIVIEW_MIN = 2;
/** ...and at most this many (the platform's limit of tiles per multi-view session). */
export const MULTIVIEW_MAX = 4;

/** The query parameter naming each event picked, in the order picked. */
export const EVENT_PARAM = "event";

/**
 * The events picked (`?event=12&event=7`): ids of events live now, each once, in the order
 * given. Anything else (not a number, not live now) is dropped rather than refused, since the
 * picker offers only what is live and an event may have ended since the link was made.
 */
export function pickedEvents(query: URLSearchParams, liveIds: readonly number[]): number[] {
  const picked: number[] = [];
  for (const value of query.getAll(EVENT_PARAM)) {
    if (!/^[1-9][0-9]{0,9}$/.test(value)) continue;
    const id = Number(value);
    if (liveIds.includes(id) && !picked.includes(id)) picked.push(id);
  }
  return picked;
}

/** Whether `count` events make a multi-view. */
export function isMultiview(count: number): boolean {
  return count >= MULTIVIEW_MIN && count <= MULTIVIEW_MAX;
}

/** The query of a multi-view of `ids` (a tile closed, the large one chosen). */
export function multiviewQuery(ids: readonly number[]): string {
  const query = new URLSearchParams();
  for (const id of ids) query.append(EVENT_PARAM, String(id));
  return query.toString();
}
