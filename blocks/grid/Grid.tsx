import { useId, useState } from "react";
import { useT } from "../../app/i18n/i18n.ts";
import { Card } from "../../app/ui/Card.tsx";
import { useViewportWidth } from "../../app/ui/client-state.tsx";
import type { BlockOf } from "../types.ts";
import type { CardPage, CardView } from "../../app/ui/card-view.ts";
import { useBlockRender } from "../../app/ui/render-context.tsx";
import {
  cardKey,
  GRID_FIRST_PAGE,
  hasMore,
  mergeCards,
  pageSizeForWidth,
  planLoadMore,
} from "./paging.ts";

/** The block's config as rendered: its texts already in the viewer's language. */
type GridBlock = BlockOf<"grid">;

interface GridState {
  cards: CardView[];
  totalHits: number;
  /** Null until the viewer asks for more: then the viewport's page size decides. */
  visible: number | null;
  exhausted: boolean;
  status: "idle" | "loading" | "error";
  /** How many cards the last "load more" added, for the live region. */
  added: number;
}

export function Grid({ config, data }: { config: GridBlock; data: CardPage }) {
  const t = useT();
  const render = useBlockRender();
  const headingId = useId();
  const width = useViewportWidth();
  const pageSize = width === null ? GRID_FIRST_PAGE : pageSizeForWidth(width);
  const [state, setState] = useState<GridState>({
    cards: data.hits,
    totalHits: data.totalHits,
    visible: null,
    exhausted: false,
    status: "idle",
    added: 0,
  });
  const visible = Math.min(state.visible ?? pageSize, state.cards.length);
  const progress = {
    loaded: state.cards.length,
    visible,
    totalHits: state.totalHits,
    exhausted: state.exhausted,
  };

  const showMore = async () => {
    const plan = planLoadMore(progress, pageSize);
    if (plan.kind === "reveal") {
      setState((s) => ({ ...s, visible: plan.visible, added: plan.visible - visible }));
      return;
    }
    setState((s) => ({ ...s, status: "loading" }));
    try {
      const result = await render.loadMore(config.id, plan.page, pageSize);
      setState((s) => {
        const cards = mergeCards(s.cards, result.hits);
        const shown = Math.min(visible + pageSize, cards.length);
        return {
          cards,
          totalHits: result.totalHits,
          visible: shown,
          exhausted: cards.length === s.cards.length,
          status: "idle",
          added: shown - visible,
        };
      });
    } catch {
      setState((s) => ({ ...s, status: "error" }));
    }
  };

  if (state.cards.length === 0) return null;
  const loading = state.status === "loading";
  return (
    <section
      className={width === null ? "block-grid grid-pending" : "block-grid"}
      aria-labelledby={config.title ? headingId : undefined}
    >
      {config.title ? (
        <div className="block-header">
          <h2 id={headingId}>{config.title}</h2>
        </div>
      ) : null}
      <ul className="grid-list" aria-busy={loading || undefined}>
        {state.cards.slice(0, visible).map((card) => (
          <li key={cardKey(card)} className="grid-item">
            <Card
              card={card}
              href={render.hrefFor(card)}
              locale={render.locale}
              titleScale={render.cardTitleScale}
            />
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {state.added > 0
          ? t("moreItemsShown", { count: state.added, shown: visible, total: state.totalHits })
          : ""}
      </p>
      {state.status === "error" ? (
        <div className="grid-error" role="alert">
          <p>{t("loadMoreFailed")}</p>
          <button type="button" className="button" onClick={() => void showMore()}>
            {t("retry")}
          </button>
        </div>
      ) : hasMore(progress) ? (
        <div className="grid-more">
          <button
            type="button"
            className="button"
            onClick={() => void showMore()}
            disabled={loading}
            aria-busy={loading || undefined}
          >
            {loading ? t("loading") : t("loadMore")}
          </button>
        </div>
      ) : null}
    </section>
  );
}
