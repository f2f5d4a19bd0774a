import { createHmac } from "node:crypto";
import type { Basket } from "../../contract/generated/basket.ts";
import { cardBehaviour, cardProblems, cardSummary, storedCardBehaviour } from "./cards.ts";
import type {
  PaymentAdapter,
  PaymentRequest,
  PaymentStart,
  PaymentVerdict,
} from "./payment-adapters.ts";
import {
  signPayment,
  verifyPayment,
  type PaymentFailure,
  type PaymentMethodSummary,
  type PaymentResult,
  type SandboxFlow,
  type SandboxTicket,
} from "./payment-signatures.ts";
import { pixPayload } from "./pix.ts";

/** Purposes the sandbox signs for: a page's ticket, a result, a notification. */
export const SANDBOX_PURPOSE = {
  ticket: "sandbox-ticket",
  result: "sandbox-result",
  notification: "sandbox-notification",
} as const;

/** How long a provider's page (or a Pix charge) may take before it is refused. */
export const SANDBOX_TICKET_SECONDS = 30 * 60;

/** Where the sandbox acquirer's pages are served, on our own origin. */
export const SANDBOX_PAY_PATH = "/api/sandbox-acquirer/pay";
/** The card challenge's own address (a 3-D Secure page is the card issuer's, not the shop's). */
export const SANDBOX_CHALLENGE_PATH = "/api/sandbox-acquirer/challenge";

/** Where a provider's server-to-server notification is delivered, per provider name. */
export function notificationPath(provider: string): string {
  return `/api/v4/payments/notifications/${encodeURIComponent(provider)}`;
}

/** What the first charge costs: now, or after a trial for a subscription that has one. */
function charged(basket: Basket): number {
  return basket.firstCharge ? basket.firstCharge.total : basket.total;
}

/** The signed ticket that opens one of the sandbox's pages for an order. */
export function sandboxTicket(
  request: PaymentRequest,
  provider: string,
  flow: SandboxFlow,
): { signed: string; ticket: SandboxTicket } {
  const ticket: SandboxTicket = {
    order: request.id,
    realm: request.realm,
    provider,
    flow,
    merchant: request.merchant,
    returnUrl: request.returnUrl ?? "/",
    amount: charged(request.basket),
    scale: request.basket.scale,
    currency: request.basket.currency,
    exp: Math.floor(request.now.getTime() / 1000) + SANDBOX_TICKET_SECONDS,
  };
  return { signed: signPayment(request.secret, SANDBOX_PURPOSE.ticket, ticket), ticket };
}

export function readTicket(secret: string, signed: string, now: Date): SandboxTicket | null {
  return verifyPayment<SandboxTicket>(secret, SANDBOX_PURPOSE.ticket, signed, now.getTime() / 1000);
}

/** The acquirer's signed result (for the browser) and notification (for the platform). */
export function sandboxVerdict(
  secret: string,
  ticket: Pick<SandboxTicket, "order" | "realm">,
  outcome: PaymentVerdict["outcome"],
  now: Date,
  extra: { failure?: PaymentFailure; method?: PaymentMethodSummary } = {},
): { result: string; notification: string } {
  const message: PaymentResult = {
    order: ticket.order,
    realm: ticket.realm,
    outcome,
    ...(extra.failure ? { failure: extra.failure } : {}),
    ...(extra.method ? { method: extra.method } : {}),
    exp: Math.floor(now.getTime() / 1000) + SANDBOX_TICKET_SECONDS,
  };
  return {
    result: signPayment(secret, SANDBOX_PURPOSE.result, message),
    notification: signPayment(secret, SANDBOX_PURPOSE.notification, message),
  };
}

function verdictOf(message: PaymentResult | null): PaymentVerdict | null {
  if (!message) return null;
  return {
    order: message.order,
    realm: message.realm,
    outcome: message.outcome,
    ...(message.failure ? { failure: message.failure } : {}),
    ...(message.method ? { method: message.method } : {}),
  };
}

/** Every sandbox provider reads its answers the same way: a signed result, a signed body. */
const sandboxAnswers: Pick<PaymentAdapter, "readReturn" | "readNotification"> = {
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

/**
 * The mobile payment's one-time code for an order: what the provider would text the viewer,
 * derived rather than stored so any server can check it.
 */
export function oneTimeCode(secret: string, order: string): string {
  const mac = createHmac("sha256", `${secret}:sandbox-one-time-code`).update(order).digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, "0");
}

/**
 * The card provider with card entry on our page: the card is checked, then charged by its test
 * number's behaviour; a 3-D Secure card sends the viewer to the acquirer's challenge page, which
 * tells the platform (a signed notification) and brings the viewer back (a signed result).
 */
export const cardstream: PaymentAdapter = {
  name: "Cardstream",
  method: "CARD",
  inputProblems({ card }, now) {
    return card ? cardProblems(card, now) : ["INVALID_CARD_NUMBER"];
  },
  async createPayment(request) {
    const { card, storedCard } = request;
    if (!card && storedCard) {
      // A saved card, charged without the viewer: no challenge; its test number's last digits
      // still decline or fail as the number would.
      const behaviour = storedCardBehaviour(storedCard.last4);
      if (behaviour === "DECLINE")
        return { status: "FAILED", failure: "CARD_DECLINED", method: storedCard };
      if (behaviour === "NETWORK_ERROR") {
        return { status: "FAILED", failure: "PAYMENT_NETWORK_ERROR", method: storedCard };
      }
      return { status: "COMPLETED", method: storedCard };
    }
    if (!card) return { status: "FAILED", failure: "CARD_DECLINED" };
    const method = cardSummary(card);
    switch (cardBehaviour(card)) {
      case "DECLINE":
        return { status: "FAILED", failure: "CARD_DECLINED", method };
      case "NETWORK_ERROR":
        return { status: "FAILED", failure: "PAYMENT_NETWORK_ERROR", method };
      case "CHALLENGE": {
        const { signed } = sandboxTicket(request, "Cardstream", "challenge");
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
  ...sandboxAnswers,
};

/**
 * A provider whose page the viewer is sent to, and whose word comes back signed: the second
 * card provider's hosted payment page (card, recurring Bancontact, recurring iDEAL), the
 * Georgian bank, the wallet and the mobile payment.
 */
function redirectProvider(
  name: string,
  method: PaymentAdapter["method"],
  flow: SandboxFlow,
): PaymentAdapter {
  return {
    name,
    method,
    inputProblems: () => [],
    async createPayment(request): Promise<PaymentStart> {
      const { signed } = sandboxTicket(request, name, flow);
      return {
        status: "PENDING",
        redirectUrl: `${SANDBOX_PAY_PATH}?ticket=${encodeURIComponent(signed)}`,
      };
    },
    ...sandboxAnswers,
  };
}

export const securePay = redirectProvider("SecurePay", "HOSTED_CARD", "hosted");
export const geoBank = redirectProvider("GeoBank", "BANK", "bank");
export const payWallet = redirectProvider("PayWallet", "PAYPAL", "wallet");
export const gcash = redirectProvider("GCash", "MOBILE", "mobile");

/**
 * Pix: the order waits with a charge (a BR Code the viewer's banking app reads as a QR code or
 * pasted), paid outside our site; the bank's notification completes it and the checkout,
 * polling, notices. The sandbox's "banking app" page stands in for the viewer's phone.
 */
export const pixPay: PaymentAdapter = {
  name: "PixPay",
  method: "PIX",
  currencies: ["BRL"],
  inputProblems: () => [],
  async createPayment(request) {
    const { signed, ticket } = sandboxTicket(request, "PixPay", "pix");
    return {
      status: "PENDING",
      pix: {
        payload: pixPayload({
          key: `pix@${request.realm}.sandbox`,
          merchant: request.merchant,
          amount: ticket.amount,
          scale: ticket.scale,
          txid: request.id,
        }),
        expiresAt: new Date(ticket.exp * 1000).toISOString(),
        payUrl: `${SANDBOX_PAY_PATH}?ticket=${encodeURIComponent(signed)}`,
      },
    };
  },
  ...sandboxAnswers,
};
