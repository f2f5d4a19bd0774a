import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { labelOfCode } from "../../contract/errors.ts";
import { readForm } from "../realm/form-body.server.ts";
import { pageParam, requireAdmin } from "./admin.server.ts";
import { minorUnits } from "./refund-amount.ts";

const PAGE_SIZE = 20;

/**
 * `/admin/orders?q=&p=`: the realm's paid and failed orders, found by buyer email or order id.
 * Each refundable one carries a fresh key for its refund form: pressing "Refund" twice sends
 * the same key, and the platform makes it one refund.
 */
export async function adminOrdersLoader(args: LoaderFunctionArgs) {
  const { realm, shell, viewer } = await requireAdmin(args);
  const url = new URL(args.request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const orders = await platformClient(args.context, {
    realm,
    locale: shell.locale,
    token: viewer.token,
  }).call("adminOrders", {
    query: { q: q || undefined, p: pageParam(url), rpp: PAGE_SIZE },
  });
  const refundKeys = Object.fromEntries(
    orders.hits.map((hit) => [hit.order.orderId, crypto.randomUUID()]),
  );
  return data({ q, orders, refundKeys }, { headers: { "Cache-Control": "private, no-store" } });
}

export type RefundOutcome =
  | { orderId: string; refunded: { amount: number; scale: number; currency: string } }
  | { orderId: string; error: string; field?: "amount" };

/** "Refund": the amount typed for one order, in its currency, given back through its provider. */
export async function adminOrdersAction(args: ActionFunctionArgs): Promise<RefundOutcome> {
  const { realm, shell, viewer } = await requireAdmin(args);
  const form = await readForm(args.request);
  const orderId = String(form.get("orderId") ?? "").slice(0, 60);
  const idempotencyKey = String(form.get("idempotencyKey") ?? "");
  const scale = Number(form.get("scale"));
  if (!orderId || !/^[\w-]{8,80}$/.test(idempotencyKey) || !Number.isInteger(scale)) {
    return { orderId, error: "anErrorOccured" };
  }
  const amount = minorUnits(String(form.get("amount") ?? ""), Math.min(Math.max(scale, 0), 4));
  if (amount === null) return { orderId, error: "refundAmountInvalid", field: "amount" };
  try {
    const refund = await platformClient(args.context, {
      realm,
      locale: shell.locale,
      token: viewer.token,
    }).call("refundOrder", {
      params: { orderId },
      body: { amount, idempotencyKey },
    });
    return {
      orderId,
      refunded: { amount: refund.amount, scale: refund.scale, currency: refund.currency },
    };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return {
      orderId,
      error:
        error.code === "NOT_FOUND"
          ? "refundOrderNotFound"
          : labelOfCode(error.code, "refundFailed"),
      ...(error.code === "REFUND_EXCEEDS_PAID" ? { field: "amount" as const } : {}),
    };
  }
}
