import {
  data,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import type { PaymentDetails, PaymentSwitch } from "../../../contract/generated/payment-details.ts";
import type { RealmSettings } from "../../../schemas/generated/realm-settings.ts";
import { PlatformError, type PlatformClient } from "../../api-client/client.ts";
import {
  CARD_FIELD_OF,
  CARD_FIELDS,
  platformFailure,
  type CardField,
} from "../../checkout/checkout.server.ts";
import { flashToast } from "../../feedback/flash.server.ts";
import { readForm } from "../../realm/form-body.server.ts";
import type { RealmRequest } from "../../realm/request.server.ts";
import { routeHref } from "../../realm/routes.ts";
import { viewerPlatform } from "../../realm/viewer-platform.server.ts";
import { adultAccount } from "../page/account-page.server.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };

export interface PaymentUpdateView {
  /** The subscription whose method changes; null: the viewer picks one of `subscriptions`. */
  subscription: PaymentDetails | null;
  subscriptions: { name: string; href: string }[];
  /** Why the last change did not go through (a label key), when it did not. */
  failure: string | null;
  back: string;
}

export interface PaymentUpdateOutcome {
  label: string;
  fields: Partial<Record<CardField, string>>;
  values: { holder: string };
  /** New for every answer: the card fields start empty again after each refusal. */
  attempt: string;
}

const paymentDetailsHref = (basePath: string) =>
  routeHref(basePath, { name: "account", query: { section: "paymentdetails" } });

async function done(args: LoaderFunctionArgs, basePath: string) {
  return redirect(paymentDetailsHref(basePath), {
    headers: {
      ...PRIVATE,
      "Set-Cookie": await flashToast(args.request, args.context, {
        level: "success",
        label: "paymentMethodUpdated",
      }),
    },
  });
}

/** The change the provider's page sent the viewer back about, confirmed with its result. */
async function confirmReturn(
  client: PlatformClient,
  params: URLSearchParams,
): Promise<PaymentSwitch | null> {
  const id = params.get("order") ?? "";
  const result = params.get("result") ?? "";
  if (!/^pms_[0-9a-f-]{36}$/.test(id) || !result || result.length > 4000) return null;
  try {
    return await client.call("confirmPaymentSwitch", { params: { id }, body: { result } });
  } catch (error) {
    if (error instanceof PlatformError && error.status < 500) return null;
    throw error;
  }
}

/**
 * `/payment/update?subscription={orderId}`: a running subscription's payment method, and a card
 * to pay with instead (spec section 2, payment update). Back from the provider's challenge
 * (`order`, `redirect_status`, `result`), the change is confirmed: done, the payment details
 * say so; refused, this page says why.
 */
export async function paymentUpdateLoader(args: LoaderFunctionArgs) {
  const found = await adultAccount(args);
  const params = new URL(args.request.url).searchParams;
  const client = viewerPlatform(args, found);
  let failure: string | null = null;
  if (params.has("redirect_status")) {
    const change = await confirmReturn(client, params);
    if (change?.status === "COMPLETED") throw await done(args, found.basePath);
    failure = change?.failure?.label ?? "paymentFailed";
  }
  const { items } = await client.call("paymentDetails");
  const asked = params.get("subscription");
  const subscription =
    items.find((item) => item.orderId === asked) ?? (items.length === 1 ? items[0]! : null);
  const view: PaymentUpdateView = {
    subscription,
    subscriptions: items.map((item) => ({
      name: item.name,
      href: routeHref(found.basePath, {
        name: "paymentUpdate",
        query: { subscription: item.orderId },
      }),
    })),
    failure,
    back: paymentDetailsHref(found.basePath),
  };
  return data(view, { headers: PRIVATE });
}

/** The realm's provider that takes a card on this site's page: its first card provider. */
function cardProvider(found: RealmRequest): string | undefined {
  const providers = (found.shell.settings as RealmSettings).paymentProviders ?? [];
  return providers.find((p) => p.paymentProviderType === "CREDIT_CARD")?.name;
}

/**
 * Sends the card to the platform: taken over at once (back to the payment details with a
 * toast), sent to the provider's challenge (a page of its own), or refused (the card fields
 * empty again, the name kept, the reason shown).
 */
export async function paymentUpdateAction(
  args: ActionFunctionArgs,
): Promise<PaymentUpdateOutcome | Response> {
  const found = await adultAccount(args);
  const url = new URL(args.request.url);
  const form = await readForm(args.request);
  const card = Object.fromEntries(
    CARD_FIELDS.map((name) => [
      name,
      String(form.get(name) ?? "")
        .trim()
        .slice(0, 100),
    ]),
  ) as Record<CardField, string>;
  const fail = (label: string, fields: PaymentUpdateOutcome["fields"] = {}) => ({
    label,
    fields,
    values: { holder: card.holder },
    attempt: crypto.randomUUID(),
  });
  const missing = CARD_FIELDS.filter((name) => !card[name]);
  if (missing.length > 0) {
    return fail(
      "requiredField",
      Object.fromEntries(missing.map((name) => [name, "requiredField"])),
    );
  }
  const orderId = String(form.get("subscription") ?? "");
  const provider = cardProvider(found);
  if (!provider) return fail("paymentProviderUnavailable");
  const back = new URL(url.pathname, "http://same-origin.invalid");
  back.searchParams.set("subscription", orderId);
  let change: PaymentSwitch;
  try {
    change = await viewerPlatform(args, found).call("switchPaymentMethod", {
      params: { orderId },
      body: { provider, card, returnUrl: `${back.pathname}${back.search}` },
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const { label } = platformFailure(error);
    const field = CARD_FIELD_OF[error.code];
    return fail(label, field ? { [field]: label } : {});
  }
  if (change.status === "COMPLETED") return done(args, found.basePath);
  // The provider's page is no page of this app: the browser loads it as a document.
  if (change.status === "PENDING" && change.redirectUrl)
    return redirectDocument(change.redirectUrl);
  return fail(change.failure?.label ?? "paymentFailed");
}
