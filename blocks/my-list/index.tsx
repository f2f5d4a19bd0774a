import type { MyListBlock } from "../../schemas/generated/blocks-my-list.ts";
import { schemaDefaults } from "../defaults.ts";
import type { BlockDefinition, ViewerListCards } from "../types.ts";
import { MyList } from "./MyList.tsx";
import schema from "./schema.json";

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
