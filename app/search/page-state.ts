import {
  initialSearchState,
  searchReducer,
  type SearchAction,
  type SearchState,
} from "./search-state.ts";
import { routeHref } from "../realm/routes.ts";
import { searchQueryString, type SearchRequest } from "./search-url.ts";
import type { SearchPageView } from "./view.ts";

/**
 * What a search page the server rendered means to the search state, as the reducer's own
 * actions: the box's value and the filters, popular content, then the search and its results
 * (or its failure) numbered `seq`, or, without a query, nothing searched.
 */
export function pageActions(view: SearchPageView, seq: number): SearchAction[] {
  const { query, filters } = view.request;
  const actions: SearchAction[] = [
    { type: "open" },
    { type: "cleared" },
    { type: "valueUpdated", value: query },
    { type: "refinesUpdated", filters },
    { type: "popularContentSet", hits: view.popular },
  ];
  if (!query) return actions;
  actions.push({ type: "newSearch", query, seq });
  actions.push(
    view.results ? { type: "resultsSet", seq, answer: view.results } : { type: "failed", seq },
  );
  return actions;
}

/** The search state of a page the server rendered. */
export function pageState(view: SearchPageView, seq: number): SearchState {
  return pageActions(view, seq).reduce(searchReducer, initialSearchState);
}

/** The search route's URL for a request (`?q=…&filter=…&page=…`). */
export function searchPageHref(basePath: string, request: SearchRequest): string {
  return `${routeHref(basePath, { name: "search" })}${searchQueryString(request)}`;
}

/** The JSON route's URL for one kind of answer (see search.server.ts). */
export function searchAnswersHref(
  basePath: string,
  kind: "results" | "buckets" | "popular",
  request?: SearchRequest,
): string {
  const params = new URLSearchParams(request ? searchQueryString(request).slice(1) : "");
  params.set("kind", kind);
  return `${routeHref(basePath, { name: "searchAnswers" })}?${params.toString()}`;
}
