import type { LoaderFunctionArgs } from "@remix-run/node";
import { currentFromParams, loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** `/playlist/{id}`: the realm's "playlist" page, showing that playlist. */
export const loader = (args: LoaderFunctionArgs) =>
  loadComposedPageRoute(args, "page", "playlist", currentFromParams("PLAYLIST", args.params.id));
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
