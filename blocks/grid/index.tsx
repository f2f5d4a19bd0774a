import type { BlockOf } from "../types.ts";
import { toCardPage, type CardPage } from "../../app/ui/card-view.ts";
import type { BlockDefinition } from "../types.ts";
import { GridSkeleton } from "../../app/ui/skeletons.tsx";
import { Grid } from "./Grid.tsx";
import { GRID_FIRST_PAGE } from "./paging.ts";

/** The block's config as rendered: its texts already in the viewer's language. */
type GridBlock = BlockOf<"grid">;

export { pageSizeForWidth } from "./paging.ts";

export const definition: BlockDefinition<GridBlock, CardPage> = {
  type: "grid",
  resolve: async (config, ctx) =>
    toCardPage(await ctx.content.list(config.source, { page: 1, rpp: GRID_FIRST_PAGE })),
  Component: Grid,
  Skeleton: ({ config }) => <GridSkeleton title={config.title} />,
};
