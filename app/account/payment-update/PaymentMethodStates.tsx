import type { PaymentMethodState } from "../../../contract/generated/payment-details.ts";
import { useT } from "../../i18n/i18n.ts";
import { paymentMethodText } from "../../invoice/invoice.ts";

const STATE_LABELS = {
  ACTIVE: "paymentMethodStateACTIVE",
  SWITCH_FROM: "paymentMethodStateSWITCH_FROM",
  SWITCH_TO: "paymentMethodStateSWITCH_TO",
} as const satisfies Record<PaymentMethodState["state"], string>;

/** A subscription's payment methods, each with its state (spec section 7: ACTIVE, SWITCH_…). */
export function PaymentMethodStates({ methods }: { methods: PaymentMethodState[] }) {
  const t = useT();
  return (
    <ul className="payment-method-states">
      {methods.map((entry) => (
        <li key={entry.state}>
          <strong>{paymentMethodText(entry.method)}</strong>
          {entry.method.expiry ? `, ${entry.method.expiry}` : ""}: {t(STATE_LABELS[entry.state])}
        </li>
      ))}
    </ul>
  );
}
