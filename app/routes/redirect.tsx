import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";

/** Redirect routes of the route table (spec section 2 "Redirects"): old or alias paths. */
export async function loader(args: LoaderFunctionArgs) {
  const { basePath, route } = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const params = Object.fromEntries(
    Object.entries(route.params ?? {}).map(([name, value]) => [
      name,
      value!.startsWith(":") ? (args.params[value!.slice(1)] ?? "") : value!,
    ]),
  );
  const query: Record<string, string> = {
    ...(route.keepQuery ? Object.fromEntries(url.searchParams) : {}),
    ...(route.query as Record<string, string> | undefined),
  };
  return redirect(
    routeHref(basePath, { name: route.redirectTo!, params, query, hash: route.hash }),
    301,
  );
}
