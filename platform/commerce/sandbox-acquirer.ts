import { createHmac } from "node:crypto";
import type { Basket } from "../../contract/generated/basket.ts";
import {
  cardBehaviour,
  cardProblems,
  cardSummary,
  storedCardBehaviour,
  type CardBehaviour,
  type CardInput,
} from "./cards.ts";
import type {
  PaymentAdapter,
  PaymentRequest,
  PaymentStart,
  PaymentVerdict,
  RefundRequest,
  RefundResult,
  StoredCharge,
  StoredChargeResult,
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

/** Purposes the sandbox signs for: a page's ticket, a result, a notification, a stored method. */
export const SANDBOX_PURPOSE = {
  ticket: "sandbox-ticket",
  result: "sandbox-result",
  notification: "sandbox-notification",
  storedMethod: "sandbox-stored-method",
} as const;

/**
 * A method the sandbox keeps for charging again: a card (by what its test number does, and its
 * expiry) or a recurring mandate (Bancontact, iDEAL). Signed, so the token is the sandbox's own
 * vault entry: the platform stores only this, never the card's number or security code.
 */
interface StoredMethodToken {
  provider: string;
  kind: "card" | "mandate";
  brand: string;
  behaviour?: CardBehaviour;
  /** `MM/YY`, a card's. */
  expiry?: string;
  exp: number;
}

/** A stored method never lapses by itself (a card's own expiry still counts). */
const STORED_FOREVER = 2 ** 31 - 1;

/** The token of a card the sandbox keeps for `provider`. */
export function cardToken(secret: string, provider: string, card: CardInput): string {
  const summary = cardSummary(card);
  const token: StoredMethodToken = {
    provider,
    kind: "card",
    brand: summary.brand,
    behaviour: cardBehaviour(card),
    expiry: summary.expiry,
    exp: STORED_FOREVER,
  };
  return `sbx_${signPayment(secret, SANDBOX_PURPOSE.storedMethod, token)}`;
}

/** The token of a recurring mandate (Bancontact, iDEAL) the viewer authorised for `provider`. */
export function mandateToken(secret: string, provider: string, brand: string): string {
  const token: StoredMethodToken = { provider, kind: "mandate", brand, exp: STORED_FOREVER };
  return `sbx_${signPayment(secret, SANDBOX_PURPOSE.storedMethod, token)}`;
}

/** A card is good to the end of its expiry month. */
function expired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split("/").map(Number);
  return (
    2000 + year! < now.getUTCFullYear() ||
    (2000 + year! === now.getUTCFullYear() && month! - 1 < now.getUTCMonth())
  );
}

/** A reference the same key always gets: the sandbox's charges and refunds are idempotent. */
function reference(secret: string, prefix: string, key: string): string {
  const mac = createHmac("sha256", `${secret}:sandbox-reference`).update(key).digest("hex");
  return `${prefix}_${mac.slice(0, 24)}`;
}

/**
 * Charges a stored method with no viewer present. A mandate is always honoured; a card as its
 * test number says (docs/payment-providers.md): 4000 0000 0000 0341 pays at checkout but is
 * declined when charged again, a card past its expiry month is declined, a challenge card is
 * charged without a challenge (a merchant-initiated charge).
 */
function chargeStored(provider: string) {
  return async (charge: StoredCharge): Promise<StoredChargeResult> => {
    const token = charge.token.startsWith("sbx_")
      ? verifyPayment<StoredMethodToken>(
          charge.secret,
          SANDBOX_PURPOSE.storedMethod,
          charge.token.slice(4),
          charge.now.getTime() / 1000,
        )
      : null;
    if (!token || token.provider !== provider) {
      return { status: "FAILED", failure: "CARD_DECLINED" };
    }
    if (token.kind === "card") {
      if (token.behaviour === "DECLINE" || token.behaviour === "DECLINE_STORED") {
        return { status: "FAILED", failure: "CARD_DECLINED" };
      }
      if (token.behaviour === "NETWORK_ERROR") {
        return { status: "FAILED", failure: "PAYMENT_NETWORK_ERROR" };
      }
      if (token.expiry && expired(token.expiry, charge.now)) {
        return { status: "FAILED", failure: "CARD_DECLINED" };
      }
    }
    return {
      status: "COMPLETED",
      reference: reference(charge.secret, "ch", charge.idempotencyKey),
    };
  };
}

/** The sandbox gives back what it took, once per key. */
async function sandboxRefund(refund: RefundRequest): Promise<RefundResult> {
  if (refund.amount <= 0) return { status: "FAILED" };
  return {
    status: "REFUNDED",
    reference: reference(refund.secret, "re", `${refund.order}:${refund.idempotencyKey}`),
  };
}

/** A provider that keeps no method to charge again: its subscriptions end at their period's end. */
const storesNoMethods: Pick<PaymentAdapter, "storesMethods" | "chargeStoredMethod"> = {
  storesMethods: false,
  chargeStoredMethod: async () => ({ status: "UNSUPPORTED" }),
};

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
  extra: { failure?: PaymentFailure; method?: PaymentMethodSummary; storedMethod?: string } = {},
): { result: string; notification: string } {
  const message: PaymentResult = {
    order: ticket.order,
    realm: ticket.realm,
    outcome,
    ...(extra.failure ? { failure: extra.failure } : {}),
    ...(extra.method ? { method: extra.method } : {}),
    ...(extra.storedMethod ? { storedMethod: extra.storedMethod } : {}),
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
    ...(message.storedMethod ? { storedMethod: message.storedMethod } : {}),
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
          storedMethod: cardToken(request.secret, "Cardstream", card),
        };
      }
      default:
        return {
          status: "COMPLETED",
          method,
          storedMethod: cardToken(request.secret, "Cardstream", card),
        };
    }
  },
  ...sandboxAnswers,
  storesMethods: true,
  chargeStoredMethod: chargeStored("Cardstream"),
  refund: sandboxRefund,
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
  abilities: Pick<PaymentAdapter, "storesMethods" | "chargeStoredMethod" | "refund">,
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
    ...abilities,
  };
}

/** The hosted page keeps the card paid with, or the Bancontact or iDEAL mandate authorised. */
export const securePay = redirectProvider("SecurePay", "HOSTED_CARD", "hosted", {
  storesMethods: true,
  chargeStoredMethod: chargeStored("SecurePay"),
  refund: sandboxRefund,
});
export const geoBank = redirectProvider("GeoBank", "BANK", "bank", {
  ...storesNoMethods,
  refund: sandboxRefund,
});
export const payWallet = redirectProvider("PayWallet", "PAYPAL", "wallet", {
  ...storesNoMethods,
  refund: sandboxRefund,
});
/** The mobile payment takes no refunds through its interface: they are done with it by hand. */
export const gcash = redirectProvider("GCash", "MOBILE", "mobile", {
  ...storesNoMethods,
  refund: async () => ({ status: "UNSUPPORTED" }),
});

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
  ...storesNoMethods,
  refund: sandboxRefund,
};
