import type { Basket, BasketProvider } from "../../contract/generated/basket.ts";
import { ZERO_BALANCE_PROVIDER } from "./basket.ts";
import type { CardInput, CardProblem, CardSummary } from "./cards.ts";
import type { Order } from "../../contract/generated/order.ts";
import type { PaymentFailure, PaymentMethodSummary } from "./payment-signatures.ts";
import { cardstream, gcash, geoBank, payWallet, pixPay, securePay } from "./sandbox-acquirer.ts";

export type { PaymentFailure } from "./payment-signatures.ts";

/** A Pix charge the viewer pays from their banking app (the order's `action.pix`). */
export type PixCharge = NonNullable<NonNullable<Order["action"]>["pix"]>;

/** What a provider says when asked to take an order's payment. */
export type PaymentStart =
  | { status: "COMPLETED"; method?: PaymentMethodSummary }
  | { status: "FAILED"; failure: PaymentFailure; method?: PaymentMethodSummary }
  /** The viewer goes to `redirectUrl` (a hosted page, a challenge); the provider reports back. */
  | { status: "PENDING"; redirectUrl: string; method?: PaymentMethodSummary }
  /** The viewer pays a Pix charge elsewhere; the provider reports back. */
  | { status: "PENDING"; pix: PixCharge; method?: PaymentMethodSummary };

export interface PaymentRequest {
  id: string;
  realm: string;
  /** Whom the viewer pays, as a provider's page names them (the realm's name). */
  merchant: string;
  basket: Basket;
  card?: CardInput;
  /** A card the account paid with before, charged without the viewer (a plan change). */
  storedCard?: CardSummary;
  /** Where the viewer comes back to on our site after the provider's page. */
  returnUrl?: string;
  now: Date;
  /** The platform's secret, from which each provider derives the keys it signs with. */
  secret: string;
}

/** A provider's word on an order, from the browser's return or its own notification. */
export interface PaymentVerdict {
  order: string;
  realm: string;
  outcome: "succeeded" | "failed";
  /** Why it failed (the authentication, when the provider does not say). */
  failure?: PaymentFailure;
  /** What the viewer paid with on the provider's page. */
  method?: PaymentMethodSummary;
}

/**
 * One payment provider behind the realm's `paymentProviders` names (integrations chosen by
 * config): it checks what the viewer entered, starts a payment for an order, and reads the
 * signed word it sends back, by the browser (`readReturn`) and server to server
 * (`readNotification`). docs/payment-providers.md walks through the sandbox providers.
 */
export interface PaymentAdapter {
  name: string;
  /** How the viewer pays with it (the basket's `method`, which the checkout builds on). */
  method: NonNullable<BasketProvider["method"]>;
  /** The currencies it can charge (any, when absent). */
  currencies?: readonly string[];
  /** What is wrong with the viewer's input, before any order exists. */
  inputProblems(input: { card?: CardInput }, now: Date): CardProblem[];
  createPayment(request: PaymentRequest): Promise<PaymentStart>;
  readReturn(result: string, secret: string, now: Date): PaymentVerdict | null;
  readNotification(body: unknown, secret: string, now: Date): PaymentVerdict | null;
}

/** Completes an order with nothing to pay, now or later (a 100 % voucher, a free pass). */
export const zeroBalance: PaymentAdapter = {
  name: ZERO_BALANCE_PROVIDER.name,
  method: "NONE",
  inputProblems: () => [],
  async createPayment({ basket }) {
    if (basket.total !== 0 || basket.firstCharge) {
      return { status: "FAILED", failure: "PAYMENT_NETWORK_ERROR" };
    }
    return { status: "COMPLETED" };
  },
  readReturn: () => null,
  readNotification: () => null,
};

const ADAPTERS: readonly PaymentAdapter[] = [
  zeroBalance,
  cardstream,
  securePay,
  geoBank,
  payWallet,
  gcash,
  pixPay,
];

/** The adapter of a provider name, when this platform has one. */
export function paymentAdapter(name: string): PaymentAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.name === name);
}

/** Whether the provider can charge the currency. */
export function chargesIn(adapter: PaymentAdapter, currency: string): boolean {
  return !adapter.currencies || adapter.currencies.includes(currency);
}
