import type { Card } from "../../contract/generated/card.ts";
import type { LiveNowAnswer } from "../live-now/live-now.ts";

/** What the live-events page shows, decided on the server and kept fresh in the browser. */
export type LiveEventsView =
  /** The platform could not answer; `retry` is this page again. */
  | { state: "failed"; retry: string }
  | {
      state: "ready";
      /** The events live now, as the live-now overlay lists them. */
      live: LiveNowAnswer;
      /** The next events to start, soonest first. */
      next: Card[];
      /** When `live` was read, ISO 8601. */
      readAt: string;
      /** The realm's upcoming page, where the realm has one. */
      upcoming: string | null;
    };
