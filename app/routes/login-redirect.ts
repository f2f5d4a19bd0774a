import { loginRedirectLoader } from "../oauth/oidc.server.ts";

/** `/login/redirect`: the checked return target after sign-in. */
export const loader = loginRedirectLoader;
