import { Dialog } from "radix-ui";
import { useEffect, useId, useReducer, useRef, useState } from "react";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type { Bucket, SearchBuckets, Shortcut } from "../../contract/generated/search-buckets.ts";
import { appEvents } from "../analytics/app-events.ts";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { Highlight } from "./highlight.tsx";
import { searchAnswersHref } from "./page-state.ts";
import { foundNothing, initialSearchState, searchReducer } from "./search-state.ts";
import { FILTER_LABELS, isContentFilter, normaliseQuery } from "./search-url.ts";
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

/** How long typing must pause before the overlay searches. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The heading of a bucket of each type. */
export function bucketLabel(type: Bucket["type"]): string {
  if (isContentFilter(type)) return FILTER_LABELS[type];
  return type === "SECTION" ? "searchBucketSection" : "searchBucketEpg";
}

/** Where a title shortcut leads: the content's page, or the section's. */
export function shortcutHref(basePath: string, shortcut: Shortcut): string {
  const id = String(shortcut.id);
  switch (shortcut.type) {
    case "LIVE_EVENT":
      return routeHref(basePath, { name: "live", params: { id } });
    case "VOD_VIDEO":
      return routeHref(basePath, { name: "vod", params: { id } });
    case "VOD_PLAYLIST":
      return routeHref(basePath, { name: "playlist", params: { id } });
    case "VOD_SERIES":
      return routeHref(basePath, { name: "series", params: { id } });
    case "SECTION":
      return routeHref(basePath, { name: "section", params: { name: id } });
  }
}

async function getJson<T>(href: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(href, { headers: { Accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`search failed with ${response.status}`);
  return (await response.json()) as T;
}

/**
 * The search overlay: a modal dialog with the search box. Before typing it shows popular
 * content; as the viewer types (once typing pauses for SEARCH_DEBOUNCE_MS) it shows one bucket
 * per content type with its cards and title shortcuts. Each search is numbered and the one
 * before it aborted, so a late answer never replaces a newer one. Loaded only when it opens.
 */
export default function SearchOverlay({
  basePath,
  locale,
  titleScale,
  onClose,
}: {
  basePath: string;
  locale: string;
  titleScale: number;
  onClose: () => void;
}) {
  const t = useT();
  const inputId = useId();
  const descriptionId = useId();
  const context: CardContext = { basePath, locale, titleScale };
  const [state, dispatch] = useReducer(searchReducer, initialSearchState, (s) =>
    searchReducer(s, { type: "open" }),
  );
  const seq = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [results, resultsRef] = useArrowNavigation<HTMLDivElement>();

  // Popular content, for before the first search and for one that finds nothing.
  useEffect(() => {
    const controller = new AbortController();
    getJson<ResultSet>(searchAnswersHref(basePath, "popular"), controller.signal)
      .then((answer) => dispatch({ type: "popularContentSet", hits: answer.hits }))
      .catch(() => {
        // Popular content only fills space: without it the overlay still searches.
        if (!controller.signal.aborted) dispatch({ type: "popularContentSet", hits: [] });
      });
    return () => controller.abort();
  }, [basePath]);

  // Search once typing pauses; a newer keystroke cancels the wait, and the request in flight.
  const query = normaliseQuery(state.value);
  useEffect(() => {
    if (!query) {
      dispatch({ type: "cleared" });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const n = (seq.current += 1);
      dispatch({ type: "newSearch", query, seq: n });
      appEvents.emit("searchQuery", { keyword: query });
      getJson<SearchBuckets>(
        searchAnswersHref(basePath, "buckets", { query, filters: [], page: 1 }),
        controller.signal,
      )
        .then((answer) => dispatch({ type: "resultsSet", seq: n, answer }))
        .catch(() => {
          if (!controller.signal.aborted) dispatch({ type: "failed", seq: n });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [basePath, query, attempt]);

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="account-overlay" />
        <Dialog.Content
          className="account-dialog search-dialog"
          aria-describedby={descriptionId}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            input.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            // Opened by the hash, the dialog has no trigger of its own for radix to go back to:
            // focus returns to the header's search button.
            event.preventDefault();
            const button = document.querySelector<HTMLElement>(".header-search");
            (button ?? document.getElementById("main"))?.focus({ preventScroll: true });
          }}
        >
          <div className="account-dialog-head">
            <Dialog.Title className="account-dialog-title">{t("search")}</Dialog.Title>
            <Dialog.Close className="account-dialog-close">
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t("closeDialog")}</span>
            </Dialog.Close>
          </div>
          <Dialog.Description id={descriptionId} className="visually-hidden">
            {t("searchDialogDescription")}
          </Dialog.Description>
          <div role="search" className="search-box">
            <label htmlFor={inputId} className="visually-hidden">
              {t("searchInputLabel")}
            </label>
            <input
              ref={input}
              id={inputId}
              className="search-input"
              type="search"
              value={state.value}
              placeholder={t("searchPlaceholder")}
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
              onChange={(event) => dispatch({ type: "valueUpdated", value: event.target.value })}
              onKeyDown={(event) => {
                if (event.key !== "ArrowDown") return;
                const first = results.current?.querySelector<HTMLElement>(RESULT_LINKS);
                if (!first) return;
                event.preventDefault();
                first.focus();
              }}
            />
          </div>
          <div
            className="search-body"
            ref={resultsRef}
            aria-busy={state.status === "loading" || undefined}
          >
            <SearchStatus state={state} />
            {state.status === "error" ? (
              <SearchError
                retry={
                  <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
                    {t("retry")}
                  </button>
                }
              />
            ) : state.status === "idle" ? (
              <PopularContent hits={state.popular ?? []} context={context} headingLevel={3} />
            ) : foundNothing(state) ? (
              <SearchEmpty
                query={state.query}
                popular={state.popular ?? []}
                context={context}
                headingLevel={3}
              />
            ) : (
              state.buckets.map((bucket) => (
                <BucketView
                  key={bucket.type}
                  bucket={bucket}
                  query={state.query}
                  context={context}
                />
              ))
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One bucket: its heading, its best cards, then title links to the rest of its matches. */
function BucketView({
  bucket,
  query,
  context,
}: {
  bucket: Bucket;
  query: string;
  context: CardContext;
}) {
  const t = useT();
  const headingId = useId();
  const label = t(bucketLabel(bucket.type));
  return (
    <section className="search-bucket" aria-labelledby={headingId}>
      <h3 id={headingId} className="search-heading">
        {label} <span className="search-bucket-count">({bucket.totalHits})</span>
      </h3>
      {bucket.hits.length > 0 ? (
        <ResultCards hits={bucket.hits} query={query} context={context} />
      ) : null}
      {bucket.shortcuts.length > 0 ? (
        <ul className="search-shortcuts" aria-label={`${label}: ${t("searchShortcuts")}`}>
          {bucket.shortcuts.map((shortcut) => (
            <li key={`${shortcut.type}:${shortcut.id}`}>
              <a className="search-shortcut" href={shortcutHref(context.basePath, shortcut)}>
                <Highlight text={shortcut.title} query={query} />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
