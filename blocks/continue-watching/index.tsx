import type { BlockOf } from "../types.ts";
import type { BlockDefinition } from "../types.ts";
import { ContinueWatching } from "./ContinueWatching.tsx";
import { continueItems, type ContinueItem } from "./items.ts";
import { schemaDefaults } from "../defaults.ts";
import schema from "./schema.json";

/** The block's config as rendered: its texts already in the viewer's language. */
type ContinueWatchingBlock = BlockOf<"continueWatching">;

const defaults = schemaDefaults(schema);
/**
 * How much of the history the row looks through: the platform's largest page. Finished items
 * are skipped, so asking for only as many as the row shows could leave it short.
 */
export const HISTORY_SCAN = 100;

export const definition: BlockDefinition<ContinueWatchingBlock, { items: ContinueItem[] }> = {
  type: "continueWatching",
  perViewer: true,
  async resolve(config, ctx) {
    // Guests, signed-out viewers and every shared render: nothing of anyone's history.
    if (!ctx.viewer) return { items: [] };
    const history = await ctx.viewer.history(HISTORY_SCAN);
    return {
      items: continueItems(history, ctx.now, config.itemsPerPage ?? defaults.itemsPerPage),
    };
  },
  Component: ContinueWatching,
  // Nothing at all for guests, so a placeholder row would only make the page jump.
};
