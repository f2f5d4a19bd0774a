import { gigyaLoginLoader } from "../oauth/oidc.server.ts";

/** `/login/gigya`: third-party identity login, with the pass-through query (spec section 2). */
export const loader = gigyaLoginLoader;
