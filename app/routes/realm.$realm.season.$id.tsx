import type { LoaderFunctionArgs } from "@remix-run/node";
import { currentFromParams, loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** `/season/{id}`: the realm's "season" page, showing that season. */
export const loader = (args: LoaderFunctionArgs) =>
  loadComposedPageRoute(args, "page", "season", currentFromParams("SEASON", args.params.id));
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
