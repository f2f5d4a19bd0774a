import type { LoaderFunctionArgs } from "@remix-run/node";
import { composedPageHeaders } from "../composer/ComposedPageRoute.tsx";
import {
  CollectionRoute,
  collectionLinks,
  collectionMeta,
} from "../interstitial/CollectionRoute.tsx";
import { loadCollectionRoute } from "../interstitial/routes.server.ts";

/** `/playlist/{id}`: that playlist's interstitial page where the realm shows it, else the realm's "playlist" page. */
export const loader = (args: LoaderFunctionArgs) => loadCollectionRoute(args, "PLAYLIST");
export const meta = collectionMeta;
export const headers = composedPageHeaders;
export const links = collectionLinks;
export default CollectionRoute;
