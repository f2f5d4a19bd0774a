import type { RailBlock } from "../../schemas/generated/blocks-rail.ts";
import type { ResultSet } from "../../contract/generated/result-set.ts";
import type { BlockDefinition } from "../types.ts";
import { Rail } from "../../app/ui/Rail.tsx";
import { RailSkeleton } from "../../app/ui/skeletons.tsx";
import { schemaDefaults } from "../defaults.ts";
import schema from "./schema.json";

const defaults = schemaDefaults(schema);
/** A skeleton row stops at the cards a wide screen shows at once. */
const SKELETON_MAX_CARDS = 8;

export const definition: BlockDefinition<RailBlock, ResultSet> = {
  type: "rail",
  resolve: (config, ctx) =>
    ctx.content.list(config.source, { page: 1, rpp: config.itemsPerPage ?? defaults.itemsPerPage }),
  Component: Rail,
  Skeleton: ({ config }) => (
    <RailSkeleton
      title={config.title}
      portrait={(config.cardShape ?? defaults.cardShape) === "portrait"}
      cards={Math.min(config.itemsPerPage ?? defaults.itemsPerPage, SKELETON_MAX_CARDS)}
    />
  ),
};
