import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { Order } from "../../contract/generated/order.ts";
import { PlatformError } from "../api-client/client.ts";
import { hasAccount, viewerPlatform } from "../realm/viewer-platform.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { safeRedirectPath } from "../realm/safe-redirect.ts";
import { confirmationHref, platformFailure } from "./checkout.server.ts";
import { qrDrawing, type QrDrawing } from "./pix-qr.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };
const ORDER_ID = /^[A-Za-z0-9-]{1,60}$/;

export interface OrderView {
  kind: "subscription" | "payment";
  state: "completed" | "pending" | "failed" | "unknown";
  order: Order | null;
  /** Label of why it failed, or of a failed call. */
  label: string | null;
  requestId?: string;
  /** Where "Start watching" goes: the page the checkout began from, else the realm's home. */
  continueHref: string;
  /** Back to the checkout's last step, to try another way to pay. */
  retryHref: string | null;
  /** A Pix charge waiting to be paid, with its QR code. */
  pix?: NonNullable<NonNullable<Order["action"]>["pix"]> & { qr: QrDrawing };
}

function stateOf(order: Order): OrderView["state"] {
  return order.status === "COMPLETED"
    ? "completed"
    : order.status === "FAILED"
      ? "failed"
      : "pending";
}

/** The realm path the viewer came from (`return`), as a link on this site. */
function continueHref(found: RealmRequest, params: URLSearchParams): string {
  const back = safeRedirectPath(params.get("return"), "");
  return back ? `${found.basePath}${back}` : routeHref(found.basePath, { name: "root" });
}

/**
 * `/subscription/confirmation` and `/payment/confirmation?order={id}`: what was bought, what
 * it cost, and the way back to watching. An order still pending (a provider not yet heard
 * from) says so, and the page looks again.
 */
export function orderConfirmationLoader(kind: OrderView["kind"]) {
  return async (args: LoaderFunctionArgs) => {
    const found = await requireRealmRequest(args);
    const params = new URL(args.request.url).searchParams;
    const id = params.get("order") ?? "";
    const view: OrderView = {
      kind,
      state: "unknown",
      order: null,
      label: null,
      continueHref: continueHref(found, params),
      retryHref: null,
    };
    if (!hasAccount(found.viewer) || !ORDER_ID.test(id)) return data(view, { headers: PRIVATE });
    try {
      const order = await viewerPlatform(args, found).get<Order>(`/v4/orders/${id}`);
      return data(
        { ...view, order, state: stateOf(order), label: order.failure?.label ?? null },
        { headers: PRIVATE },
      );
    } catch (error) {
      if (error instanceof PlatformError && error.status === 404) throw data(null, { status: 404 });
      if (!(error instanceof PlatformError)) throw error;
      return data({ ...view, ...platformFailure(error) }, { headers: PRIVATE });
    }
  };
}

/**
 * `/payment/authorization`: where a provider's page (a 3-D Secure challenge) sends the viewer
 * back, with `order`, `redirect_status` and the provider's signed `result`. The result is
 * handed to the platform, which completes the order once however many times it is told
 * (its own notification may have come first); then the confirmation, or why it failed.
 */
export async function paymentAuthorizationLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const params = new URL(args.request.url).searchParams;
  const id = params.get("order") ?? "";
  const result = params.get("result");
  const returnTo = safeRedirectPath(params.get("return"), "") || undefined;
  const checkout = safeRedirectPath(params.get("checkout"), "");
  const view: OrderView = {
    kind: "payment",
    state: "unknown",
    order: null,
    label: null,
    continueHref: continueHref(found, params),
    retryHref: checkout || null,
  };
  if (!ORDER_ID.test(id)) return data(view, { headers: PRIVATE });
  const client = viewerPlatform(args, found);
  let order: Order;
  try {
    order =
      result && result.length <= 4000
        ? await client.post<Order>(`/v4/orders/${id}/confirm`, { result })
        : await client.get<Order>(`/v4/orders/${id}`);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) throw data(null, { status: 404 });
    if (!(error instanceof PlatformError)) throw error;
    return data({ ...view, ...platformFailure(error) }, { headers: PRIVATE });
  }
  if (order.status === "COMPLETED")
    throw redirect(confirmationHref(found.basePath, order, returnTo));
  const pix = order.status === "PENDING" ? order.action?.pix : undefined;
  return data(
    {
      ...view,
      order,
      state: stateOf(order),
      label: order.failure?.label ?? (order.status === "FAILED" ? "paymentFailed" : null),
      ...(pix ? { pix: { ...pix, qr: qrDrawing(pix.payload) } } : {}),
    },
    { headers: PRIVATE },
  );
}
