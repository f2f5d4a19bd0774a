import type { LoaderFunctionArgs } from "@remix-run/node";
import { currentFromParams, loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** `/series/{id}`: the realm's "series" page, showing that series. */
export const loader = (args: LoaderFunctionArgs) =>
  loadComposedPageRoute(args, "page", "series", currentFromParams("SERIES", args.params.id));
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
