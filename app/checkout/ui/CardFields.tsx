import { useT } from "../../i18n/i18n.ts";
import { TextField } from "../../identity/ui/fields.tsx";
import type { CardField } from "../checkout.server.ts";

/**
 * A card's fields, as checkout and the payment update take them: the name on the card comes
 * back after a refusal, the number and codes never do.
 */
export function CardFields({
  holder,
  errors,
}: {
  holder?: string;
  /** Label keys of each field's problem. */
  errors?: Partial<Record<CardField, string>>;
}) {
  const t = useT();
  return (
    <>
      <TextField
        name="holder"
        label={t("cardHolder")}
        autoComplete="cc-name"
        required
        maxLength={100}
        defaultValue={holder ?? ""}
        error={errors?.holder}
      />
      <TextField
        name="number"
        label={t("cardNumber")}
        autoComplete="cc-number"
        inputMode="numeric"
        required
        maxLength={23}
        error={errors?.number}
      />
      <div className="checkout-card-row">
        <TextField
          name="expiry"
          label={t("cardExpiry")}
          autoComplete="cc-exp"
          inputMode="numeric"
          placeholder={t("cardExpiryPlaceholder")}
          required
          maxLength={5}
          error={errors?.expiry}
        />
        <TextField
          name="cvc"
          label={t("cardCvc")}
          autoComplete="cc-csc"
          inputMode="numeric"
          required
          maxLength={4}
          error={errors?.cvc}
        />
      </div>
    </>
  );
}
