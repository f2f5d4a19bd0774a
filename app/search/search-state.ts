import type { Card } from "../../contract/generated/card.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type { Bucket, SearchBuckets } from "../../contract/generated/search-buckets.ts";
import type { ContentFilter } from "./search-url.ts";

/**
 * Search (spec section 4, "Search"): one state for the search page and the search overlay.
 * Every answer carries the sequence number of the request it answers; an answer to anything
 * but the latest request is stale and changes nothing, so a slow answer to an earlier query
 * never replaces a later one.
 */
export interface SearchState {
  /** Whether search is open (the overlay; the page is open while shown). */
  open: boolean;
  /** What the search box holds now. */
  value: string;
  /** The query the results are for (the value when it was searched). */
  query: string;
  filters: ContentFilter[];
  /** Where the results for `query` are. "idle": nothing searched (popular content shows). */
  status: "idle" | "loading" | "ready" | "error";
  /** The page's results: pages 1..page, in order. */
  hits: Card[];
  /** The overlay's results: one bucket per type. */
  buckets: Bucket[];
  totalHits: number;
  page: number;
  totalPages: number;
  /** A next page is on its way, or could not be had. */
  more: "idle" | "loading" | "error";
  /** Popular content, shown before a search and when one finds nothing; null until set. */
  popular: Card[] | null;
  /** The latest request's sequence number. */
  seq: number;
}

export type SearchAction =
  | { type: "open" }
  | { type: "close" }
  /** A request for `query` with the current filters is sent, numbered `seq`. */
  | { type: "newSearch"; query: string; seq: number }
  | { type: "valueUpdated"; value: string }
  | { type: "refinesUpdated"; filters: ContentFilter[] }
  | { type: "popularContentSet"; hits: Card[] }
  | { type: "resultsSet"; seq: number; answer: ResultSet | SearchBuckets }
  /** The next page is asked for, numbered `seq`. */
  | { type: "nextPage"; seq: number }
  | { type: "nextPageResultsSet"; seq: number; answer: ResultSet }
  /** The request numbered `seq` failed. */
  | { type: "failed"; seq: number }
  /** The box holds no query (its value is left as it is): back to before any search. */
  | { type: "cleared" };

export const initialSearchState: SearchState = {
  open: false,
  value: "",
  query: "",
  filters: [],
  status: "idle",
  hits: [],
  buckets: [],
  totalHits: 0,
  page: 0,
  totalPages: 0,
  more: "idle",
  popular: null,
  seq: 0,
};

function isBuckets(answer: ResultSet | SearchBuckets): answer is SearchBuckets {
  return "buckets" in answer;
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case "open":
      return state.open ? state : { ...state, open: true };
    case "close":
      return state.open ? { ...state, open: false } : state;
    case "valueUpdated":
      return { ...state, value: action.value };
    case "refinesUpdated":
      return { ...state, filters: action.filters };
    case "newSearch":
      return {
        ...state,
        query: action.query,
        status: "loading",
        more: "idle",
        seq: action.seq,
      };
    case "cleared": {
      // Back to the start, keeping what is the viewer's: the box, the filters, popular content.
      const { value, filters, popular, open } = state;
      // Nothing in flight is wanted any more.
      return { ...initialSearchState, value, filters, popular, open, seq: state.seq + 1 };
    }
    case "popularContentSet":
      return { ...state, popular: action.hits };
    case "resultsSet": {
      if (action.seq !== state.seq) return state;
      const { answer } = action;
      return isBuckets(answer)
        ? {
            ...state,
            status: "ready",
            hits: [],
            buckets: answer.buckets,
            totalHits: answer.totalHits,
            page: 1,
            totalPages: 1,
            more: "idle",
          }
        : {
            ...state,
            status: "ready",
            hits: answer.hits,
            buckets: [],
            totalHits: answer.totalHits,
            page: answer.page,
            totalPages: answer.totalPages,
            more: "idle",
          };
    }
    case "nextPage":
      if (state.status !== "ready" || state.page >= state.totalPages) return state;
      return { ...state, more: "loading", seq: action.seq };
    case "nextPageResultsSet": {
      if (action.seq !== state.seq || action.answer.page !== state.page + 1) return state;
      const shown = new Set(state.hits.map((hit) => `${hit.type}:${hit.id}`));
      return {
        ...state,
        // A card that moved pages between requests is shown once.
        hits: [...state.hits, ...action.answer.hits.filter((h) => !shown.has(`${h.type}:${h.id}`))],
        totalHits: action.answer.totalHits,
        page: action.answer.page,
        totalPages: action.answer.totalPages,
        more: "idle",
      };
    }
    case "failed":
      if (action.seq !== state.seq) return state;
      return state.more === "loading" ? { ...state, more: "error" } : { ...state, status: "error" };
  }
}

/** Whether results were asked for and there are none: the empty state, with popular content. */
export function foundNothing(state: SearchState): boolean {
  return state.status === "ready" && state.totalHits === 0;
}

/** Whether "more results" can add a page. */
export function hasMore(state: SearchState): boolean {
  return state.status === "ready" && state.page < state.totalPages;
}
