import type { HeadersFunction } from "@remix-run/node";
import { licenceRedirectLoader } from "../checkout/licence-code.server.ts";
import { LicenceCodeScreen } from "../checkout/ui/LicenceCodeScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";
import checkoutStyles from "../styles/checkout.css?url";

/** `/licence/redirect`: a partner's link that gives a licence by its code. */
export const loader = licenceRedirectLoader;
export const meta = identityMeta("licenceCodeTitle");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const links = () => [...identityLinks(), { rel: "stylesheet", href: checkoutStyles }];
export default LicenceCodeScreen;
