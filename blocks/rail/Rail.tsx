import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useT } from "../../app/i18n/i18n.ts";
import { Card } from "../../app/ui/Card.tsx";
import { useHydrated, usePrefersReducedMotion } from "../../app/ui/client-state.tsx";
import { Icon } from "../../app/ui/Icon.tsx";
import type { RailBlock } from "../../schemas/generated/blocks-rail.ts";
import type { ResultSet } from "../../schemas/generated/result-set.ts";
import { useBlockRender } from "../render-context.tsx";
import { nextRovingIndex, scrollEdges } from "./roving.ts";

export function Rail({ config, data }: { config: RailBlock; data: ResultSet }) {
  if (data.hits.length === 0) return null;
  return <RailRow config={config} data={data} />;
}

function RailRow({ config, data }: { config: RailBlock; data: ResultSet }) {
  const t = useT();
  const render = useBlockRender();
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const hydrated = useHydrated();
  const reducedMotion = usePrefersReducedMotion();
  const [focusIndex, setFocusIndex] = useState(0);
  // Until measured, assume the row overflows: the next button is the useful one.
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });
  const cards = data.hits;

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
    <section
      className={`block-rail rail-${config.cardShape ?? "landscape"}`}
      aria-labelledby={headingId}
    >
      <div className="block-header">
        <h2 id={headingId}>{config.title}</h2>
        {config.seeAll ? (
          <a
            className="see-all"
            href={render.gridHref(config.seeAll)}
            aria-label={t("seeAllOf", { title: config.title })}
          >
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
        {cards.map((card, index) => (
          <li key={`${card.type}-${card.id}`} className="rail-item">
            <Card
              card={card}
              href={render.hrefFor(card)}
              locale={render.locale}
              titleScale={render.cardTitleScale}
              shape={config.cardShape ?? "landscape"}
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
