import { identityLinks, identityMeta } from "../identity/meta.ts";
import { LogoutScreen } from "../identity/ui/LogoutScreen.tsx";
import { oidcLogoutAction, oidcLogoutLoader } from "../oauth/oidc.server.ts";

/** `/oidc/logout`: the realm's OpenID Connect end-session endpoint (RP-initiated logout). */
export const loader = oidcLogoutLoader;
export const action = oidcLogoutAction;
export const links = identityLinks;
export const meta = identityMeta("logOutTitle");
export default LogoutScreen;
