import { myuefaLoader } from "../oauth/oidc.server.ts";

/** `/myuefa`: the Gigya-type provider's account page (spec section 2). */
export const loader = myuefaLoader;
