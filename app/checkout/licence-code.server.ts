import { createHash } from "node:crypto";
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import type { Basket } from "../../contract/generated/basket.ts";
import { PlatformError } from "../api-client/client.ts";
import { viewerPlatform } from "../realm/viewer-platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { realmLicences } from "../realm/shell.server.ts";
import { confirmationHref, platformFailure } from "./checkout.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };
const MAX_CODE = 200;

export interface LicenceCodeView {
  /** Why the code unlocked nothing (a label), or why the platform could not be asked. */
  label: string;
  requestId?: string;
  homeHref: string;
}

/** One key per account and code: reloading the link, or following it twice, is one order. */
function idempotencyKeyFor(code: string): string {
  return `licence-code-${createHash("sha256").update(code.toUpperCase()).digest("hex").slice(0, 40)}`;
}

/**
 * `/licence/redirect?code=…&extraParams=…` (spec section 2, licence redirect): a partner's link
 * that gives a signed-in customer a licence. The code is one of the realm's vouchers that pays
 * a licence whole; it is claimed through the zero-balance provider, exactly once per account,
 * and the viewer lands on the confirmation. A viewer who was signed out was sent to sign in with
 * the code kept in their session, and comes back here.
 */
export async function licenceRedirectLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const code = (new URL(args.request.url).searchParams.get("code") ?? "").trim();
  const view: LicenceCodeView = {
    label: "licenceCodeMissing",
    homeHref: routeHref(found.basePath, { name: "root" }),
  };
  if (!code || code.length > MAX_CODE) return data(view, { headers: PRIVATE });
  const client = viewerPlatform(args, found);
  try {
    const licences = await realmLicences(args.request, args.context, found.realm, found.viewer);
    for (const licence of licences) {
      let basket: Basket;
      try {
        basket = await client.call("basket", { query: { licence: licence.id, voucher: code } });
      } catch (error) {
        // No voucher has this code at all: no other licence will take it either.
        if (error instanceof PlatformError && error.status === 404) break;
        if (error instanceof PlatformError && error.code === "INVALID_VOUCHER") continue;
        throw error;
      }
      const free = basket.availablePaymentProviders.find((p) => p.method === "NONE");
      if (!free || basket.total !== 0 || basket.firstCharge) continue;
      const order = await client.call("basketPay", {
        body: {
          licence: licence.id,
          voucher: code,
          provider: free.name,
          idempotencyKey: idempotencyKeyFor(code),
        },
      });
      if (order.status === "COMPLETED")
        throw redirect(confirmationHref(found.basePath, order, undefined));
    }
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.code !== "INVALID_VOUCHER") {
      return data({ ...view, ...platformFailure(error) }, { headers: PRIVATE });
    }
  }
  return data({ ...view, label: "licenceCodeInvalid" }, { headers: PRIVATE });
}
