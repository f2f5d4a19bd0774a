import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { identityMeta } from "../identity/meta.ts";
import { invoiceLoader } from "../invoice/invoice.server.ts";
import { InvoiceScreen } from "../invoice/InvoiceScreen.tsx";
import invoiceStyles from "../styles/invoice.css?url";

/** `/payment/invoice/{id}`: a completed order's invoice (spec section 2, named route "payment"). */
export const loader = (args: LoaderFunctionArgs) => invoiceLoader(args);
export const meta = identityMeta("invoiceTitle");
export const headers: HeadersFunction = ({ loaderHeaders }) => ({
  "Cache-Control": loaderHeaders.get("Cache-Control") ?? "private, no-store",
});
export const links = () => [{ rel: "stylesheet", href: invoiceStyles }];
export default InvoiceScreen;
