import { useCallback, useRef, type ReactNode } from "react";
import type { Card as CardData } from "../../contract/generated/card.ts";
import { useT } from "../i18n/i18n.ts";
import { realmPaths } from "../realm/links.ts";
import { Card, cardTitle } from "../ui/Card.tsx";
import { nextRovingIndex } from "../ui/roving.ts";
import { Highlight } from "./highlight.tsx";
import type { SearchState } from "./search-state.ts";

/** What every list of search cards needs to draw them. */
export interface CardContext {
  basePath: string;
  locale: string;
  titleScale: number;
}

/** The links arrow keys move between: result cards and the overlay's title shortcuts. */
export const RESULT_LINKS = "a.card, a.search-shortcut";

/**
 * Where a key moves focus from result `index` of `count`: the cards' roving keys (← → Home
 * End), with ↓ and ↑ as next and previous; null when the key is not ours.
 */
export function arrowTarget(key: string, index: number, count: number): number | null {
  const asRow = key === "ArrowDown" ? "ArrowRight" : key === "ArrowUp" ? "ArrowLeft" : key;
  return nextRovingIndex(asRow, index, count);
}

/** Moves focus between the result links inside the element the listener is on. */
function onArrowKey(event: KeyboardEvent) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const container = event.currentTarget as HTMLElement;
  const links = [...container.querySelectorAll<HTMLAnchorElement>(RESULT_LINKS)];
  const index = links.indexOf(event.target as HTMLAnchorElement);
  if (index === -1) return;
  const next = arrowTarget(event.key, index, links.length);
  if (next === null) return;
  event.preventDefault();
  links[next]!.focus();
}

/**
 * Arrow keys, Home and End move focus between the result links inside the element given the
 * returned callback ref (cards and title shortcuts alike); Tab still walks them one by one, and
 * works without scripts. A callback ref, so an element that mounts late (inside a dialog's
 * portal) still gets the keys; the ref object holds the element for other uses.
 */
export function useArrowNavigation<T extends HTMLElement>() {
  const elementRef = useRef<T | null>(null);
  const attach = useCallback((element: T | null) => {
    elementRef.current?.removeEventListener("keydown", onArrowKey);
    elementRef.current = element;
    element?.addEventListener("keydown", onArrowKey);
  }, []);
  return [elementRef, attach] as const;
}

/**
 * Search results as cards, their titles with the query's words marked. Each card enters with
 * the spec's 500 ms animation (none for viewers who ask for reduced motion); cards appended by
 * "more results" enter as they arrive, those already shown stay put.
 */
export function ResultCards({
  hits,
  query,
  context,
  label,
  className,
}: {
  hits: CardData[];
  query: string;
  context: CardContext;
  /** The list's accessible name. */
  label?: string;
  className?: string;
}) {
  const paths = realmPaths(context.basePath);
  return (
    <ul
      className={`grid-list search-results${className ? ` ${className}` : ""}`}
      aria-label={label}
    >
      {hits.map((hit) => (
        <li key={`${hit.type}:${hit.id}`} className="grid-item search-hit">
          <ResultCard hit={hit} query={query} href={paths.card(hit)} context={context} />
        </li>
      ))}
    </ul>
  );
}

function ResultCard({
  hit,
  query,
  href,
  context,
}: {
  hit: CardData;
  query: string;
  href: string;
  context: CardContext;
}) {
  return (
    <Card
      card={hit}
      href={href}
      locale={context.locale}
      titleScale={context.titleScale}
      titleContent={<Highlight text={cardTitle(hit)} query={query} />}
    />
  );
}

/**
 * The polite live region: "Searching…", how many results the query found, or that it found
 * none, read out as it changes. Present from the first render so the first change is heard.
 */
export function SearchStatus({
  state,
  visible = false,
}: {
  state: SearchState;
  visible?: boolean;
}) {
  const t = useT();
  let text = "";
  if (state.status === "loading") text = t("searchLoading");
  else if (state.status === "ready") {
    text =
      state.totalHits === 0
        ? t("searchNoResults", { query: state.query })
        : t("searchResultCount", { count: state.totalHits, query: state.query });
  } else if (state.status === "error") text = t("searchFailed");
  return (
    <p role="status" aria-live="polite" className={visible ? "search-status" : "visually-hidden"}>
      {text}
    </p>
  );
}

/** Popular content under a heading, for before a search and after one that found nothing. */
export function PopularContent({
  hits,
  context,
  headingLevel = 2,
}: {
  hits: CardData[];
  context: CardContext;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  if (hits.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="search-popular" aria-labelledby="search-popular-heading">
      <Heading id="search-popular-heading" className="search-heading">
        {t("searchPopular")}
      </Heading>
      <ResultCards hits={hits} query="" context={context} />
    </section>
  );
}

/** A search that found nothing: says so, then suggests popular content. */
export function SearchEmpty({
  query,
  popular,
  context,
  headingLevel = 2,
}: {
  query: string;
  popular: CardData[];
  context: CardContext;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  return (
    <div className="search-empty">
      <p className="search-empty-title">{t("searchNoResults", { query })}</p>
      {popular.length > 0 ? <p>{t("searchNoResultsHint")}</p> : null}
      <PopularContent hits={popular} context={context} headingLevel={headingLevel} />
    </div>
  );
}

/** The platform could not search: says so, with a way to try again. */
export function SearchError({ retry }: { retry: ReactNode }) {
  const t = useT();
  return (
    <div className="search-error" role="alert">
      <p>{t("searchFailed")}</p>
      {retry}
    </div>
  );
}
