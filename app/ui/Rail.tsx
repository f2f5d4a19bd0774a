import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../i18n/i18n.ts";
import { Card } from "./Card.tsx";
import { useHydrated, usePrefersReducedMotion } from "./client-state.tsx";
import { Icon } from "./Icon.tsx";
import type { WatchProgress } from "./watch-progress.ts";
import type { BlockOf } from "../../blocks/types.ts";
import type { CardView } from "./card-view.ts";
import type { CardPage } from "./card-view.ts";
import { useBlockRender } from "./render-context.tsx";
import { nextRovingIndex, scrollEdges } from "./roving.ts";

/** The block's config as rendered: its texts already in the viewer's language. */
type RailBlock = BlockOf<"rail">;

/** What a rail shows of its block config; rails built by pages (related items) give only this. */
export type RailView = Pick<RailBlock, "title" | "cardShape" | "seeAll">;

export function Rail({ config, data }: { config: RailView; data: CardPage }) {
  const render = useBlockRender();
  if (data.hits.length === 0) return null;
  return (
    <RailRow
      title={config.title}
      seeAll={config.seeAll ? render.gridHref(config.seeAll) : undefined}
      shape={config.cardShape ?? "landscape"}
      items={data.hits.map((card) => ({
        key: `${card.type}-${card.id}`,
        card,
        href: render.hrefFor(card),
      }))}
    />
  );
}

/** One card of a row, with where it leads (and, from watch history, how far the viewer got). */
export interface RailItem {
  key: string;
  card: CardView;
  href: string;
  progress?: WatchProgress | null;
}

/**
 * A titled row of cards: scroll buttons, and arrow keys, Home and End moving focus between
 * the cards (one tab stop for the row). Shared by every block that shows a row.
 */
export function RailRow({
  title,
  seeAll,
  shape,
  items,
}: {
  title: string;
  /** Where "see all" leads; no link without it. */
  seeAll?: string;
  shape: "landscape" | "portrait";
  items: RailItem[];
}) {
  const t = useT();
  const render = useBlockRender();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [focusIndex, setFocusIndex] = useState(0);
  // Until measured, assume the row overflows: the next button is the useful one.
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const cards = items;

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => setEdges(scrollEdges(list));
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(update) : null;
    observer?.observe(list);
    list.addEventListener("scroll", update, { passive: true });
    return () => {
      observer?.disconnect();
      list.removeEventListener("scroll", update);
    };
  }, []);

  const scrollByPage = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list) return;
    list.scrollBy({
      left: direction * list.clientWidth,
      behavior: reducedMotion ? "auto" : "smooth",
    });
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const next = nextRovingIndex(event.key, index, cards.length);
    if (next === null) return;
    event.preventDefault();
    setFocusIndex(next);
    listRef.current?.querySelectorAll<HTMLAnchorElement>("a.card")[next]?.focus();
  };

  return (
    <section className={`block-rail rail-${shape}`} aria-labelledby={headingId}>
      <div className="block-header">
        <h2 id={headingId}>{title}</h2>
        {seeAll ? (
          <a className="see-all" href={seeAll} aria-label={t("seeAllOf", { title })}>
            {t("seeAll")}
          </a>
        ) : null}
        <div className="rail-buttons">
          <button
            type="button"
            className="icon-button"
            aria-label={t("previousItems")}
            disabled={edges.atStart}
            onClick={() => scrollByPage(-1)}
          >
            <Icon name="previous" />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t("nextItems")}
            disabled={edges.atEnd}
            onClick={() => scrollByPage(1)}
          >
            <Icon name="next" />
          </button>
        </div>
      </div>
      <ul className="rail-list" ref={listRef}>
        {cards.map((item, index) => (
          <li key={item.key} className="rail-item">
            <Card
              card={item.card}
              href={item.href}
              progress={item.progress}
              locale={render.locale}
              titleScale={render.cardTitleScale}
              shape={shape}
              // Roving focus needs script; without it every card stays a tab stop.
              tabIndex={hydrated ? (index === focusIndex ? 0 : -1) : undefined}
              onKeyDown={onKeyDown(index)}
              onFocus={() => setFocusIndex(index)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
