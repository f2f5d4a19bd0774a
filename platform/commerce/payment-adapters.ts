import type { Basket } from "../../contract/generated/basket.ts";
import { ZERO_BALANCE_PROVIDER } from "./basket.ts";

/** What a provider says when asked to take an order's payment. */
export type PaymentStart =
  | { status: "COMPLETED" }
  | { status: "FAILED"; reason: string }
  /** The viewer goes to `redirectUrl` (a hosted page, a challenge); the provider reports back. */
  | { status: "PENDING"; redirectUrl: string };

/**
 * One payment provider behind the realm's `paymentProviders` names (the pattern of integrations
 * chosen by config): it starts a payment for an order. Confirming a return, handling a
 * provider's notification, refunds and stored methods join this interface with the first
 * provider that needs them.
 */
export interface PaymentAdapter {
  name: string;
  createPayment(order: { id: string; basket: Basket }): Promise<PaymentStart>;
}

/** Completes an order with nothing to pay, now or later (a 100 % voucher, a free pass). */
export const zeroBalance: PaymentAdapter = {
  name: ZERO_BALANCE_PROVIDER.name,
  async createPayment({ basket }) {
    if (basket.total !== 0 || basket.firstCharge) {
      return { status: "FAILED", reason: "The zero-balance provider pays only baskets of nothing" };
    }
    return { status: "COMPLETED" };
  },
};

const ADAPTERS: readonly PaymentAdapter[] = [zeroBalance];

/** The adapter of a provider name, when this platform has one. */
export function paymentAdapter(name: string): PaymentAdapter | undefined {
  return ADAPTERS.find((adapter) => adapter.name === name);
}
