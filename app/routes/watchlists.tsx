import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { listsAction, listsLoader } from "../lists/lists.server.ts";
import { ListsScreen, listsTitle } from "../lists/ListsScreen.tsx";
import { identityMeta } from "../identity/meta.ts";
import listsStyles from "../styles/lists.css?url";

/** `/watchlists`: the acting profile's named watchlists (spec section 2, named route "watchlists"; realms with watchlists). */
// A function, so the client bundle (which drops loaders) keeps no call to server code.
export const loader = (args: LoaderFunctionArgs) => listsLoader("watchlists", args);
export const action = listsAction;
// A personal page: never indexed, never stored by a cache.
export const meta = identityMeta(listsTitle("watchlists"));
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control":
    actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? "private, no-store",
});
export const links = () => [{ rel: "stylesheet", href: listsStyles }];
export default ListsScreen;
