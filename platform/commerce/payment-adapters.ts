import type { Basket } from "../../contract/generated/basket.ts";
import { ZERO_BALANCE_PROVIDER } from "./basket.ts";
import {
  cardBehaviour,
  cardProblems,
  cardSummary,
  type CardInput,
  type CardProblem,
  type CardSummary,
} from "./cards.ts";
import {
  signPayment,
  verifyPayment,
  type ChallengeTicket,
  type PaymentResult,
} from "./payment-signatures.ts";

/** Why a payment failed, as the order says (each has its label in contract/errors.ts). */
export type PaymentFailure = "CARD_DECLINED" | "PAYMENT_NETWORK_ERROR" | "AUTHENTICATION_FAILED";

/** What a provider says when asked to take an order's payment. */
export type PaymentStart =
  | { status: "COMPLETED"; method?: CardSummary }
  | { status: "FAILED"; failure: PaymentFailure; method?: CardSummary }
  /** The viewer goes to `redirectUrl` (a hosted page, a challenge); the provider reports back. */
  | { status: "PENDING"; redirectUrl: string; method?: CardSummary };

export interface PaymentRequest {
  id: string;
  realm: string;
  basket: Basket;
  card?: CardInput;
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
}

/**
 * One payment provider behind the realm's `paymentProviders` names (integrations chosen by
 * config): it checks what the viewer entered, starts a payment for an order, and reads the
 * signed word it sends back, by the browser (`readReturn`) and server to server
 * (`readNotification`). docs/payment-providers.md walks through the sandbox card provider.
 */
export interface PaymentAdapter {
  name: string;
  /** What is wrong with the viewer's input, before any order exists. */
  inputProblems(input: { card?: CardInput }, now: Date): CardProblem[];
  createPayment(request: PaymentRequest): Promise<PaymentStart>;
  readReturn(result: string, secret: string, now: Date): PaymentVerdict | null;
  readNotification(body: unknown, secret: string, now: Date): PaymentVerdict | null;
}

/** Completes an order with nothing to pay, now or later (a 100 % voucher, a free pass). */
export const zeroBalance: PaymentAdapter = {
  name: ZERO_BALANCE_PROVIDER.name,
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

/** Purposes the sandbox signs for: a challenge page's ticket, a result, a notification. */
export const SANDBOX_PURPOSE = {
  ticket: "sandbox-ticket",
  result: "sandbox-result",
  notification: "sandbox-notification",
} as const;

/** How long a challenge may take before its ticket and result are refused. */
const CHALLENGE_SECONDS = 30 * 60;

/** Where the sandbox acquirer's challenge page is served, on our own origin. */
export const SANDBOX_CHALLENGE_PATH = "/api/sandbox-acquirer/challenge";

function verdictOf(message: PaymentResult | null): PaymentVerdict | null {
  return message ? { order: message.order, realm: message.realm, outcome: message.outcome } : null;
}

/**
 * The card provider with card entry on our page, in front of the sandbox acquirer: the card is
 * checked, then charged by its test number's behaviour; a 3-D Secure card sends the viewer to
 * the acquirer's challenge page, which tells the platform (a signed notification) and brings
 * the viewer back (a signed result).
 */
export const cardstream: PaymentAdapter = {
  name: "Cardstream",
  inputProblems({ card }, now) {
    return card ? cardProblems(card, now) : ["INVALID_CARD_NUMBER"];
  },
  async createPayment({ id, realm, basket, card, returnUrl, now, secret }) {
    if (!card) return { status: "FAILED", failure: "CARD_DECLINED" };
    const method = cardSummary(card);
    switch (cardBehaviour(card)) {
      case "DECLINE":
        return { status: "FAILED", failure: "CARD_DECLINED", method };
      case "NETWORK_ERROR":
        return { status: "FAILED", failure: "PAYMENT_NETWORK_ERROR", method };
      case "CHALLENGE": {
        const ticket: ChallengeTicket = {
          order: id,
          realm,
          returnUrl: returnUrl ?? "/",
          amount: basket.firstCharge ? basket.firstCharge.total : basket.total,
          scale: basket.scale,
          currency: basket.currency,
          exp: Math.floor(now.getTime() / 1000) + CHALLENGE_SECONDS,
        };
        const signed = signPayment(secret, SANDBOX_PURPOSE.ticket, ticket);
        return {
          status: "PENDING",
          redirectUrl: `${SANDBOX_CHALLENGE_PATH}?ticket=${encodeURIComponent(signed)}`,
          method,
        };
      }
      default:
        return { status: "COMPLETED", method };
    }
  },
  readReturn(result, secret, now) {
    return verdictOf(
      verifyPayment<PaymentResult>(secret, SANDBOX_PURPOSE.result, result, now.getTime() / 1000),
    );
  },
  readNotification(body, secret, now) {
    const signed = (body as { signed?: unknown } | null)?.signed;
    if (typeof signed !== "string") return null;
    return verdictOf(
      verifyPayment<PaymentResult>(
        secret,
        SANDBOX_PURPOSE.notification,
        signed,
        now.getTime() / 1000,
      ),
    );
  },
};

/** The acquirer's signed result and notification for a decided challenge. */
export function sandboxVerdict(
  secret: string,
  ticket: ChallengeTicket,
  outcome: PaymentVerdict["outcome"],
  now: Date,
): { result: string; notification: string } {
  const message: PaymentResult = {
    order: ticket.order,
    realm: ticket.realm,
    outcome,
    exp: Math.floor(now.getTime() / 1000) + CHALLENGE_SECONDS,
  };
  return {
    result: signPayment(secret, SANDBOX_PURPOSE.result, message),
    notification: signPayment(secret, SANDBOX_PURPOSE.notification, message),
  };
}

const ADAPTERS: readonly PaymentAdapter[] = [zeroBalance, cardstream];

/** The adapter of a provider name, when this platform has one. */
export function paymentAdapter(name: string): PaymentAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.name === name);
}
