import type { GridBlock } from "../../schemas/generated/blocks-grid.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type { BlockDefinition } from "../types.ts";
import { GridSkeleton } from "../../app/ui/skeletons.tsx";
import { Grid } from "./Grid.tsx";
import { GRID_FIRST_PAGE } from "./paging.ts";

export { pageSizeForWidth } from "./paging.ts";

export const definition: BlockDefinition<GridBlock, ResultSet> = {
  type: "grid",
  resolve: (config, ctx) => ctx.content.list(config.source, { page: 1, rpp: GRID_FIRST_PAGE }),
  Component: Grid,
  Skeleton: ({ config }) => <GridSkeleton title={config.title} />,
};
