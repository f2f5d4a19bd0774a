import type { Card } from "../../contract/generated/card.ts";
import type { WatchHistoryItem } from "../../contract/generated/watch-history.ts";
import type { WatchProgress } from "../ui/watch-progress.ts";

/** One watched video or event as the history page shows it. */
export interface HistoryEntry {
  kind: WatchHistoryItem["kind"];
  card: Card;
  watchedAt: string;
  /** Its watch page: `vod` for a video, `live` for an event. */
  href: string;
  /** Null for what cannot be resumed (an event still live: it is rejoined live). */
  progress: WatchProgress | null;
}

/** What the history page shows, decided on the server. */
export type HistoryView =
  /** A guest: no account, so no history; sign-in keeps one. */
  | { state: "signedOut"; signIn: string }
  /** The platform could not answer; `retry` is this page again. */
  | { state: "failed"; retry: string }
  /** `more` is the URL showing more items, null when all are shown. */
  | { state: "ready"; items: HistoryEntry[]; more: string | null; home: string };
