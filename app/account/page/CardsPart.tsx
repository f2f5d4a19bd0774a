import { Link } from "@remix-run/react";
import type { PaymentDetails } from "../../../contract/generated/payment-details.ts";
import type { SavedCard } from "../../../contract/generated/saved-cards.ts";
import { PaymentMethodStates } from "../payment-update/PaymentMethodStates.tsx";
import { useT } from "../../i18n/i18n.ts";
import { paymentMethodText } from "../../invoice/invoice.ts";
import { ItemActionButton, Refusal, useAnswer } from "./answers.tsx";

/** How each running subscription pays, each with its way to pay with another card. */
export function PaymentMethods({ items }: { items: (PaymentDetails & { update: string })[] }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="payment-methods-title" className="account-cards">
      <h3 id="payment-methods-title">{t("paymentMethodsTitle")}</h3>
      <ul className="account-address-list">
        {items.map((item) => (
          <li key={item.orderId}>
            <div>
              <p className="account-address-line">
                <strong>{item.name}</strong>
              </p>
              <PaymentMethodStates methods={item.methods} />
            </div>
            <Link
              to={item.update}
              className="button"
              aria-label={t("paymentUpdateNamed", { name: item.name })}
            >
              {t("paymentUpdateTitle")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The cards the account has paid with (spec section 7): the default marked, each with "make
 * default" and "remove", 20 a page with the next page appended under the ones shown.
 */
export function SavedCards({
  cards,
  moreCards,
  failed,
}: {
  cards: SavedCard[];
  moreCards: string | null;
  failed: boolean;
}) {
  const t = useT();
  const removeRefused = useAnswer("removeCard");
  const defaultRefused = useAnswer("defaultCard");
  return (
    <section aria-labelledby="saved-cards-title" className="account-cards">
      <h3 id="saved-cards-title">{t("accountCardsTitle")}</h3>
      <Refusal answer={removeRefused ?? defaultRefused} />
      {failed ? (
        <p role="alert">{t("accountCardsFailed")}</p>
      ) : cards.length === 0 ? (
        <p>{t("accountCardsNone")}</p>
      ) : (
        <ul className="account-address-list">
          {cards.map((card) => {
            const name = paymentMethodText(card);
            return (
              <li key={card.id}>
                <p className="account-address-line">
                  {name}, {t("accountCardExpires", { expiry: card.expiry })}
                  {card.default ? (
                    <span className="account-address-default">{t("accountAddressDefault")}</span>
                  ) : null}
                </p>
                <div className="account-address-actions">
                  {card.default ? null : (
                    <ItemActionButton
                      idField="cardId"
                      intent="defaultCard"
                      id={card.id}
                      label={t("accountAddressMakeDefault")}
                      name={t("accountCardMakeDefaultNamed", { card: name })}
                    />
                  )}
                  <ItemActionButton
                    idField="cardId"
                    intent="removeCard"
                    id={card.id}
                    label={t("accountAddressRemove")}
                    name={t("accountCardRemoveNamed", { card: `${name}, ${card.expiry}` })}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {moreCards ? (
        <p>
          <Link to={moreCards} preventScrollReset replace className="button">
            {t("accountCardsMore")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
