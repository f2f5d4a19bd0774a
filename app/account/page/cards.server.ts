import type { SavedCard } from "../../../contract/generated/saved-cards.ts";
import { CARDS_PER_PAGE } from "../../../contract/page-sizes.ts";
import { PlatformError, type PlatformClient } from "../../api-client/client.ts";
import type { LabelKey } from "../../feedback/toast.ts";
import type { CardIntent } from "./view.ts";

/** The most pages of cards one view shows at once (400 cards). */
const MOST_PAGES = 20;

export const CARD_INTENTS: readonly CardIntent[] = ["defaultCard", "removeCard"];

/** How many pages of cards `?cards=` asks for: 1 unless a sensible whole number says more. */
export function cardPagesAsked(query: URLSearchParams): number {
  const asked = Number(query.get("cards") ?? "1");
  return Number.isInteger(asked) && asked >= 1 ? Math.min(asked, MOST_PAGES) : 1;
}

/**
 * The first `pages` pages of the account's cards, appended in order (spec section 4: cards are
 * replaced or appended page by page), and whether more are left. A failed fetch is no cards,
 * so the payment history under them still shows.
 */
export async function cardsPart(
  client: PlatformClient,
  pages: number,
): Promise<{ cards: SavedCard[]; morePages: boolean; cardsFailed: boolean }> {
  try {
    const answers = await Promise.all(
      Array.from({ length: pages }, (_, i) =>
        client.call("savedCards", { query: { rpp: CARDS_PER_PAGE, p: i + 1 } }),
      ),
    );
    const total = answers[0]?.pages ?? 0;
    return { cards: answers.flatMap((a) => a.items), morePages: pages < total, cardsFailed: false };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    console.warn(`account cards: ${error.message}`);
    return { cards: [], morePages: false, cardsFailed: true };
  }
}

/** Runs one card form against the platform; the toast of its success. */
export async function runCardIntent(
  intent: CardIntent,
  form: FormData,
  client: PlatformClient,
): Promise<LabelKey> {
  const params = { id: String(form.get("cardId") ?? "") };
  if (intent === "defaultCard") {
    await client.call("makeDefaultCard", { params });
    return "cardMadeDefault";
  }
  await client.call("removeSavedCard", { params });
  return "cardRemoved";
}
