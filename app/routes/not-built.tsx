import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadNotFoundRoute } from "../composer/page-route.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";

/**
 * A named route whose page does not exist yet: guarded like the page will be, then the realm's
 * not-found page (404) inside its header and menu, as any unknown path is, until it is built.
 * Menus, header and sitemap never link here (`isBuilt` in app/realm/routes.ts).
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireRealmRequest(args);
  return loadNotFoundRoute(args);
}

export { meta, default } from "./realm.$realm.$.tsx";
