import { identityLinks, identityMeta } from "../identity/meta.ts";
import { loginAction, loginLoader } from "../identity/login.server.ts";
import { LoginScreen } from "../identity/ui/LoginScreen.tsx";

/** `/login`: sign in by email and password, or by emailed link. */
export const loader = loginLoader;
export const action = loginAction;
export const links = identityLinks;
export const meta = identityMeta("signIn");
export default LoginScreen;
