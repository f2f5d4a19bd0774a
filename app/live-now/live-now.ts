import type { Card } from "../../contract/generated/card.ts";

/** The hash that opens the live-now overlay over any page (spec section 2, hash routes). */
export const LIVE_NOW_HASH = "#livenow";

/** What `{realm}/live-now` answers: the events live now, as cards. */
export interface LiveNowAnswer {
  events: Card[];
  /** How many are live in all; more than `events` only past the overlay's limit. */
  totalHits: number;
}

/** Asks `{realm}/live-now` what is live; a failed answer is an error. */
export async function fetchLiveNow(href: string, signal?: AbortSignal): Promise<LiveNowAnswer> {
  const response = await fetch(href, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`live now failed with ${response.status}`);
  return (await response.json()) as LiveNowAnswer;
}
