import { safeRedirectPath } from "../realm/safe-redirect.ts";
import type { CheckoutStep } from "./steps.ts";

/**
 * Where a checkout stands, all of it in the URL (`/purchase?licence=…&step=…`), so that back,
 * forward, reload and a form sent without JavaScript all find it again. Card details are never
 * part of it.
 */
export interface CheckoutQuery {
  licence?: string;
  step?: string;
  voucher?: string;
  country?: string;
  postalCode?: string;
  provider?: string;
  /** The realm-relative page to go back to after buying (the video that was refused). */
  returnTo?: string;
  /** A gift put in the basket (`/gifts`): the checkout pays for it instead of a licence. */
  gift?: string;
}

const LICENCE = /^[A-Z0-9_]{1,60}$/;
const VOUCHER = /^[A-Za-z0-9-]{1,40}$/;
const COUNTRY = /^[A-Z]{2}$/;
const GIFT = /^[0-9a-f-]{36}$/;

/** Reads a checkout's URL; anything malformed is as if absent (the step asks for it again). */
export function readCheckoutQuery(params: URLSearchParams): CheckoutQuery {
  const text = (name: string, max: number) => {
    const value = params.get(name)?.trim();
    return value && value.length <= max ? value : undefined;
  };
  const licence = text("licence", 60);
  const voucher = text("voucher", 40);
  const country = text("country", 2)?.toUpperCase();
  const returnTo = params.get("return");
  const gift = text("gift", 36);
  return {
    ...(licence && LICENCE.test(licence) ? { licence } : {}),
    ...(text("step", 1) ? { step: text("step", 1) } : {}),
    ...(voucher && VOUCHER.test(voucher) ? { voucher: voucher.toUpperCase() } : {}),
    ...(country && COUNTRY.test(country) ? { country } : {}),
    ...(params.has("postalCode") ? { postalCode: params.get("postalCode")!.slice(0, 40) } : {}),
    ...(text("provider", 60) ? { provider: text("provider", 60) } : {}),
    ...(returnTo && safeRedirectPath(returnTo, "") ? { returnTo: safeRedirectPath(returnTo) } : {}),
    ...(gift && GIFT.test(gift) ? { gift } : {}),
  };
}

/** The query string of a checkout state, at a step. */
export function checkoutSearch(query: CheckoutQuery, step?: CheckoutStep): string {
  const params = new URLSearchParams();
  if (query.licence) params.set("licence", query.licence);
  if (step !== undefined) params.set("step", String(step));
  if (query.voucher) params.set("voucher", query.voucher);
  if (query.country) params.set("country", query.country);
  if (query.postalCode !== undefined) params.set("postalCode", query.postalCode);
  if (query.provider) params.set("provider", query.provider);
  if (query.returnTo) params.set("return", query.returnTo);
  if (query.gift) params.set("gift", query.gift);
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The query as hidden form fields: each step's form carries what the others chose. */
export function hiddenFields(
  query: CheckoutQuery,
  leaveOut: (keyof CheckoutQuery)[],
): { name: string; value: string }[] {
  const names: Record<Exclude<keyof CheckoutQuery, "step">, string> = {
    licence: "licence",
    voucher: "voucher",
    country: "country",
    postalCode: "postalCode",
    provider: "provider",
    returnTo: "return",
    gift: "gift",
  };
  return (Object.keys(names) as (keyof typeof names)[])
    .filter((key) => query[key] !== undefined && !leaveOut.includes(key))
    .map((key) => ({ name: names[key], value: query[key]! }));
}
