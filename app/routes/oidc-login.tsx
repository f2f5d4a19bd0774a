import { identityLinks, identityMeta } from "../identity/meta.ts";
import { oidcLoginAction, oidcLoginLoader } from "../oauth/oidc.server.ts";
import { AuthorizeScreen } from "../oauth/AuthorizeScreen.tsx";

/** `/oidc/login`: the realm's OpenID Connect authorization endpoint (sign-in for an app). */
export const loader = oidcLoginLoader;
export const action = oidcLoginAction;
export const links = identityLinks;
export const meta = identityMeta("authorizeTitle");
export default AuthorizeScreen;
