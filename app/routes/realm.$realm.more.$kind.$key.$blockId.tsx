import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadMore } from "../composer/load-more.server.ts";

/** JSON: the next page of a list block's content, for its "load more" button. */
export const loader = (args: LoaderFunctionArgs) => loadMore(args);
