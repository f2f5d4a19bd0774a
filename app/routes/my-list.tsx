import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { listsAction, listsLoader } from "../lists/lists.server.ts";
import { ListsScreen, listsTitle } from "../lists/ListsScreen.tsx";
import { identityMeta } from "../identity/meta.ts";
import listsStyles from "../styles/lists.css?url";

/** `/my-list`: the acting profile's my list (spec section 2, named route "myList"; realms whose myListMode is not DISABLED). */
// A function, so the client bundle (which drops loaders) keeps no call to server code.
export const loader = (args: LoaderFunctionArgs) => listsLoader("myList", args);
export const action = listsAction;
// A personal page: never indexed, never stored by a cache.
export const meta = identityMeta(listsTitle("myList"));
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control":
    actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? "private, no-store",
});
export const links = () => [{ rel: "stylesheet", href: listsStyles }];
export default ListsScreen;
