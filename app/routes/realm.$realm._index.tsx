import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** Realm home: the composed page "home". */
export const loader = (args: LoaderFunctionArgs) => loadComposedPageRoute(args, "page", "home");
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
