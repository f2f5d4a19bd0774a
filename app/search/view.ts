import type { Card } from "../../contract/generated/card.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import type { SearchRequest } from "./search-url.ts";

/** The search route's data: what was asked, and its results (pages 1..page) or why none. */
export interface SearchPageView {
  request: SearchRequest;
  /** "idle": nothing searched yet; "failed": the platform could not search. */
  state: "idle" | "ready" | "failed";
  results: ResultSet | null;
  /** Popular content: before a search, and when one finds nothing. */
  popular: Card[];
  resultPerPage: number;
}

/** The realm's search sizes (spec section 9: 12 results a page, buckets of 10, 20 shortcuts). */
export function searchSizes(settings: Pick<RealmSettings, "searchSettings"> | undefined) {
  const s = settings?.searchSettings;
  return {
    resultPerPage: s?.resultPerPage ?? 12,
    bucketPerPage: s?.bucketPerPage ?? 10,
    bucketShortcutsPerPage: s?.bucketShortcutsPerPage ?? 20,
  };
}
