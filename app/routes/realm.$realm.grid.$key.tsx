import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** `/grid/{key}`: a composed page, usually with the grid layout ("see all" of a rail). */
export const loader = (args: LoaderFunctionArgs) =>
  loadComposedPageRoute(args, "page", args.params.key!);
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
