import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoicePdfLoader } from "../invoice/invoice.server.ts";

/** `/payment/invoice/{id}/pdf`: the invoice as a PDF download. */
export const loader = (args: LoaderFunctionArgs) => invoicePdfLoader(args);
