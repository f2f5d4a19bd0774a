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
export type PaymentStart = (
  | { status: "COMPLETED"; method?: PaymentMethodSummary }
  | { status: "FAILED"; failure: PaymentFailure; method?: PaymentMethodSummary }
  /** The viewer goes to `redirectUrl` (a hosted page, a challenge); the provider reports back. */
  | { status: "PENDING"; redirectUrl: string; method?: PaymentMethodSummary }
  /** The viewer pays a Pix charge elsewhere; the provider reports back. */
  | { status: "PENDING"; pix: PixCharge; method?: PaymentMethodSummary }
) & {
  /**
   * The method stored for charging again without the viewer (store a method): the provider's
   * token, kept with the order for its renewals. Only a provider that stores methods gives one.
   */
  storedMethod?: string;
};

/** A charge of a stored method, with no viewer present (a subscription's renewal). */
export interface StoredCharge {
  /** The new order this charge pays. */
  id: string;
  realm: string;
  /** The token the provider gave when the method was stored. */
  token: string;
  amount: number;
  scale: number;
  currency: string;
  /** The same key is the same charge at the provider (one per subscription and period). */
  idempotencyKey: string;
  now: Date;
  secret: string;
}

export type StoredChargeResult =
  | { status: "COMPLETED"; reference: string }
  | { status: "FAILED"; failure: PaymentFailure }
  /** This provider keeps no methods to charge again. */
  | { status: "UNSUPPORTED" };

/** A refund of (part of) what an order paid. */
export interface RefundRequest {
  order: string;
  realm: string;
  amount: number;
  scale: number;
  currency: string;
  /** The same key is the same refund at the provider. */
  idempotencyKey: string;
  secret: string;
}

export type RefundResult =
  | { status: "REFUNDED"; reference: string }
  | { status: "FAILED" }
  /** This provider takes no refunds through its interface (done by hand with it instead). */
  | { status: "UNSUPPORTED" };

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
  /** The method the provider stored for charging again (its token), when it stores methods. */
  storedMethod?: string;
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
  /**
   * Whether a payment leaves a method to charge again (its `storedMethod` token, from
   * `createPayment` or the verdict): what subscriptions paid with it renew with.
   */
  storesMethods: boolean;
  /** Charges a stored method (a renewal); UNSUPPORTED from a provider that stores none. */
  chargeStoredMethod(charge: StoredCharge): Promise<StoredChargeResult>;
  /** Refunds (part of) an order's payment; UNSUPPORTED from a provider that cannot. */
  refund(refund: RefundRequest): Promise<RefundResult>;
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
  storesMethods: false,
  chargeStoredMethod: async () => ({ status: "UNSUPPORTED" }),
  // Nothing was paid, so nothing can be given back.
  refund: async () => ({ status: "UNSUPPORTED" }),
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
