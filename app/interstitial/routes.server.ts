import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { CurrentItem } from "../../blocks/types.ts";
import {
  cacheControlFor,
  currentFromParams,
  loadComposedPageRoute,
} from "../composer/page-route.server.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { asRouteError } from "../realm/shell.server.ts";
import { pageSeo } from "../seo/page-seo.ts";
import { loadInterstitial } from "./load.server.ts";
import { showsInterstitial } from "./rule.ts";

/** The realm's template page for each kind of collection. */
const TEMPLATE_PAGE = { PLAYLIST: "playlist", SEASON: "season", SERIES: "series" } as const;

/**
 * Loader body of `/playlist/{id}`, `/season/{id}` and `/series/{id}`: the interstitial page when
 * the realm's settings and the request call for it (app/interstitial/rule.ts), else the realm's
 * template page for the item.
 *
 * The interstitial is rendered in place, not reached by a redirect: the address the viewer
 * opened (shared, bookmarked, listed in the sitemap) stays the collection's one address, its
 * canonical URL does not change with a setting, and seasons and series have no interstitial
 * path of their own to redirect to.
 */
export async function loadCollectionRoute(args: LoaderFunctionArgs, type: CurrentItem["type"]) {
  const item = currentFromParams(type, args.params.id);
  const found = await requireRealmRequest(args);
  if (showsInterstitial(found.route.name, queryOf(args), found.shell.settings)) {
    return loadInterstitialRoute(args, found, item);
  }
  return loadComposedPageRoute(args, "page", TEMPLATE_PAGE[type], item);
}

/**
 * Loader body of `/interstitial/{id}`, the interstitial of playlist `{id}`. Where the realm
 * does not show interstitials, the playlist's own page is what the path stands for, so it
 * redirects there (query kept) rather than showing a page the realm turned off.
 */
export async function loadInterstitialPathRoute(args: LoaderFunctionArgs) {
  const item = currentFromParams("PLAYLIST", args.params.id);
  const found = await requireRealmRequest(args);
  const query = queryOf(args);
  if (showsInterstitial(found.route.name, query, found.shell.settings)) {
    return loadInterstitialRoute(args, found, item);
  }
  throw redirect(
    routeHref(found.basePath, {
      name: "playlist",
      params: { id: String(item.id) },
      query: Object.fromEntries(query),
    }),
  );
}

/** The interstitial page of a collection: a 404 when there is no such collection. */
async function loadInterstitialRoute(
  { request, context }: LoaderFunctionArgs,
  { realm, shell, basePath }: RealmRequest,
  item: CurrentItem,
) {
  try {
    const platform = platformClient(context, { realm, locale: shell.locale });
    const interstitial = await loadInterstitial(platform, item);
    if (!interstitial) throw data(null, { status: 404 });
    const seo = pageSeo({
      requestUrl: new URL(request.url),
      basePath,
      preferredDomain: realm.preferredDomain,
      key: TEMPLATE_PAGE[item.type],
      images: [interstitial.item.coverUrl, interstitial.item.thumbnailUrl, realm.logoUrl],
    });
    // Same caching as the composed page it stands in for: shared briefly for anonymous viewers.
    return data(
      { interstitial, basePath, seo },
      { headers: { "Cache-Control": cacheControlFor(request, context) } },
    );
  } catch (error) {
    throw asRouteError(error);
  }
}

function queryOf({ request }: LoaderFunctionArgs): URLSearchParams {
  return new URL(request.url).searchParams;
}
