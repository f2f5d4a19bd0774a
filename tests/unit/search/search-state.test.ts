import { describe, expect, it } from "vitest";
import type { ResultSet } from "../../../contract/generated/result-set.ts";
import type { SearchBuckets } from "../../../contract/generated/search-buckets.ts";
import {
  foundNothing,
  hasMore,
  initialSearchState,
  searchReducer,
  type SearchAction,
  type SearchState,
} from "../../../app/search/search-state.ts";
import { EVENTS, PLAYLIST, VIDEOS, page } from "../blocks/fixtures.tsx";

const run = (actions: SearchAction[], from: SearchState = initialSearchState) =>
  actions.reduce(searchReducer, from);

const firstPage: ResultSet = page(VIDEOS.slice(0, 30), 1, 12);
const secondPage: ResultSet = page(VIDEOS.slice(0, 30), 2, 12);
const buckets: SearchBuckets = {
  query: "knockout",
  totalHits: 31,
  buckets: [
    { type: "VOD_VIDEO", hits: VIDEOS.slice(0, 10), shortcuts: [], totalHits: 30 },
    { type: "VOD_PLAYLIST", hits: [PLAYLIST], shortcuts: [], totalHits: 1 },
  ],
};
const searched = run([
  { type: "valueUpdated", value: "knockout" },
  { type: "newSearch", query: "knockout", seq: 1 },
  { type: "resultsSet", seq: 1, answer: firstPage },
]);

describe("the search state", () => {
  it("starts closed, empty and idle", () => {
    expect(initialSearchState).toMatchObject({ open: false, value: "", status: "idle", seq: 0 });
    expect(initialSearchState.popular).toBeNull();
  });

  it("opens and closes, and an open search opened again is the same state", () => {
    const open = searchReducer(initialSearchState, { type: "open" });
    expect(open.open).toBe(true);
    expect(searchReducer(open, { type: "open" })).toBe(open);
    expect(searchReducer(open, { type: "close" }).open).toBe(false);
    expect(searchReducer(initialSearchState, { type: "close" })).toBe(initialSearchState);
  });

  it("takes what the box holds without searching", () => {
    const state = searchReducer(initialSearchState, { type: "valueUpdated", value: "oka" });
    expect(state).toMatchObject({ value: "oka", query: "", status: "idle", seq: 0 });
  });

  it("takes the filters (refines) without searching", () => {
    const state = searchReducer(initialSearchState, {
      type: "refinesUpdated",
      filters: ["LIVE_EVENT", "VOD_SERIES"],
    });
    expect(state.filters).toEqual(["LIVE_EVENT", "VOD_SERIES"]);
    expect(state.status).toBe("idle");
  });

  it("is loading a new search, keeping what it showed until the answer comes", () => {
    const state = searchReducer(searched, { type: "newSearch", query: "okafor", seq: 2 });
    expect(state).toMatchObject({ query: "okafor", status: "loading", seq: 2 });
    expect(state.hits).toBe(searched.hits);
  });

  it("sets popular content", () => {
    const state = searchReducer(initialSearchState, { type: "popularContentSet", hits: EVENTS });
    expect(state.popular).toBe(EVENTS);
  });

  it("sets a page of results", () => {
    expect(searched).toMatchObject({
      status: "ready",
      query: "knockout",
      page: 1,
      totalPages: 3,
      totalHits: 30,
      buckets: [],
    });
    expect(searched.hits).toEqual(VIDEOS.slice(0, 12));
    expect(hasMore(searched)).toBe(true);
  });

  it("sets the overlay's buckets", () => {
    const state = run([
      { type: "newSearch", query: "knockout", seq: 4 },
      { type: "resultsSet", seq: 4, answer: buckets },
    ]);
    expect(state).toMatchObject({ status: "ready", totalHits: 31, hits: [], page: 1 });
    expect(state.buckets.map((bucket) => bucket.type)).toEqual(["VOD_VIDEO", "VOD_PLAYLIST"]);
    expect(hasMore(state)).toBe(false);
  });

  it("ignores an answer to any request but the latest", () => {
    const later = run([
      { type: "newSearch", query: "oka", seq: 1 },
      { type: "newSearch", query: "okafor", seq: 2 },
    ]);
    expect(searchReducer(later, { type: "resultsSet", seq: 1, answer: firstPage })).toBe(later);
    expect(searchReducer(later, { type: "failed", seq: 1 })).toBe(later);
    expect(searchReducer(later, { type: "resultsSet", seq: 2, answer: firstPage }).query).toBe(
      "okafor",
    );
  });

  it("appends the next page of results", () => {
    const asked = searchReducer(searched, { type: "nextPage", seq: 2 });
    expect(asked).toMatchObject({ more: "loading", seq: 2 });
    const state = searchReducer(asked, { type: "nextPageResultsSet", seq: 2, answer: secondPage });
    expect(state.hits).toEqual(VIDEOS.slice(0, 24));
    expect(state).toMatchObject({ page: 2, more: "idle", status: "ready" });
  });

  it("shows a card that moved between pages once", () => {
    const asked = searchReducer(searched, { type: "nextPage", seq: 2 });
    const shifted = { ...secondPage, hits: [VIDEOS[11]!, ...secondPage.hits.slice(0, 11)] };
    const state = searchReducer(asked, { type: "nextPageResultsSet", seq: 2, answer: shifted });
    expect(state.hits).toHaveLength(23);
    expect(new Set(state.hits.map((hit) => hit.id)).size).toBe(23);
  });

  it("ignores a next page that is stale or not the next one", () => {
    const asked = searchReducer(searched, { type: "nextPage", seq: 2 });
    expect(searchReducer(asked, { type: "nextPageResultsSet", seq: 1, answer: secondPage })).toBe(
      asked,
    );
    const third = page(VIDEOS, 3, 12);
    expect(searchReducer(asked, { type: "nextPageResultsSet", seq: 2, answer: third })).toBe(asked);
  });

  it("asks no next page past the last, nor before results", () => {
    const last = run(
      [
        { type: "nextPage", seq: 2 },
        { type: "nextPageResultsSet", seq: 2, answer: secondPage },
        { type: "nextPage", seq: 3 },
        { type: "nextPageResultsSet", seq: 3, answer: page(VIDEOS, 3, 12) },
      ],
      searched,
    );
    expect(last.page).toBe(3);
    expect(hasMore(last)).toBe(false);
    expect(searchReducer(last, { type: "nextPage", seq: 4 })).toBe(last);
    expect(searchReducer(initialSearchState, { type: "nextPage", seq: 1 })).toBe(
      initialSearchState,
    );
  });

  it("fails a search as an error, and a next page as a failed next page keeping the results", () => {
    const failed = run(
      [
        { type: "newSearch", query: "okafor", seq: 2 },
        { type: "failed", seq: 2 },
      ],
      searched,
    );
    expect(failed.status).toBe("error");
    const more = run(
      [
        { type: "nextPage", seq: 2 },
        { type: "failed", seq: 2 },
      ],
      searched,
    );
    expect(more).toMatchObject({ status: "ready", more: "error" });
    expect(more.hits).toBe(searched.hits);
  });

  it("finds nothing only when an answer says so", () => {
    const none = run([
      { type: "newSearch", query: "zzz", seq: 1 },
      { type: "resultsSet", seq: 1, answer: { hits: [], page: 1, totalPages: 1, totalHits: 0 } },
    ]);
    expect(foundNothing(none)).toBe(true);
    expect(foundNothing(searched)).toBe(false);
    expect(foundNothing(initialSearchState)).toBe(false);
  });

  it("goes back to before any search when the box holds no query, dropping answers in flight", () => {
    const loading = searchReducer(searched, { type: "newSearch", query: "okafor", seq: 2 });
    const cleared = searchReducer(searchReducer(loading, { type: "valueUpdated", value: "  " }), {
      type: "cleared",
    });
    expect(cleared).toMatchObject({
      status: "idle",
      query: "",
      hits: [],
      totalHits: 0,
      value: "  ",
    });
    expect(cleared.seq).toBe(3);
    expect(searchReducer(cleared, { type: "resultsSet", seq: 2, answer: firstPage })).toBe(cleared);
  });
});
