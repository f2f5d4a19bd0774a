import type { Card } from "../../contract/generated/card.ts";

/** The hash that opens the live-now overlay over any page (spec section 2, hash routes). */
export const LIVE_NOW_HASH = "#livenow";

/** What `{realm}/live-now` answers: the events live now, as cards. */
export interface LiveNowAnswer {
  events: Card[];
  /** How many are live in all; more than `events` only past the overlay's limit. */
  totalHits: number;
}
