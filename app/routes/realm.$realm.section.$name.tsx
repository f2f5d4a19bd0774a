import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { loadComposedPageRoute } from "../composer/page-route.server.ts";
import {
  ComposedPageRoute,
  composedPageHeaders,
  composedPageMeta,
} from "../composer/ComposedPageRoute.tsx";
import { requireRealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";

/** Sections that have routes of their own (spec section 2 "Redirects"). */
const SECTION_ROUTES: Record<string, string> = { news: "news", schedule: "schedule" };

/** `/section/{name}`: the published section of that name. */
export async function loader(args: LoaderFunctionArgs) {
  // Own keys only: `/section/constructor` names no route of its own.
  const own = Object.hasOwn(SECTION_ROUTES, args.params.name!)
    ? SECTION_ROUTES[args.params.name!]
    : undefined;
  if (own) {
    const { basePath } = await requireRealmRequest(args);
    const query = Object.fromEntries(new URL(args.request.url).searchParams);
    throw redirect(routeHref(basePath, { name: own, query }), 301);
  }
  return loadComposedPageRoute(args, "section", args.params.name!);
}
export const meta = composedPageMeta;
export const headers = composedPageHeaders;
export default ComposedPageRoute;
