import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { orderConfirmationLoader } from "../checkout/order.server.ts";
import { OrderScreen } from "../checkout/ui/OrderScreens.tsx";
import { identityLinks, identityMeta } from "../identity/meta.ts";
import checkoutStyles from "../styles/checkout.css?url";

/** `/payment/confirmation?order={id}`: the order, once paid (spec section 2). */
// A function, so the client bundle (which drops loaders) keeps no call to server code.
export const loader = (args: LoaderFunctionArgs) => orderConfirmationLoader("payment")(args);
export const meta = identityMeta("paymentConfirmed");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const links = () => [...identityLinks(), { rel: "stylesheet", href: checkoutStyles }];
export default OrderScreen;
