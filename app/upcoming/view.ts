import type { Card } from "../../contract/generated/card.ts";

/** One upcoming event as the page shows it. */
export interface UpcomingEntry {
  card: Card;
  /** The event's page. */
  href: string;
  /** Its single-event `.ics` download. */
  calendarHref: string;
}

/** What the upcoming page shows, decided on the server. */
export type UpcomingView =
  /** The platform could not answer; `retry` is this page again. */
  | { state: "failed"; retry: string }
  | {
      state: "ready";
      events: UpcomingEntry[];
      /** The realm's feed of upcoming events: a path to download it, a URL to subscribe to. */
      feed: { href: string; url: string; webcal: string };
      home: string;
    };
