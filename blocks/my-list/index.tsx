import type { BlockOf } from "../types.ts";
import { schemaDefaults } from "../defaults.ts";
import type { BlockDefinition, ViewerListCards } from "../types.ts";
import { MyList } from "./MyList.tsx";
import schema from "./schema.json";

/** The block's config as rendered: its texts already in the viewer's language. */
type MyListBlock = BlockOf<"myList">;

const defaults = schemaDefaults(schema);

/** Signed in: the viewer's list (null in a realm with neither kind); else nothing but an invitation. */
export type MyListData = { signedIn: false } | { signedIn: true; list: ViewerListCards | null };

export const definition: BlockDefinition<MyListBlock, MyListData> = {
  type: "myList",
  perViewer: true,
  async resolve(config, ctx) {
    // Guests, signed-out viewers and every shared render: nobody's list.
    if (!ctx.viewer) return { signedIn: false };
    return {
      signedIn: true,
      list: await ctx.viewer.viewerList(config.itemsPerPage ?? defaults.itemsPerPage),
    };
  },
  Component: MyList,
};
