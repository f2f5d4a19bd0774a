import { identityLinks, identityMeta } from "../identity/meta.ts";
import { tvLoginAction, tvLoginLoader } from "../tv/tv-login.server.ts";
import { TvLoginScreen } from "../tv/TvLoginScreen.tsx";

/** `/tv`: sign a TV in with the code it shows (realms with pinLoginEnabled). */
export const loader = tvLoginLoader;
export const action = tvLoginAction;
export const links = identityLinks;
export const meta = identityMeta("tvLoginTitle");
export default TvLoginScreen;
