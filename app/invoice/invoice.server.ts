import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { Order } from "../../contract/generated/order.ts";
import { PlatformError } from "../api-client/client.ts";
import { i18nFor } from "../i18n/i18n.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { hasAccount, viewerPlatform } from "../realm/viewer-platform.server.ts";
import { invoicePdf } from "./invoice-pdf.server.ts";
import { invoiceOf, type Invoice } from "./invoice.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

export interface InvoiceView {
  invoice: Invoice;
  pdf: string;
  back: string;
}

/**
 * The invoice of one of the viewer's completed orders. A visitor signs in first (and comes
 * back); an order that is not theirs, not completed or not there is not found, alike.
 */
async function loadInvoice(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  if (!hasAccount(found.viewer)) {
    const from = `${realmRelativePath(found.basePath, url.pathname)}${url.search}`;
    throw redirect(routeHref(found.basePath, { name: "login", query: { from } }), {
      headers: PRIVATE,
    });
  }
  const id = args.params.id ?? "";
  const client = viewerPlatform(args, found);
  let order: Order;
  try {
    order = await client.call("order", { params: { orderId: id } });
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) {
      throw data(null, { status: 404, headers: PRIVATE });
    }
    throw error;
  }
  if (order.status !== "COMPLETED" || !order.completedAt) {
    throw data(null, { status: 404, headers: PRIVATE });
  }
  const buyer = await client.call("userDetails");
  const locale = found.shell.locale;
  const t = i18nFor(locale).t;
  const invoice = invoiceOf(
    { ...order, completedAt: order.completedAt },
    buyer,
    found.shell.realm.fullName,
    locale,
    (key, values) => t(key, values),
  );
  return { found, invoice, t };
}

/** `/payment/invoice/{id}`: the printable invoice page. */
export async function invoiceLoader(args: LoaderFunctionArgs) {
  const { found, invoice } = await loadInvoice(args);
  const view: InvoiceView = {
    invoice,
    pdf: routeHref(found.basePath, { name: "paymentInvoicePdf", params: { id: invoice.number } }),
    back: routeHref(found.basePath, { name: "account", query: { section: "paymentdetails" } }),
  };
  return data(view, { headers: PRIVATE });
}

/** `/payment/invoice/{id}/pdf`: the same invoice as a PDF download. */
export async function invoicePdfLoader(args: LoaderFunctionArgs) {
  const { invoice, t } = await loadInvoice(args);
  const pdf = await invoicePdf(invoice, {
    title: t("invoiceTitle"),
    number: t("invoiceNumber"),
    date: t("invoiceDate"),
    seller: t("invoiceSeller"),
    buyer: t("invoiceBuyer"),
    description: t("invoiceDescription"),
    price: t("invoicePrice"),
    amount: t("paymentAmount"),
    paidWith: t("subscriptionPaidWith"),
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE,
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.length),
      "Content-Disposition": `attachment; filename="invoice-${invoice.number}.pdf"`,
    },
  });
}
