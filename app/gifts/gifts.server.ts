import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { GiftCheck, GiftItem, GiftRedemption } from "../../contract/generated/gift.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformFailure } from "../checkout/checkout.server.ts";
import { checkoutSearch } from "../checkout/checkout-query.ts";
import { readForm } from "../realm/form-body.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { hasAccount, viewerPlatform } from "../realm/viewer-platform.server.ts";
import {
  giftCodeProblem,
  giftFormProblems,
  readGiftForm,
  readGiftCode,
  type GiftFormValues,
} from "./gift-form.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The sign-in and sign-up links that come back to `relative` (a path of this realm). */
function signInLinks(found: RealmRequest, relative: string) {
  return {
    signIn: routeHref(found.basePath, { name: "login", query: { from: relative } }),
    signUp: routeHref(found.basePath, { name: "signup", query: { from: relative } }),
  };
}

/** `/gifts?item&periods&email&note`: what to give, and the form prefilled from the URL. */
export async function giftsLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  let items: GiftItem[] = [];
  let failure: { label: string; requestId?: string } | null = null;
  try {
    const country = url.searchParams.get("country");
    const answer = await viewerPlatform(args, found).call("giftItems", {
      query: country && /^[A-Z]{2}$/.test(country) ? { countryCode: country } : {},
    });
    items = answer.items;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    failure = platformFailure(error);
  }
  const values = readGiftForm(url.searchParams);
  return data(
    {
      items,
      failure,
      values,
      signedIn: hasAccount(found.viewer),
      ...signInLinks(found, `${realmRelativePath(found.basePath, url.pathname)}${url.search}`),
    },
    { headers: PRIVATE },
  );
}

export interface GiftFormOutcome {
  status: "error";
  label: string;
  requestId?: string;
  fields: Partial<Record<keyof GiftFormValues, string>>;
  values: GiftFormValues;
}

/**
 * Puts the gift in the basket and goes on to the checkout with it. A viewer without an account
 * signs in first and comes back to this form, filled in as they left it.
 */
export async function giftsAction(args: ActionFunctionArgs): Promise<GiftFormOutcome | Response> {
  const found = await requireRealmRequest(args);
  const values = readGiftForm(await readForm(args.request));
  const url = new URL(args.request.url);
  const client = viewerPlatform(args, found);
  let items: GiftItem[];
  try {
    items = (await client.call("giftItems", { query: {} })).items;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { status: "error", ...platformFailure(error), fields: {}, values };
  }
  const fields = giftFormProblems(values, items);
  const first = Object.values(fields)[0];
  if (first) return { status: "error", label: first, fields, values };
  if (!hasAccount(found.viewer)) {
    const back = new URLSearchParams({
      item: values.item,
      periods: values.periods,
      email: values.email,
      note: values.note,
    });
    const relative = `${realmRelativePath(found.basePath, url.pathname)}?${back}`;
    throw redirect(signInLinks(found, relative).signIn);
  }
  let added;
  try {
    added = await client.call("addGiftToBasket", {
      params: { licenceId: values.item },
      query: {},
      body: {
        recipientEmail: values.email.trim(),
        note: values.note.trim(),
        options: { numberOfPeriods: { type: "INT_RANGE", value: Number(values.periods) } },
      },
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const failure = platformFailure(error);
    return {
      status: "error",
      ...failure,
      fields: error.code === "INVALID_EMAIL" ? { email: failure.label } : {},
      values,
    };
  }
  const checkout = routeHref(found.basePath, { name: "purchase" });
  throw redirect(`${checkout}${checkoutSearch({ licence: added.licenceId, gift: added.giftId })}`);
}

export type RedeemView =
  | { state: "ask"; code: string; problem: string | null; requestId?: string }
  | { state: "checked"; code: string; gift: GiftCheck }
  | { state: "redeemed"; code: string; gift: GiftCheck | null; redemption: GiftRedemption };

async function checkCode(
  args: LoaderFunctionArgs,
  found: RealmRequest,
  code: string,
): Promise<RedeemView> {
  try {
    const gift = await viewerPlatform(args, found).call("giftCheck", { params: { code } });
    return { state: "checked", code, gift };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { state: "ask", code, problem: giftCodeProblem(error.code), ...requestIdOf(error) };
  }
}

function requestIdOf(error: PlatformError) {
  return error.requestId ? { requestId: error.requestId } : {};
}

/** `/gifts/redeem?code=`: the code field, and once a code is given, what it gives. */
export async function redeemGiftLoader(args: LoaderFunctionArgs) {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const typed = url.searchParams.get("code");
  const code = typed === null ? "" : readGiftCode(typed);
  const view: RedeemView =
    typed === null || typed.trim() === ""
      ? { state: "ask", code: "", problem: typed === null ? null : "requiredField" }
      : code
        ? await checkCode(args, found, code)
        : { state: "ask", code: typed.slice(0, 40), problem: "giftCodeUnknown" };
  return data(
    {
      view,
      signedIn: hasAccount(found.viewer),
      ...signInLinks(found, redeemPath(found, view.code)),
      accountHref: routeHref(found.basePath, { name: "account" }),
    },
    { headers: PRIVATE },
  );
}

/** The redemption page for `code`, as a realm-relative path (where sign-in comes back to). */
function redeemPath(found: RealmRequest, code: string): string {
  return realmRelativePath(
    found.basePath,
    routeHref(found.basePath, { name: "redeemGift", query: code ? { code } : {} }),
  );
}

/** Redeems the code into the viewer's account; a viewer without one signs in first. */
export async function redeemGiftAction(args: ActionFunctionArgs): Promise<RedeemView> {
  const found = await requireRealmRequest(args);
  const form = await readForm(args.request);
  const code = readGiftCode(String(form.get("code") ?? ""));
  if (!code) return { state: "ask", code: "", problem: "giftCodeUnknown" };
  if (!hasAccount(found.viewer)) {
    throw redirect(signInLinks(found, redeemPath(found, code)).signIn);
  }
  const client = viewerPlatform(args, found);
  const checked = await checkCode(args, found, code);
  try {
    const redemption = await client.call("giftRedeem", { params: { code } });
    return {
      state: "redeemed",
      code,
      gift: checked.state === "checked" ? checked.gift : null,
      redemption,
    };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return { state: "ask", code, problem: giftCodeProblem(error.code), ...requestIdOf(error) };
  }
}
