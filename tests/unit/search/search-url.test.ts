import { describe, expect, it } from "vitest";
import {
  pageActions,
  pageState,
  searchAnswersHref,
  searchPageHref,
} from "../../../app/search/page-state.ts";
import {
  MAX_SEARCH_PAGE,
  normaliseQuery,
  parseSearchParams,
  searchQueryString,
} from "../../../app/search/search-url.ts";
import { searchSizes, type SearchPageView } from "../../../app/search/view.ts";
import { EVENTS, VIDEOS, page } from "../blocks/fixtures.tsx";

const parse = (query: string) => parseSearchParams(new URLSearchParams(query));

describe("reading a search URL", () => {
  it("reads the query, the filters and the page", () => {
    expect(parse("q=okafor&filter=VOD_VIDEO&filter=LIVE_EVENT&page=2")).toEqual({
      query: "okafor",
      filters: ["LIVE_EVENT", "VOD_VIDEO"],
      page: 2,
    });
  });

  it("trims the query and collapses its whitespace, and cuts a very long one", () => {
    expect(parse("q=%20%20road%20%20to%0Aafc%20").query).toBe("road to afc");
    expect(parse(`q=${"a".repeat(500)}`).query).toHaveLength(200);
    expect(parse("").query).toBe("");
    expect(normaliseQuery(null)).toBe("");
  });

  it("ignores filter values it does not know, and reads each known one once", () => {
    expect(
      parse("q=x&filter=NEWS&filter=vod_video&filter=&filter=VOD_SERIES&filter=VOD_SERIES").filters,
    ).toEqual(["VOD_SERIES"]);
    expect(parse("q=x&filter=VOD_PLAYLIST,VOD_VIDEO,BOGUS").filters).toEqual([
      "VOD_VIDEO",
      "VOD_PLAYLIST",
    ]);
  });

  it("reads a page that is not a whole number from 1 as the first, and stops at the last it renders", () => {
    for (const bad of ["0", "-1", "1.5", "two", "", " ", "1e2", "99999999"]) {
      expect(parse(`q=x&page=${encodeURIComponent(bad)}`).page, bad).toBe(1);
    }
    expect(parse("q=x&page=3").page).toBe(3);
    expect(parse("q=x&page=500").page).toBe(MAX_SEARCH_PAGE);
  });

  it("writes a request back as the URL it was read from", () => {
    const request = { query: "road to afc", filters: ["VOD_PLAYLIST" as const], page: 2 };
    expect(searchQueryString(request)).toBe("?q=road+to+afc&filter=VOD_PLAYLIST&page=2");
    expect(parseSearchParams(new URLSearchParams(searchQueryString(request)))).toEqual(request);
    expect(searchQueryString({ query: "", filters: [], page: 1 })).toBe("");
  });

  it("links the search page and its JSON answers inside the realm", () => {
    const request = { query: "okafor", filters: ["VOD_VIDEO" as const], page: 3 };
    expect(searchPageHref("/realm/arena", request)).toBe(
      "/realm/arena/search?q=okafor&filter=VOD_VIDEO&page=3",
    );
    expect(searchAnswersHref("", "results", request)).toBe(
      "/search-answers?q=okafor&filter=VOD_VIDEO&page=3&kind=results",
    );
    expect(searchAnswersHref("/realm/liga", "popular")).toBe(
      "/realm/liga/search-answers?kind=popular",
    );
  });
});

describe("the realm's search sizes", () => {
  it("are the spec's unless the realm sets its own", () => {
    expect(searchSizes(undefined)).toEqual({
      resultPerPage: 12,
      bucketPerPage: 10,
      bucketShortcutsPerPage: 20,
    });
    expect(searchSizes({ searchSettings: { resultPerPage: 24 } }).resultPerPage).toBe(24);
  });
});

describe("the state of a search page the server rendered", () => {
  const view = (over: Partial<SearchPageView>): SearchPageView => ({
    request: { query: "knockout", filters: ["VOD_VIDEO"], page: 2 },
    state: "ready",
    results: { ...page(VIDEOS.slice(0, 24), 2, 12), hits: VIDEOS.slice(0, 24) },
    popular: [],
    resultPerPage: 12,
    ...over,
  });

  it("holds its results, query and filters, through the reducer's own actions", () => {
    const state = pageState(view({}), 5);
    expect(state).toMatchObject({
      open: true,
      value: "knockout",
      query: "knockout",
      filters: ["VOD_VIDEO"],
      status: "ready",
      page: 2,
      seq: 5,
    });
    expect(state.hits).toHaveLength(24);
    expect(pageActions(view({}), 5).map((a) => a.type)).toEqual([
      "open",
      "cleared",
      "valueUpdated",
      "refinesUpdated",
      "popularContentSet",
      "newSearch",
      "resultsSet",
    ]);
  });

  it("is idle with popular content before a search, and an error when the search failed", () => {
    const idle = pageState(
      view({
        request: { query: "", filters: [], page: 1 },
        state: "idle",
        results: null,
        popular: EVENTS,
      }),
      1,
    );
    expect(idle).toMatchObject({ status: "idle", popular: EVENTS, hits: [] });
    expect(pageState(view({ state: "failed", results: null }), 1).status).toBe("error");
  });
});
