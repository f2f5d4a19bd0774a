import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { noticesDependOnRequest } from "../notices/notices.server.ts";
import type { PlatformLoadContext } from "../api-client/context.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import type { Viewer } from "../session/viewer.server.ts";
import { asRouteError } from "../realm/shell.server.ts";
import type { CurrentItem } from "../../blocks/types.ts";
import { NOT_FOUND_PAGE_KEY } from "../../schemas/document-kinds.ts";
import { pageSeo } from "../seo/page-seo.ts";
import { loadPage } from "./load-page.server.ts";
import { contentId } from "../realm/content-id.ts";

const PRIVATE = "private, no-cache";

/** The item of a `/playlist/{id}`-style route, or a 404 for an id that cannot exist. */
export function currentFromParams(type: CurrentItem["type"], id: string | undefined): CurrentItem {
  const found = contentId(id);
  if (found === null) throw data(null, { status: 404 });
  return { type, id: found };
}

/**
 * Loader body of a route that shows a published page or section: the realm shell (shared with
 * the root loader through the platform cache), then the page with its blocks resolved. Routes
 * call it from their own `loader` function, so nothing of it runs in the browser bundle.
 */
export async function loadComposedPageRoute(
  args: LoaderFunctionArgs,
  kind: "page" | "section",
  key: string,
  current?: CurrentItem,
) {
  const { request, context } = args;
  const { realm, shell, basePath, viewer } = await requireRealmRequest(args);
  try {
    const platform = platformClient(context, { realm, locale: shell.locale });
    const page = await loadPage(platform, {
      kind,
      key,
      realm: realm.realm,
      heroes: shell.content.heroes,
      locale: shell.locale,
      defaultLocale: shell.realm.defaultLocale,
      current,
      viewer: hasAccount(viewer)
        ? platformClient(context, { realm, locale: shell.locale, token: viewer.token })
        : undefined,
    });
    const seo = pageSeo({
      requestUrl: new URL(request.url),
      basePath,
      preferredDomain: realm.preferredDomain,
      key,
      images: [
        page.image,
        key === "home" ? shell.content.heroes[0]?.imageUrl : null,
        realm.logoUrl,
      ],
    });
    // A page resolved for a signed-in viewer holds their own rows: never for a shared cache,
    // whatever the request looked like (their session cookie already says so).
    const cacheControl = hasAccount(viewer) ? PRIVATE : cacheControlFor(request, context);
    return data({ ...page, key, basePath, seo }, { headers: { "Cache-Control": cacheControl } });
  } catch (error) {
    throw asRouteError(error);
  }
}

/** A signed-in customer or admin: someone with an account, and so a history of their own. */
function hasAccount(viewer: Viewer): viewer is Viewer & { token: string } {
  return (viewer.role === "CUSTOMER" || viewer.role === "ADMIN") && viewer.token !== undefined;
}

/**
 * Pages are the same for every anonymous visitor, so a shared cache may keep them briefly and
 * serve them stale while it refreshes. A request with cookies or credentials may carry a
 * viewer's session, so its answer is never stored by a shared cache, unless the host found
 * that its cookies speak for a checked-in guest (`sharedViewer`, decision 019); nor is one
 * whose notices depend on the browser or the edge's VPN verdict.
 */
export function cacheControlFor(
  request: Request,
  context: Pick<PlatformLoadContext, "edgeHeaders" | "sharedViewer"> = {},
): string {
  const personal =
    ((request.headers.get("Cookie") ?? "").trim() !== "" && !context.sharedViewer) ||
    request.headers.has("Authorization") ||
    noticesDependOnRequest(request, context);
  return personal ? PRIVATE : "public, max-age=0, s-maxage=30, stale-while-revalidate=60";
}

/**
 * A path no route claims: a 404 showing the realm's "not-found" page under the not-found
 * message when it has one. Without one (or when it is missing) the plain not-found page.
 */
export async function loadNotFoundRoute(args: LoaderFunctionArgs) {
  let page;
  try {
    page = await loadComposedPageRoute(args, "page", NOT_FOUND_PAGE_KEY);
  } catch (error) {
    if ((error as { init?: ResponseInit | null }).init?.status === 404) {
      throw data(null, { status: 404 });
    }
    throw error;
  }
  return data(page.data, { status: 404, headers: { "Cache-Control": "no-store" } });
}
