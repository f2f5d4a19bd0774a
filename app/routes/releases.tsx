import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** Releases: the composed page "releases" (newest videos and replays first). */
export const loader = (args: LoaderFunctionArgs) => loadComposedPageRoute(args, "page", "releases");
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
