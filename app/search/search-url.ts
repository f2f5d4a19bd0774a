/** The content types search can be narrowed to (spec section 2, "Search results"). */
export const CONTENT_FILTERS = ["LIVE_EVENT", "VOD_VIDEO", "VOD_PLAYLIST", "VOD_SERIES"] as const;
export type ContentFilter = (typeof CONTENT_FILTERS)[number];

/** The label key of each filter chip (and of the overlay's bucket of that type). */
export const FILTER_LABELS: Record<ContentFilter, string> = {
  LIVE_EVENT: "searchFilterLiveEvent",
  VOD_VIDEO: "searchFilterVodVideo",
  VOD_PLAYLIST: "searchFilterVodPlaylist",
  VOD_SERIES: "searchFilterVodSeries",
};

/** The hash that opens the search overlay over any page (spec section 2, hash routes). */
export const SEARCH_HASH = "#search";
/** The query marker the search route leaves when it sends a realm without its own page home. */
export const SEARCH_MARKER = "search";

/** Pages the search route renders at once without scripts ("more results" up to this). */
export const MAX_SEARCH_PAGE = 10;
/** Longest query passed on; longer input is cut here. */
export const MAX_QUERY_LENGTH = 200;

/** What a search URL asks for: `?q=…&filter=…&filter=…&page=…`. */
export interface SearchRequest {
  query: string;
  filters: ContentFilter[];
  /** Pages 1..page are shown (the "more results" link adds one). */
  page: number;
}

export function isContentFilter(value: string): value is ContentFilter {
  return (CONTENT_FILTERS as readonly string[]).includes(value);
}

/** Trimmed, inner whitespace collapsed, at most MAX_QUERY_LENGTH characters. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/**
 * Reads a search URL. Unknown filter values are dropped (and duplicates kept once, in the
 * chips' order); a page that is not a whole number from 1 to MAX_SEARCH_PAGE reads as 1, or
 * MAX_SEARCH_PAGE when it is beyond it.
 */
export function parseSearchParams(params: URLSearchParams): SearchRequest {
  const asked = new Set(params.getAll("filter").flatMap((value) => value.split(",")));
  const filters = CONTENT_FILTERS.filter((filter) => asked.has(filter));
  return { query: normaliseQuery(params.get("q")), filters, page: readPage(params.get("page")) };
}

function readPage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw.trim())) return 1;
  const page = Number(raw.trim());
  if (page < 1) return 1;
  return Math.min(page, MAX_SEARCH_PAGE);
}

/** The query string of a search: `q`, each filter, and `page` past the first. */
export function searchQueryString({ query, filters, page }: SearchRequest): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  for (const filter of filters) params.append("filter", filter);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
