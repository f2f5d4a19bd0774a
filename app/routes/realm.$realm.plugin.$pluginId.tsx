import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";

/** `/plugin/{pluginId}`: the page "plugin-{pluginId}" when the realm has one, else not found. */
export const loader = (args: LoaderFunctionArgs) =>
  loadComposedPageRoute(args, "page", `plugin-${args.params.pluginId}`);
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
