import type { HeadersFunction } from "@remix-run/node";
import { checkoutAction, checkoutLoader } from "../checkout/checkout.server.ts";
import { CheckoutScreen } from "../checkout/ui/CheckoutScreen.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";
import checkoutStyles from "../styles/checkout.css?url";

/** `/pay`: the checkout for a signed-in customer (spec section 2, pay; customers only). */
export const loader = checkoutLoader;
export const action = checkoutAction;
// A personal page: never indexed, never stored by a cache.
export const meta = identityMeta("checkoutTitle");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const links = () => [...identityLinks(), { rel: "stylesheet", href: checkoutStyles }];
export default CheckoutScreen;
