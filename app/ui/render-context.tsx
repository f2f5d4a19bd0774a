import { createContext, useContext } from "react";
import type { Card } from "../../contract/generated/card.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";

/** Where a content link points once resolved; the app turns it into a URL at render time. */
export interface ContentLink {
  type: "VOD" | "LIVE" | "PLAYLIST";
  id: number;
}

/**
 * What blocks need from the app while rendering. URLs depend on the realm's route table, which
 * only the app knows, so block data carries content references and the app turns them into
 * links here.
 */
export interface BlockRender {
  hrefFor(card: Pick<Card, "id" | "type">): string;
  gridHref(pageKey: string): string;
  contentHref(link: ContentLink): string;
  /** An event's reminder: the `.ics` file of an event that has not started. */
  eventCalendarHref(eventId: number): string;
  /** The page of the viewer's my list or favourites. */
  listHref(kind: "MY_LIST" | "FAVOURITES"): string;
  /** Sign-in, coming back to the page shown. */
  signInHref: string;
  /** Next page of a list block's source, fetched from the browser. */
  loadMore(blockId: string, page: number, rpp: number): Promise<ResultSet>;
  locale: string;
  cardTitleScale: number;
}

export const BlockRenderContext = createContext<BlockRender | null>(null);

export function useBlockRender(): BlockRender {
  const value = useContext(BlockRenderContext);
  if (!value) throw new Error("Blocks must render inside a BlockRenderContext provider");
  return value;
}
