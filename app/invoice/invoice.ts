import type { Order } from "../../contract/generated/order.ts";
import type { TFunction } from "i18next";
import type { UserDetails } from "../../contract/generated/user-details.ts";
import { formatMoney } from "../checkout/money.ts";
import { dateTimeFormat, regionName } from "../ui/intl.ts";

/** One line of an invoice, every figure already written in the viewer's language. */
export interface InvoiceLine {
  description: string;
  price: string;
  total: string;
}

/**
 * An invoice as both the page and its PDF show it: one completed order, worded and formatted
 * once, on the server, so that the two can never disagree.
 */
export interface Invoice {
  /** The order id: unique, and what support looks an invoice up by. */
  number: string;
  date: string;
  seller: string;
  /** The account holder, and the billing address the checkout took (postal code, country). */
  buyer: { name: string | null; email: string; address: string[] };
  lines: InvoiceLine[];
  /** Label and amount of each total, in order (subtotal, discount, tax, total). */
  totals: { label: string; amount: string; grand?: boolean }[];
  currency: string;
  paidWith: string | null;
}

/** What an order was paid with, as the viewer reads it: "Visa •••• 4242", or the method's name. */
export function paymentMethodText(method: NonNullable<Order["paymentMethod"]>): string {
  return method.last4 ? `${method.brand} •••• ${method.last4}` : method.brand;
}

type Translate = (key: string, values?: Record<string, string>) => string;

const INVOICE_DATE: Intl.DateTimeFormatOptions = { dateStyle: "long", timeZone: "UTC" };

/** The invoice of a completed order, for the account holder `buyer`, sold by `seller`. */
export function invoiceOf(
  order: Order & { completedAt: string },
  buyer: UserDetails,
  seller: string,
  locale: string,
  t: Translate,
): Invoice {
  const { basket } = order;
  const money = (amount: number) =>
    formatMoney(locale, { amount, scale: basket.scale, currency: basket.currency });
  const catalogue = basket.basketItems.reduce((sum, item) => sum + item.catalogPrice, 0);
  const totals: Invoice["totals"] = [{ label: t("subtotal"), amount: money(catalogue) }];
  if (basket.totalDiscount > 0) {
    totals.push({
      label: basket.voucher ? t("voucherDiscount", { name: basket.voucher.name }) : t("discount"),
      amount: `−${money(basket.totalDiscount)}`,
    });
  }
  totals.push({ label: t(basket.taxInclusive ? "taxIncluded" : "tax"), amount: money(basket.tax) });
  totals.push({ label: t("total"), amount: money(basket.total), grand: true });
  const method = order.paymentMethod;
  return {
    number: order.orderId,
    date: dateTimeFormat(locale, INVOICE_DATE).format(new Date(order.completedAt)),
    seller,
    buyer: {
      name: buyer.name.fullName,
      email: buyer.contactEmail ?? buyer.email,
      address: order.billingAddress
        ? [order.billingAddress.postalCode, regionName(locale, order.billingAddress.countryCode)]
        : [],
    },
    lines: basket.basketItems.map((item) => ({
      description: item.name,
      price: money(item.catalogPrice),
      total: money(item.total),
    })),
    totals,
    currency: basket.currency,
    paidWith: method ? paymentMethodText(method) : null,
  };
}

/** Paid, not paid, or what was given back of it (an admin's refunds), as a history lists it. */
export function orderStatusText(t: TFunction, locale: string | undefined, order: Order): string {
  if (order.status !== "COMPLETED") return t("paymentNotPaid");
  if (!order.refunded) return t("paymentPaid");
  if (order.refunded.full) return t("paymentRefunded");
  return t("paymentPartlyRefunded", {
    amount: formatMoney(locale, {
      amount: order.refunded.amount,
      scale: order.basket.scale,
      currency: order.basket.currency,
    }),
  });
}
