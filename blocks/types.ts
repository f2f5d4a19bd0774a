import type { ContentQuery } from "../schemas/generated/blocks-content-query.ts";
import type { Card } from "../contract/generated/card.ts";
import type { Hero } from "../contract/generated/init-response.ts";
import type { PageZones } from "../schemas/generated/page-zones.ts";
import type { ContentLink } from "../app/ui/render-context.tsx";
import type { BlockConfigs } from "./generated/types.ts";
import type { Localized } from "../schemas/localized-text.ts";
import type { ResultSet } from "../contract/generated/result-set.ts";
import type { WatchHistoryItem } from "../contract/generated/watch-history.ts";
import type { Sponsor } from "../schemas/generated/sponsor.ts";

export type { ContentLink, ContentQuery };

/** A content item named by its key in the realm's content.json, as block configs reference it. */
export interface ContentRef {
  type: "EVENT" | "VIDEO" | "PLAYLIST" | "SERIES";
  key: string;
}

/**
 * Everything a block may read on the server. The app implements it on top of its platform
 * client, so blocks never depend on how (or where) the platform is reached.
 */
export interface ContentSource {
  list(query: ContentQuery, page: { page: number; rpp: number }): Promise<ResultSet>;
  /** Cards for the references, in their order; references that do not exist are left out. */
  items(refs: ContentRef[]): Promise<Card[]>;
  /** The id behind a content key, or null when there is no such content. */
  resolveContentLink(link: {
    key: string;
    type: ContentLink["type"];
  }): Promise<{ id: number } | null>;
  /** The card of the item the page shows, or null on a page that shows none. */
  current(): Promise<Card | null>;
  /**
   * The sponsor metadata of the item the page shows, whether or not it is to be displayed;
   * null on a page that shows no item or for an item without a sponsor.
   */
  currentSponsor(): Promise<Sponsor | null>;
}

/** The item a playlist, series or season page shows. */
export interface CurrentItem {
  type: "PLAYLIST" | "SERIES" | "SEASON";
  id: number;
}

/**
 * What the signed-in account's own blocks may read: data that differs from one viewer to the
 * next, so it must never reach another viewer's page.
 */
export interface ViewerSource {
  /** What the acting profile watched, most recent first, with where it stopped (at most `limit`). */
  history(limit: number): Promise<WatchHistoryItem[]>;
  /**
   * The acting profile's own list: my list where the realm has one, else its favourites
   * (null in a realm with neither), with its first `limit` items as cards in the viewer's order.
   */
  viewerList(limit: number): Promise<ViewerListCards | null>;
  /** Whether the acting profile lets pages play background videos by themselves. */
  backgroundVideoAutoPlay(): Promise<boolean>;
}

/** A viewer's list as a block shows it. */
export interface ViewerListCards {
  kind: "MY_LIST" | "FAVOURITES";
  items: Card[];
}

export interface ResolveContext {
  content: ContentSource;
  /** The realm's hero slides from init, for a hero block without its own items. */
  heroes: Hero[];
  now: Date;
  /**
   * The signed-in account's own data (customers and admins). Absent for guests and signed-out
   * viewers, and absent whenever the resolved data may be shared between viewers: only blocks
   * marked `perViewer` are ever resolved with it.
   */
  viewer?: ViewerSource;
}

/**
 * One block type: its server-side data resolution and its component. `Data` travels from a
 * Remix loader to the browser, so it must survive JSON (no Dates, functions or Maps), and it
 * holds no URLs the app builds: those are computed at render time from the render context.
 */
export interface BlockDefinition<Config extends { type: string; id: string }, Data> {
  type: Config["type"];
  /**
   * The data depends on who is looking (it reads `ctx.viewer`). Such a block is resolved
   * first without a viewer, as every guest sees it and as the shared cache of resolved pages
   * keeps it, then again for each signed-in request, and that answer is never kept.
   */
  perViewer?: true | ((config: Config) => boolean);
  resolve(config: Config, ctx: ResolveContext): Promise<Data>;
  Component: (props: { config: Config; data: Data }) => JSX.Element | null;
  /**
   * Grey shapes of the block's size, shown while it is still loading so the page does not move
   * when it arrives. Without one the block takes no room until it is there.
   */
  Skeleton?: (props: { config: Config }) => JSX.Element | null;
}

/** Any block of a composed page: one of the block folders' configs. */
export type BlockType = keyof BlockConfigs;
/** A block as it is resolved and rendered: its texts are in the viewer's language (Localized). */
export type Block = Localized<BlockConfigs[BlockType]>;
export type BlockOf<T extends BlockType> = Localized<BlockConfigs[T]> & { type: T; id: string };
export type ZoneName = keyof PageZones;
