import { composedPageHeaders } from "../composer/ComposedPageRoute.tsx";
import {
  CollectionRoute,
  collectionLinks,
  collectionMeta,
} from "../interstitial/CollectionRoute.tsx";
import { loadInterstitialPathRoute } from "../interstitial/routes.server.ts";

/** `/interstitial/{id}`: the interstitial page of playlist `{id}`, or its page where the realm shows none. */
export const loader = loadInterstitialPathRoute;
export const meta = collectionMeta;
export const headers = composedPageHeaders;
export const links = collectionLinks;
export default CollectionRoute;
