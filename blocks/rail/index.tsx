import type { RailBlock } from "../../schemas/generated/blocks-rail.ts";
import type { ResultSet } from "../../schemas/generated/result-set.ts";
import type { BlockDefinition } from "../types.ts";
import { Rail } from "./Rail.tsx";

export const RAIL_DEFAULT_ITEMS = 12;

export const railBlock: BlockDefinition<RailBlock, ResultSet> = {
  type: "rail",
  resolve: (config, ctx) =>
    ctx.content.list(config.source, { page: 1, rpp: config.itemsPerPage ?? RAIL_DEFAULT_ITEMS }),
  Component: Rail,
};
