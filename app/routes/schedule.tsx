import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** `/schedule`: the realm's "schedule" section (the route exists only with live content). */
export const loader = (args: LoaderFunctionArgs) =>
  loadComposedPageRoute(args, "section", "schedule");
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
