import type { Card } from "../../contract/generated/card.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";

/**
 * A card as a list shows it: the platform's card without what only heroes and detail pages
 * read (the description, the large cover, the end date), one artwork URL and one title. The
 * page's data goes into its HTML for hydration, and these were a quarter of it.
 */
export type CardView = Omit<
  Card,
  "description" | "coverUrl" | "endDate" | "thumbnailUrl" | "name"
> &
  Partial<Pick<Card, "thumbnailUrl" | "name">>;

/** One page of cards as a list shows them. */
export type CardPage = Omit<ResultSet, "hits"> & { hits: CardView[] };

/** The fields of `card` that a list's card shows. */
export function toCardView(card: Card): CardView {
  const {
    description: _description,
    coverUrl: _coverUrl,
    endDate: _endDate,
    thumbnailUrl,
    name,
    ...view
  } = card;
  return {
    ...view,
    // The small cover is the card's artwork; the thumbnail only stands in for a missing one.
    ...(card.smallCoverUrl ? {} : { thumbnailUrl }),
    // The untranslated name only stands in for a missing title.
    ...(card.title ? {} : { name }),
  };
}

export function toCardPage(page: ResultSet): CardPage {
  return { ...page, hits: page.hits.map(toCardView) };
}
