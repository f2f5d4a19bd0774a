import type { HeadersFunction } from "@remix-run/node";
import { PaymentUpdateScreen } from "../account/payment-update/PaymentUpdateScreen.tsx";
import {
  paymentUpdateAction,
  paymentUpdateLoader,
} from "../account/payment-update/payment-update.server.ts";
import { identityLinks, identityMeta } from "../identity/meta.ts";
import checkoutStyles from "../styles/checkout.css?url";

/** `/payment/update`: the card a running subscription pays with (spec section 2, payment update). */
export const loader = paymentUpdateLoader;
export const action = paymentUpdateAction;
export const meta = identityMeta("paymentUpdateTitle");
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });
export const links = () => [...identityLinks(), { rel: "stylesheet", href: checkoutStyles }];
export default PaymentUpdateScreen;
