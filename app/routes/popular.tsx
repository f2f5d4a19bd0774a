import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** Popular: the composed page "popular" (what most viewers watched this week). */
export const loader = (args: LoaderFunctionArgs) => loadComposedPageRoute(args, "page", "popular");
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
