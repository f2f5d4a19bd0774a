import type { HeadersFunction, LoaderFunctionArgs, ActionFunctionArgs } from "@remix-run/node";
import { accountAction, accountLoader } from "../account/page/account-page.server.ts";
import { AccountScreen } from "../account/page/AccountScreen.tsx";
import { identityMeta } from "../identity/meta.ts";
import accountStyles from "../styles/account-page.css?url";

/** `/account?section=`: the viewer's account (spec section 2, named route "account"). */
// Functions, so the client bundle (which drops loaders and actions) keeps no server code.
export const loader = (args: LoaderFunctionArgs) => accountLoader(args);
export const action = (args: ActionFunctionArgs) => accountAction(args);
// A personal page: titled "Account · Realm", never indexed, never stored by a cache.
export const meta = identityMeta("accountTitle");
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => ({
  "Cache-Control":
    actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control") ?? "private, no-store",
});
export const links = () => [{ rel: "stylesheet", href: accountStyles }];
export default AccountScreen;
