import type { HeadersFunction } from "@remix-run/node";
import { paymentAuthorizationLoader } from "../checkout/order.server.ts";
import { OrderScreen } from "../checkout/ui/OrderScreens.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";
import checkoutStyles from "../styles/checkout.css?url";

/** `/payment/authorization`: back from a provider's page, such as a 3-D Secure challenge. */
export const loader = paymentAuthorizationLoader;
export const meta = identityMeta("paymentAuthorization");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const links = () => [...identityLinks(), { rel: "stylesheet", href: checkoutStyles }];
export default OrderScreen;
