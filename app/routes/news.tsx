import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** News: the composed page "news" (the realm's news, newest first). */
export const loader = (args: LoaderFunctionArgs) => loadComposedPageRoute(args, "page", "news");
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
