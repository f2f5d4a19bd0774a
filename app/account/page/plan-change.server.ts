import { redirectDocument } from "@remix-run/node";
import type { AccountSubscription } from "../../../contract/generated/account.ts";
import { labelOfCode } from "../../../contract/errors.ts";
import type { PlanChangeRequest } from "../../../contract/generated/plan-change.ts";
import { PlatformError, type PlatformClient } from "../../api-client/client.ts";
import type { LabelKey } from "../../feedback/toast.ts";
import { routeHref } from "../../realm/routes.ts";
import { CARD_FIELDS, CARD_FIELD_OF } from "../../checkout/checkout.server.ts";
import type { PlanChangeView } from "./view.ts";

const subscriptionsHref = (basePath: string, query: Record<string, string> = {}) =>
  routeHref(basePath, { name: "account", query: { section: "subscriptions", ...query } });

/** Each running, renewing subscription's "Change plan" step, by order id. */
export function changeHrefs(basePath: string, items: AccountSubscription[]) {
  return Object.fromEntries(
    items
      .filter(
        (item) =>
          item.kind === "SUBSCRIPTION" &&
          item.status === "ACTIVE" &&
          item.orderId &&
          !item.cancelledAt,
      )
      .map((item) => [item.orderId!, subscriptionsHref(basePath, { change: item.orderId! })]),
  );
}

/**
 * The plan change the query asks for (`?change={orderId}`, then `&to={licence}`): the plans the
 * subscription can change to with what each costs now and from when, then the confirmation of
 * one. None when the query names no running subscription of the account's.
 */
export async function planChangePart(
  client: PlatformClient,
  basePath: string,
  items: AccountSubscription[],
  query: URLSearchParams,
): Promise<PlanChangeView | null> {
  const orderId = query.get("change");
  const subscription = items.find((item) => item.orderId === orderId);
  if (!orderId || !subscription || !changeHrefs(basePath, [subscription])[orderId]) return null;
  let options;
  try {
    options = await client.call("planChanges", { params: { orderId } });
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    return null;
  }
  const chosen = options.items.find((item) => item.licenceId === query.get("to")) ?? null;
  return {
    orderId,
    name: subscription.name,
    options: options.items.map((item) => ({
      ...item,
      href: subscriptionsHref(basePath, { change: orderId, to: item.licenceId }),
    })),
    chosen,
    storedCard: options.storedCard,
    idempotencyKey: crypto.randomUUID(),
    back: subscriptionsHref(basePath),
    choose: subscriptionsHref(basePath, { change: orderId }),
  };
}

export type PlanChangeRun =
  | { done: LabelKey }
  | { redirect: Response }
  | { refused: LabelKey; fields?: Record<string, string> };

/**
 * The confirmation's form: the change, charged to the saved card or the card entered. A
 * completed upgrade or a scheduled downgrade goes back to the subscriptions; a card challenge
 * goes to the card's issuer and back to the payment authorisation page.
 */
export async function runPlanChange(
  form: FormData,
  client: PlatformClient,
  basePath: string,
): Promise<PlanChangeRun> {
  const orderId = String(form.get("orderId") ?? "");
  const key = String(form.get("idempotencyKey") ?? "");
  const card = Object.fromEntries(
    CARD_FIELDS.map((name) => [name, String(form.get(name) ?? "").trim()]),
  ) as Record<(typeof CARD_FIELDS)[number], string>;
  const withCard = form.get("withCard") === "true";
  if (withCard) {
    const missing = CARD_FIELDS.filter((name) => !card[name]);
    if (missing.length > 0) {
      return {
        refused: "requiredField",
        fields: Object.fromEntries(missing.map((name) => [name, "requiredField"])),
      };
    }
  }
  const body: PlanChangeRequest = {
    licence: String(form.get("licence") ?? "").slice(0, 100),
    idempotencyKey: /^[A-Za-z0-9_-]{8,100}$/.test(key) ? key : crypto.randomUUID(),
    ...(withCard ? { card } : {}),
    returnUrl: routeHref(basePath, {
      name: "paymentAuthorization",
      query: { return: subscriptionsHref(basePath) },
    }),
  };
  try {
    const result = await client.call("changePlan", { params: { orderId }, body });
    if (result.kind === "DOWNGRADE") return { done: "planChangeScheduled" };
    const order = result.order!;
    if (order.status === "COMPLETED") return { done: "planChanged" };
    if (order.status === "PENDING" && order.action?.redirectUrl) {
      return { redirect: redirectDocument(order.action.redirectUrl) };
    }
    return { refused: (order.failure?.label as LabelKey | undefined) ?? "paymentFailed" };
  } catch (error) {
    if (!(error instanceof PlatformError) || error.status >= 500) throw error;
    const field = CARD_FIELD_OF[error.code];
    const label = labelOfCode(error.code, "errorOccurredPleaseTryAgain");
    return { refused: label, ...(field ? { fields: { [field]: label } } : {}) };
  }
}
