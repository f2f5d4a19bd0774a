import type { LoaderFunctionArgs } from "@remix-run/node";
import { identityLinks, identityMeta } from "../identity/meta.ts";
import { providersLoader } from "../identity/providers.server.ts";
import { ProvidersScreen } from "../identity/ui/ProvidersScreen.tsx";

/** `/providers`: the realm's ways to sign in (spec section 2, named route "providers"). */
export const loader = (args: LoaderFunctionArgs) => providersLoader(args);
export const links = identityLinks;
export const meta = identityMeta("providersTitle");
export default ProvidersScreen;
