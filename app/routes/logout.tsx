import { identityLinks, identityMeta } from "../identity/meta.ts";
import { logoutAction, logoutLoader } from "../identity/logout.server.ts";
import { LogoutScreen } from "../identity/ui/LogoutScreen.tsx";

/** `/logout`: a visit asks, a form post (the menu's button, the page's own) signs out. */
export const loader = logoutLoader;
export const action = logoutAction;
export const links = identityLinks;
export const meta = identityMeta("logOutTitle");
export default LogoutScreen;
