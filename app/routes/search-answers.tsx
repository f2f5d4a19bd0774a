import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchAnswersLoader } from "../search/search.server.ts";

/** JSON for search in the browser: a page of results, the overlay's buckets, popular content. */
export const loader = (args: LoaderFunctionArgs) => searchAnswersLoader(args);
