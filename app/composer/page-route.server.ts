import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { lookupRealm, platformClient } from "../platform/platform.server.ts";
import { asRouteError, loadShell } from "../realm/shell.server.ts";
import { loadPage } from "./load-page.server.ts";

/**
 * Loader body of a route that shows a published page or section: the realm shell (shared with
 * the root loader through the platform cache), then the page with its blocks resolved. Routes
 * call it from their own `loader` function, so nothing of it runs in the browser bundle.
 */
export async function loadComposedPageRoute(
  { request, params, context }: LoaderFunctionArgs,
  kind: "page" | "section",
  key: string,
) {
  const shell = await loadShell(request, context, params.realm!);
  try {
    const realm = await lookupRealm(context, params.realm!);
    if (!realm) throw data(null, { status: 404 });
    const platform = platformClient(context, { realm, locale: shell.locale });
    const page = await loadPage(platform, {
      kind,
      key,
      realm: realm.realm,
      heroes: shell.content.heroes,
    });
    return { ...page, key, realm: realm.realm };
  } catch (error) {
    throw asRouteError(error);
  }
}
