import { identityLinks, identityMeta } from "../identity/meta.ts";
import { authorizeAction, authorizeLoader } from "../oauth/authorize.server.ts";
import { AuthorizeScreen } from "../oauth/AuthorizeScreen.tsx";

/** `/authorize`: sign-in for the OAuth code flow of a registered app. */
export const loader = authorizeLoader;
export const action = authorizeAction;
export const links = identityLinks;
export const meta = identityMeta("authorizeTitle");
export default AuthorizeScreen;
