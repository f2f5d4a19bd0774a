import {
  data,
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from "@remix-run/node";
import { ERROR_LABELS, labelOfCode } from "../../contract/errors.ts";
import type { Basket, BasketProvider } from "../../contract/generated/basket.ts";
import type { BasketPayment, Order } from "../../contract/generated/order.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import type { Licence } from "../../schemas/generated/licence.ts";
import { billingCountries } from "./billing-countries.ts";
import { PlatformError } from "../api-client/client.ts";
import { readForm } from "../realm/form-body.server.ts";
import { hasAccount, viewerPlatform } from "../realm/viewer-platform.server.ts";
import { requireRealmRequest, type RealmRequest } from "../realm/request.server.ts";
import { realmRelativePath, routeHref } from "../realm/routes.ts";
import { offeredLicences } from "./offered-licences.ts";
import { edgeCountry, pricedFor } from "./viewer-prices.server.ts";
import { realmLicences } from "../realm/shell.server.ts";
import { postalCodeProblem } from "../../contract/postal-address.ts";
import { submitPasswordSignIn } from "../identity/login.server.ts";
import type { FormOutcome } from "../identity/session-actions.server.ts";
import { signupFormOf, submitSignup, type SignupForm } from "../identity/signup.server.ts";
import { partitionChoices, type PartitionChoice } from "../realm/partitions.ts";
import { checkoutSearch, readCheckoutQuery, type CheckoutQuery } from "./checkout-query.ts";
import {
  CHECKOUT_STEPS,
  checkoutSteps,
  freeTrialAcknowledgement,
  readStep,
  stepAfter,
  stepBefore,
  type CheckoutStep,
  type FreeTrialAcknowledgement,
} from "./steps.ts";

const PRIVATE = { "Cache-Control": "private, no-store" };
export const CARD_FIELDS = ["holder", "number", "expiry", "cvc"] as const;
export type CardField = (typeof CARD_FIELDS)[number];

/** Which card field each of the platform's card codes is about. */
export const CARD_FIELD_OF: Record<string, CardField> = {
  INVALID_CARD_HOLDER: "holder",
  INVALID_CARD_NUMBER: "number",
  INVALID_CARD_EXPIRY: "expiry",
  INVALID_CARD_CVC: "cvc",
};

export interface CheckoutView {
  state: "empty" | "ready" | "failed";
  step: CheckoutStep;
  steps: CheckoutStep[];
  query: CheckoutQuery;
  licences: Licence[];
  licence: Licence | null;
  basket: Basket | null;
  provider: BasketProvider | null;
  providers: BasketProvider[];
  countries: string[];
  trial: FreeTrialAcknowledgement;
  /** Label of the voucher's problem, and the code it was about (spec section 5). */
  voucherProblem: { label: string; code: string } | null;
  /** Label of the address step's problems by field. */
  addressProblems: Record<string, string>;
  hrefs: {
    self: string;
    back: string | null;
    signUp: string;
    signIn: string;
    changePlan: string | null;
    /** The address step again, its postal code to enter anew. */
    changeAddress: string;
    step: Partial<Record<CheckoutStep, string>>;
  };
  /** The realm's sign-up form, where the checkout has an account step. */
  signup: SignupForm | null;
  /** The realm's regions, where the account is asked for its own (the PARTITIONS step). */
  partitions: PartitionChoice[];
  /** The billing address is entered and valid (a last address step then pays). */
  addressDone: boolean;
  /** The key of this render's pay button: a double press sends it twice, and pays once. */
  idempotencyKey: string;
  signedIn: boolean;
  /** The realm takes promo codes (`hasVouchers`). */
  vouchers: boolean;
  /** Label of a failed platform call (the page's error state), with its request id. */
  failure: { label: string; requestId?: string } | null;
}

/**
 * What the account step's and the region step's forms answer when they cannot go on: kept
 * against the step it is about (spec section 4: a sign-up error is stored against its step).
 */
export interface StepOutcome {
  status: "step";
  step: CheckoutStep;
  intent: "signup" | "signin" | "partition";
  outcome: FormOutcome;
}

/** What the pay form answers when it cannot go on. */
export interface PayOutcome {
  status: "error";
  /** New for every answer: the card fields start empty again after each refusal. */
  attempt: string;
  label: string;
  requestId?: string;
  fields: Partial<Record<CardField | "acknowledgeTrial", string>>;
  values: { holder?: string };
}

interface Priced {
  basket: Basket | null;
  voucherProblem: CheckoutView["voucherProblem"];
  failure: CheckoutView["failure"];
}

/** The basket for the chosen licence, voucher and country; a refused voucher is left out. */
async function priceBasket(
  args: LoaderFunctionArgs,
  found: RealmRequest,
  query: CheckoutQuery,
): Promise<Priced> {
  if (!query.licence || !hasAccount(found.viewer)) {
    return { basket: null, voucherProblem: null, failure: null };
  }
  const client = viewerPlatform(args, found);
  // Until the billing address names it, the country is the edge's word, as the plans were listed.
  const country = query.country ?? edgeCountry(args.context);
  const ask = (voucher?: string) =>
    client.call("basket", {
      query: {
        licence: query.licence!,
        ...(voucher ? { voucher } : {}),
        ...(country ? { country } : {}),
        ...(query.gift ? { gift: query.gift } : {}),
      },
    });
  try {
    return { basket: await ask(query.voucher), voucherProblem: null, failure: null };
  } catch (error) {
    if (error instanceof PlatformError && error.code === "INVALID_VOUCHER" && query.voucher) {
      const basket = await ask().catch(() => null);
      return {
        basket,
        voucherProblem: { label: ERROR_LABELS.INVALID_VOUCHER, code: query.voucher },
        failure: null,
      };
    }
    if (error instanceof PlatformError) {
      return { basket: null, voucherProblem: null, failure: platformFailure(error) };
    }
    throw error;
  }
}

/** The label (and request id) a failed platform call shows. */
export function platformFailure(error: PlatformError): { label: string; requestId?: string } {
  return {
    label: labelOfCode(error.code, "errorOccurredPleaseTryAgain"),
    ...(error.requestId ? { requestId: error.requestId } : {}),
  };
}

/** Everything a checkout page shows, or the redirect to the step it must be at. */
async function checkoutView(args: LoaderFunctionArgs): Promise<CheckoutView> {
  const found = await requireRealmRequest(args);
  const url = new URL(args.request.url);
  const settings = found.shell.settings as RealmSettings;
  const query = readCheckoutQuery(url.searchParams);
  const licences = pricedFor(
    offeredLicences(
      await realmLicences(args.request, args.context, found.realm, found.viewer),
      query.licence,
    ),
    query.country ?? edgeCountry(args.context),
  );
  const licence =
    licences.find((l) => l.id === query.licence) ?? (licences.length === 1 ? licences[0]! : null);
  if (licence) query.licence = licence.id;
  else delete query.licence;
  const signedIn = hasAccount(found.viewer);
  const regions = partitionChoices(settings, found.shell.locale);
  const partitionNeeded = signedIn && regions.length > 0 && !found.viewer.partition;
  const priced = await priceBasket(args, found, query);
  const providers = priced.basket?.availablePaymentProviders ?? [];
  const provider =
    providers.find((p) => p.name === query.provider) ??
    (providers.length === 1 ? providers[0]! : null);
  if (provider) query.provider = provider.name;
  else delete query.provider;
  const basket = priced.basket;
  const charged = basket ? basket.total > 0 || Boolean(basket.firstCharge) : true;
  const steps = checkoutSteps({
    firstStep: settings.checkoutFirstStep,
    // A gift names its licence: there is nothing to choose.
    licenceChoice: licences.length > 1 && !query.gift,
    signedIn,
    cardEntry: provider ? provider.method === "CARD" : true,
    charged,
    partitionNeeded,
  });
  const countries = billingCountries(settings);
  const addressProblems: Record<string, string> = {};
  if (query.country !== undefined && !countries.includes(query.country)) {
    addressProblems.country = "requiredField";
  }
  if (query.postalCode !== undefined) {
    const problem = postalCodeProblem(query.postalCode);
    if (problem) addressProblems.postalCode = problem;
  }
  const done = (step: CheckoutStep): boolean => {
    switch (step) {
      case CHECKOUT_STEPS.SELECT_LICENCE:
        return Boolean(licence);
      case CHECKOUT_STEPS.CREATE_ACCOUNT:
        return signedIn;
      case CHECKOUT_STEPS.PARTITIONS:
        return !partitionNeeded;
      case CHECKOUT_STEPS.SELECT_PAYMENT_METHOD:
        return Boolean(provider);
      case CHECKOUT_STEPS.ADD_BILLING_ADDRESS:
        return (
          query.country !== undefined &&
          query.postalCode !== undefined &&
          Object.keys(addressProblems).length === 0
        );
      default:
        return false;
    }
  };
  // A step is reached only with every step before it done: the first one not done is shown,
  // also when the URL names no step (a link that names the licence starts past choosing it).
  const firstOpen = steps.find((step) => !done(step)) ?? steps[steps.length - 1]!;
  const asked = readStep(query.step ?? null, steps) ?? firstOpen;
  const step = steps.indexOf(asked) > steps.indexOf(firstOpen) ? firstOpen : asked;
  const base = found.basePath;
  const pathname = url.pathname;
  const hrefFor = (target: CheckoutStep) => `${pathname}${checkoutSearch(query, target)}`;
  const from = `${realmRelativePath(base, pathname)}${checkoutSearch(query, stepAfter(steps, CHECKOUT_STEPS.CREATE_ACCOUNT) ?? step)}`;
  const before = stepBefore(steps, step);
  return {
    state: licences.length === 0 ? "empty" : priced.failure ? "failed" : "ready",
    step: licences.length === 0 ? CHECKOUT_STEPS.EMPTY : step,
    steps,
    query,
    licences,
    licence,
    basket,
    provider,
    providers,
    countries,
    trial: freeTrialAcknowledgement(Boolean(basket?.firstCharge), false),
    voucherProblem: priced.voucherProblem,
    addressProblems: step === CHECKOUT_STEPS.ADD_BILLING_ADDRESS ? addressProblems : {},
    hrefs: {
      self: `${pathname}${url.search}`,
      back: before === undefined ? null : hrefFor(before),
      signUp: routeHref(base, { name: "signup", query: { from } }),
      signIn: routeHref(base, { name: "login", query: { from } }),
      changePlan:
        licences.length > 1 && !query.gift
          ? `${pathname}${checkoutSearch({ ...query, voucher: undefined }, CHECKOUT_STEPS.SELECT_LICENCE)}`
          : null,
      changeAddress: `${pathname}${checkoutSearch({ ...query, postalCode: undefined }, CHECKOUT_STEPS.ADD_BILLING_ADDRESS)}`,
      step: Object.fromEntries(steps.map((s) => [s, hrefFor(s)])),
    },
    signup: steps.includes(CHECKOUT_STEPS.CREATE_ACCOUNT)
      ? signupFormOf(settings, found.shell.locale)
      : null,
    partitions: partitionNeeded ? regions : [],
    addressDone: done(CHECKOUT_STEPS.ADD_BILLING_ADDRESS),
    idempotencyKey: crypto.randomUUID(),
    signedIn,
    vouchers: Boolean(settings.hasVouchers),
    failure: priced.failure,
  };
}

/** `/purchase` and `/pay`: the checkout at the step its URL names (spec section 4). */
export async function checkoutLoader(args: LoaderFunctionArgs) {
  return data(await checkoutView(args), { headers: PRIVATE });
}

/**
 * Pays: the basket is priced again by the platform, never taken from the page. A completed
 * order goes to its confirmation; one that needs the viewer elsewhere (a 3-D Secure challenge)
 * goes there; a refusal comes back to the card step with its message, the card fields empty.
 */
export async function checkoutAction(
  args: ActionFunctionArgs,
): Promise<PayOutcome | StepOutcome | Response> {
  const view = await checkoutView(args);
  const found = await requireRealmRequest(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "signup" || intent === "signin")
    return accountStep(args, view, found, form, intent);
  if (intent === "partition") return partitionStep(args, view, found, form);
  const holder = String(form.get("holder") ?? "").trim();
  const fail = (
    label: string,
    fields: PayOutcome["fields"] = {},
    requestId?: string,
  ): PayOutcome => ({
    status: "error",
    attempt: crypto.randomUUID(),
    label,
    fields,
    values: { holder },
    ...(requestId ? { requestId } : {}),
  });
  if (!view.signedIn) throw redirect(view.hrefs.signIn);
  const last = view.steps[view.steps.length - 1]!;
  if (view.step !== last || !view.licence || !view.provider || !view.basket) {
    // Something the steps ask for is missing or changed: back to where it is asked.
    throw redirect(view.hrefs.step[view.step] ?? view.hrefs.self);
  }
  const fields: PayOutcome["fields"] = {};
  const cardEntry = view.provider.method === "CARD" && last === 4;
  const card = Object.fromEntries(
    CARD_FIELDS.map((name) => [name, String(form.get(name) ?? "").trim()]),
  ) as Record<CardField, string>;
  if (cardEntry) {
    for (const name of CARD_FIELDS) if (!card[name]) fields[name] = "requiredField";
  }
  if (view.basket.firstCharge && form.get("acknowledgeTrial") !== "true") {
    fields.acknowledgeTrial = "freeTrialAcknowledgementRequired";
  }
  if (Object.keys(fields).length > 0) return fail(Object.values(fields)[0]!, fields);
  const key = String(form.get("idempotencyKey") ?? "");
  const authorization = routeHref(found.basePath, {
    name: "paymentAuthorization",
    query: {
      ...(view.query.returnTo ? { return: view.query.returnTo } : {}),
      checkout: `${new URL(args.request.url).pathname}${checkoutSearch(view.query, last)}`,
    },
  });
  const payment: BasketPayment = {
    licence: view.licence.id,
    ...(view.query.gift ? { gift: view.query.gift } : {}),
    provider: view.provider.name,
    idempotencyKey: /^[A-Za-z0-9_-]{8,100}$/.test(key) ? key : crypto.randomUUID(),
    ...(view.basket.voucher ? { voucher: view.basket.voucher.code } : {}),
    ...(view.query.country ? { country: view.query.country } : {}),
    // The address step's address, kept with the order for its invoice.
    ...(view.query.country && view.addressDone && view.query.postalCode
      ? { postalCode: view.query.postalCode }
      : {}),
    ...(cardEntry ? { card } : {}),
    returnUrl: authorization,
  };
  let order: Order;
  try {
    order = await viewerPlatform(args, found).call("basketPay", { body: payment });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const field = CARD_FIELD_OF[error.code];
    const { label, requestId } = platformFailure(error);
    return fail(label, field ? { [field]: label } : {}, requestId);
  }
  return (
    afterPayment(found.basePath, order, view.query.returnTo, authorization) ??
    fail(order.failure?.label ?? "paymentFailed")
  );
}

/**
 * Where an order sends the viewer: its confirmation once completed, the provider's page while
 * it waits for the viewer, the page that shows a Pix charge until it is paid, and, failed,
 * nowhere (the caller shows why).
 */
export function afterPayment(
  base: string,
  order: Order,
  returnTo: string | undefined,
  authorization: string,
): Response | undefined {
  if (order.status === "COMPLETED") {
    return redirect(confirmationHref(base, order, returnTo));
  }
  if (order.status === "PENDING" && order.action?.redirectUrl) {
    // The provider's page is no page of this app: the browser loads it as a document.
    return redirectDocument(order.action.redirectUrl);
  }
  if (order.status === "PENDING" && order.action?.pix) {
    const href = new URL(authorization, "http://same-origin.invalid");
    href.searchParams.set("order", order.orderId);
    return redirect(`${href.pathname}${href.search}`);
  }
  return undefined;
}

/** A completed order's confirmation page: a subscription's, or a payment's (a pass). */
export function confirmationHref(base: string, order: Order, returnTo: string | undefined): string {
  const subscription = order.basket.firstCharge !== undefined || isSubscription(order);
  return routeHref(base, {
    name: subscription ? "subscriptionConfirmation" : "paymentConfirmation",
    query: { order: order.orderId, ...(returnTo ? { return: returnTo } : {}) },
  });
}

function isSubscription(order: Order): boolean {
  return order.entitlements.some((e) => e.endsAt !== null);
}

/**
 * The account step: the account is created (or signed in to) by the same platform calls as the
 * sign-up and sign-in pages, and the checkout goes on at the step after this one with the
 * licence, voucher and the rest of its URL kept. The way back is built here from the checkout's
 * own parsed URL, never from a parameter of the form.
 */
async function accountStep(
  args: ActionFunctionArgs,
  view: CheckoutView,
  found: RealmRequest,
  form: FormData,
  intent: "signup" | "signin",
): Promise<StepOutcome | Response> {
  const pathname = new URL(args.request.url).pathname;
  const next = stepAfter(view.steps, CHECKOUT_STEPS.CREATE_ACCOUNT);
  const to = () => `${pathname}${checkoutSearch(view.query, next)}`;
  // Signed in already (another tab, a resent form): there is no account step to answer.
  if (view.signedIn || !view.steps.includes(CHECKOUT_STEPS.CREATE_ACCOUNT)) {
    throw redirect(view.hrefs.self);
  }
  const outcome =
    intent === "signup"
      ? // Decision 022: an account still waiting for its emailed confirmation keeps the
        // session the checkout started, so it may pay; watching waits for the confirmation.
        await submitSignup(args, found, form, { to, keep: () => true })
      : await submitPasswordSignIn(args, found, form, to);
  if (outcome instanceof Response) return outcome;
  return { status: "step", step: CHECKOUT_STEPS.CREATE_ACCOUNT, intent, outcome };
}

/**
 * The PARTITIONS step: the region is saved to the account (the platform's partition call, as the
 * account page does) and the session's token renewed, so the licences offered are the region's.
 */
async function partitionStep(
  args: ActionFunctionArgs,
  view: CheckoutView,
  found: RealmRequest,
  form: FormData,
): Promise<StepOutcome | Response> {
  if (!view.steps.includes(CHECKOUT_STEPS.PARTITIONS)) throw redirect(view.hrefs.self);
  const partitionId = String(form.get("partitionId") ?? "");
  const fail = (outcome: FormOutcome): StepOutcome => ({
    status: "step",
    step: CHECKOUT_STEPS.PARTITIONS,
    intent: "partition",
    outcome,
  });
  if (!view.partitions.some((p) => p.id === partitionId)) {
    return fail({
      status: "error",
      label: "partitionRequired",
      fields: { partitionId: "partitionRequired" },
    });
  }
  try {
    await viewerPlatform(args, found).call("changePartition", { body: { partitionId } });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const { label, requestId } = platformFailure(error);
    return fail({ status: "error", label, ...(requestId ? { requestId } : {}) });
  }
  await args.context.refreshViewer?.();
  // The licence chosen before may not be sold in the region: the steps ask again if so.
  const pathname = new URL(args.request.url).pathname;
  throw redirect(`${pathname}${checkoutSearch(view.query)}`, { headers: PRIVATE });
}
