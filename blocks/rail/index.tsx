import type { BlockOf } from "../types.ts";
import { toCardPage, type CardPage } from "../../app/ui/card-view.ts";
import type { BlockDefinition } from "../types.ts";
import { Rail } from "../../app/ui/Rail.tsx";
import { RailSkeleton } from "../../app/ui/skeletons.tsx";
import { schemaDefaults } from "../defaults.ts";
import schema from "./schema.json";

/** The block's config as rendered: its texts already in the viewer's language. */
type RailBlock = BlockOf<"rail">;

const defaults = schemaDefaults(schema);
/** A skeleton row stops at the cards a wide screen shows at once. */
const SKELETON_MAX_CARDS = 8;

export const definition: BlockDefinition<RailBlock, CardPage> = {
  type: "rail",
  resolve: async (config, ctx) =>
    toCardPage(
      await ctx.content.list(config.source, {
        page: 1,
        rpp: config.itemsPerPage ?? defaults.itemsPerPage,
      }),
    ),
  Component: Rail,
  Skeleton: ({ config }) => (
    <RailSkeleton
      title={config.title}
      portrait={(config.cardShape ?? defaults.cardShape) === "portrait"}
      cards={Math.min(config.itemsPerPage ?? defaults.itemsPerPage, SKELETON_MAX_CARDS)}
    />
  ),
};
