import { Form, useLoaderData, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useId, useReducer, useRef, type MouseEvent } from "react";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import { appEvents } from "../analytics/app-events.ts";
import { useT } from "../i18n/i18n.ts";
import { useRootData } from "../realm/use-root-data.ts";
import {
  normaliseQuery,
  CONTENT_FILTERS,
  FILTER_LABELS,
  type ContentFilter,
} from "./search-url.ts";
import { hasMore, foundNothing, searchReducer } from "./search-state.ts";
import { pageActions, pageState, searchAnswersHref, searchPageHref } from "./page-state.ts";
import {
  PopularContent,
  RESULT_LINKS,
  ResultCards,
  SearchEmpty,
  SearchError,
  SearchStatus,
  useArrowNavigation,
  type CardContext,
} from "./SearchResults.tsx";
import type { SearchPageView } from "./view.ts";

/**
 * `/search` (vesper realms): a GET form (the box and the four filter chips), then the results
 * as cards with "more results". The query and filters are the URL's, so a search can be shared
 * and the page works without scripts; with them, a chip searches as soon as it changes and
 * "more results" appends the next page where the viewer is, without leaving the page.
 */
export function SearchScreen() {
  const t = useT();
  const view = useLoaderData<SearchPageView>();
  const root = useRootData();
  const basePath = root?.basePath ?? "";
  const context: CardContext = {
    basePath,
    locale: root?.locale ?? "en",
    titleScale: root?.shell?.theme.cardTitleFontScale ?? 1,
  };
  const seq = useRef(1);
  const [state, dispatch] = useReducer(searchReducer, view, (v) => pageState(v, 1));
  const navigation = useNavigation();
  const location = useLocation();
  const submit = useSubmit();
  const inputId = useId();
  const [results, resultsRef] = useArrowNavigation<HTMLDivElement>();

  // A new page from the server (a search, a chip, "more results" without scripts) is the state.
  const applied = useRef(view);
  useEffect(() => {
    if (applied.current !== view) {
      applied.current = view;
      seq.current += 1;
      for (const action of pageActions(view, seq.current)) dispatch(action);
    }
    if (view.request.query && view.request.page === 1) {
      appEvents.emit("searchQuery", { keyword: view.request.query });
    }
  }, [view]);

  // The first card "more results" adds takes focus once it arrives: the new cards are where
  // the viewer was heading, and the button may be gone.
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || state.hits.length <= index) return;
    firstNew.current = null;
    const links = results.current?.querySelectorAll<HTMLAnchorElement>(
      `.search-results ${RESULT_LINKS}`,
    );
    links?.[index]?.focus();
  }, [state.hits.length, results]);

  // A search, a chip or "more results" without scripts is on its way from the server.
  const searching =
    navigation.state !== "idle" && navigation.location?.pathname === location.pathname;
  const busy = state.status === "loading" || state.more === "loading" || searching;
  const { query, filters } = view.request;

  const loadMore = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (state.more === "loading") return;
    const n = (seq.current += 1);
    firstNew.current = state.hits.length;
    dispatch({ type: "nextPage", seq: n });
    try {
      const href = searchAnswersHref(basePath, "results", { query, filters, page: state.page + 1 });
      const response = await fetch(href, { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`search failed with ${response.status}`);
      dispatch({
        type: "nextPageResultsSet",
        seq: n,
        answer: (await response.json()) as ResultSet,
      });
    } catch {
      firstNew.current = null;
      dispatch({ type: "failed", seq: n });
    }
  };

  const onFilterChange = (filter: ContentFilter, form: HTMLFormElement | null) => {
    const next = CONTENT_FILTERS.filter((f) =>
      f === filter ? !state.filters.includes(f) : state.filters.includes(f),
    );
    dispatch({ type: "refinesUpdated", filters: next });
    if (form && normaliseQuery(state.value)) submit(form, { preventScrollReset: true });
  };

  return (
    <div className="layout search-page">
      <h1 className="page-title">{t("search")}</h1>
      <Form
        method="get"
        role="search"
        className="search-form"
        preventScrollReset
        onSubmit={() => {
          const value = normaliseQuery(state.value);
          if (value) dispatch({ type: "newSearch", query: value, seq: (seq.current += 1) });
        }}
      >
        <div className="search-box">
          <label htmlFor={inputId} className="visually-hidden">
            {t("searchInputLabel")}
          </label>
          <input
            id={inputId}
            className="search-input"
            type="search"
            name="q"
            value={state.value}
            placeholder={t("searchPlaceholder")}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            onChange={(event) => dispatch({ type: "valueUpdated", value: event.target.value })}
          />
          <button type="submit" className="button search-submit">
            {t("search")}
          </button>
        </div>
        <fieldset className="search-filters">
          <legend className="search-filters-legend">{t("searchFilters")}</legend>
          {CONTENT_FILTERS.map((filter) => (
            <label key={filter} className="search-chip">
              <input
                type="checkbox"
                name="filter"
                value={filter}
                checked={state.filters.includes(filter)}
                onChange={(event) => onFilterChange(filter, event.currentTarget.form)}
              />
              <span>{t(FILTER_LABELS[filter])}</span>
            </label>
          ))}
        </fieldset>
      </Form>
      <div className="search-body" ref={resultsRef} aria-busy={busy || undefined}>
        <SearchStatus state={state} />
        {state.status === "error" ? (
          <SearchError
            retry={
              <a className="button" href={searchPageHref(basePath, view.request)}>
                {t("retry")}
              </a>
            }
          />
        ) : state.status === "idle" ? (
          <PopularContent hits={state.popular ?? []} context={context} />
        ) : foundNothing(state) ? (
          <SearchEmpty query={state.query} popular={state.popular ?? []} context={context} />
        ) : state.hits.length > 0 ? (
          <section className="search-found" aria-labelledby={`${inputId}-count`}>
            <h2 id={`${inputId}-count`} className="search-heading">
              {t("searchResultCount", { count: state.totalHits, query })}
            </h2>
            <ResultCards hits={state.hits} query={query} context={context} />
            {hasMore(state) ? (
              <div className="grid-more">
                <a
                  className="button search-more"
                  href={searchPageHref(basePath, { query, filters, page: state.page + 1 })}
                  onClick={loadMore}
                  aria-busy={state.more === "loading" || undefined}
                >
                  {state.more === "loading" ? t("loading") : t("searchMoreResults")}
                </a>
              </div>
            ) : null}
            {state.more === "error" ? (
              <p role="alert" className="search-more-failed">
                {t("loadMoreFailed")}
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
    </div>
  );
}
