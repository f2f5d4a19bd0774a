import { openidLoader } from "../oauth/oidc.server.ts";

/** `/openid`: the realm's OpenID path, its discovery document. */
export const loader = openidLoader;
