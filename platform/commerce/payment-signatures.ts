import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed messages between a payment provider and the platform: the ticket a challenge page is
 * opened with, the result the browser brings back, and the provider's server-to-server
 * notification. Each is `{payload}.{mac}`, the payload base64url JSON, the MAC an HMAC-SHA256
 * under a key derived from the platform's secret for this one purpose, so no other signed
 * thing (a media URL) can pass for one.
 */
/** Why a payment failed, as the order says (each has its label in contract/errors.ts). */
export type PaymentFailure =
  | "CARD_DECLINED"
  | "PAYMENT_NETWORK_ERROR"
  | "AUTHENTICATION_FAILED"
  | "PAYMENT_CANCELLED"
  | "PAYMENT_EXPIRED";

/** What an order was paid with: a card's brand, last four and expiry, or a method's name. */
export interface PaymentMethodSummary {
  brand: string;
  last4?: string;
  expiry?: string;
}

export interface PaymentResult {
  order: string;
  realm: string;
  outcome: "succeeded" | "failed";
  /** Why, when it failed (else the authentication failed). */
  failure?: PaymentFailure;
  /** What the viewer paid with on the provider's page. */
  method?: PaymentMethodSummary;
  /** The method the provider keeps for charging again (its token), when it keeps one. */
  storedMethod?: string;
  /** Unix seconds after which it is refused. */
  exp: number;
}

/**
 * Which page of the sandbox acquirer a ticket opens: a card's 3-D Secure challenge, the second
 * card provider's hosted payment page, a Georgian bank's page, a wallet's approval, a mobile
 * payment's one-time code, or the banking app that pays a Pix charge.
 */
export type SandboxFlow = "challenge" | "hosted" | "bank" | "wallet" | "mobile" | "pix";

export interface SandboxTicket {
  order: string;
  realm: string;
  /** The provider whose notification endpoint hears the outcome. */
  provider: string;
  flow: SandboxFlow;
  /** Whom the viewer pays, as the provider's page names them. */
  merchant: string;
  returnUrl: string;
  amount: number;
  scale: number;
  currency: string;
  exp: number;
}

function keyFor(secret: string, purpose: string): Buffer {
  return createHmac("sha256", secret).update(`payments:${purpose}`).digest();
}

export function signPayment(secret: string, purpose: string, message: object): string {
  const payload = Buffer.from(JSON.stringify(message)).toString("base64url");
  const mac = createHmac("sha256", keyFor(secret, purpose)).update(payload).digest("base64url");
  return `${payload}.${mac}`;
}

/** The message, when the signature is this platform's for `purpose` and it has not expired. */
export function verifyPayment<T extends { exp: number }>(
  secret: string,
  purpose: string,
  signed: string,
  nowSeconds: number,
): T | null {
  const [payload, mac, extra] = signed.split(".");
  if (!payload || !mac || extra !== undefined || signed.length > 4000) return null;
  const expected = createHmac("sha256", keyFor(secret, purpose)).update(payload).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let message: T;
  try {
    message = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as T;
  } catch {
    return null;
  }
  return typeof message.exp === "number" && message.exp >= nowSeconds ? message : null;
}
