import { continueWatchingBlock } from "./continue-watching/index.tsx";
import { detailsBlock } from "./details/index.tsx";
import { gridBlock } from "./grid/index.tsx";
import { heroBlock } from "./hero/index.tsx";
import { promoBlock } from "./promo/index.tsx";
import { railBlock } from "./rail/index.tsx";
import { scheduleBlock } from "./schedule/index.tsx";
import { sponsorBlock } from "./sponsor/index.tsx";
import type { BlockOf, BlockType, ResolveContext } from "./types.ts";

/**
 * What the registry requires of each entry: a definition for that block's config, whatever its
 * data. (`data: never` accepts every component; its real data type stays on the entry.)
 */
type EntryFor<Config extends { type: string; id: string }> = {
  type: Config["type"];
  perViewer?: true;
  resolve(config: Config, ctx: ResolveContext): Promise<unknown>;
  Component: (props: { config: Config; data: never }) => JSX.Element | null;
};

/** Every block type of schemas/page-zones.schema.json, by type: a missing one does not compile. */
export const blockRegistry = {
  hero: heroBlock,
  rail: railBlock,
  grid: gridBlock,
  schedule: scheduleBlock,
  sponsor: sponsorBlock,
  promo: promoBlock,
  details: detailsBlock,
  continueWatching: continueWatchingBlock,
} satisfies { [T in BlockType]: EntryFor<BlockOf<T>> };

export type BlockRegistry = typeof blockRegistry;

/** The data a block type's resolver produces. */
export type BlockData<T extends BlockType> = Awaited<ReturnType<BlockRegistry[T]["resolve"]>>;
