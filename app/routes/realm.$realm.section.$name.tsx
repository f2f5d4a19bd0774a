import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** `/section/{name}`: the published section of that name. */
export const loader = (args: LoaderFunctionArgs) =>
  loadComposedPageRoute(args, "section", args.params.name!);
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
