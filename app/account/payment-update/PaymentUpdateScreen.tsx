import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useT } from "../../i18n/i18n.ts";
import { CardFields } from "../../checkout/ui/CardFields.tsx";
import { FormMessage } from "../../identity/ui/fields.tsx";
import { PaymentMethodStates } from "./PaymentMethodStates.tsx";
import type { PaymentUpdateOutcome, PaymentUpdateView } from "./payment-update.server.ts";

/**
 * `/payment/update`: the card a running subscription pays with from now on. Card fields start
 * empty after a refusal (the name on the card stays); the provider may ask to confirm the card.
 */
export function PaymentUpdateScreen() {
  const t = useT();
  const view = useLoaderData<PaymentUpdateView>();
  const outcome = useActionData<PaymentUpdateOutcome>();
  const busy = useNavigation().state === "submitting";
  const subscription = view.subscription;
  return (
    <div className="auth-page payment-update">
      <h1>{t("paymentUpdateTitle")}</h1>
      {!subscription ? (
        view.subscriptions.length === 0 ? (
          <p>{t("paymentUpdateNone")}</p>
        ) : (
          <>
            <p>{t("paymentUpdateChoose")}</p>
            <ul>
              {view.subscriptions.map((item) => (
                <li key={item.href}>
                  <Link to={item.href}>{item.name}</Link>
                </li>
              ))}
            </ul>
          </>
        )
      ) : (
        <>
          <p>{t("paymentUpdateText", { name: subscription.name })}</p>
          <PaymentMethodStates methods={subscription.methods} />
          <Form
            method="post"
            className="checkout-form"
            noValidate
            key={outcome?.attempt ?? "first"}
          >
            <FormMessage label={outcome?.label ?? view.failure} />
            <input type="hidden" name="subscription" value={subscription.orderId} />
            <CardFields holder={outcome?.values.holder} errors={outcome?.fields} />
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? t("saving") : t("paymentUpdateSave")}
            </button>
          </Form>
        </>
      )}
      <p>
        <Link to={view.back}>{t("paymentUpdateBack")}</Link>
      </p>
    </div>
  );
}
