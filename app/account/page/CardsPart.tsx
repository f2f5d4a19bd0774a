import { Form, Link } from "@remix-run/react";
import type { SavedCard } from "../../../contract/generated/saved-cards.ts";
import { useT } from "../../i18n/i18n.ts";
import { paymentMethodText } from "../../invoice/invoice.ts";
import { Refusal, useAnswer, useBusy } from "./answers.tsx";
import type { CardIntent } from "./view.ts";

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
                    <CardButton
                      intent="defaultCard"
                      id={card.id}
                      label={t("accountAddressMakeDefault")}
                      name={t("accountCardMakeDefaultNamed", { card: name })}
                    />
                  )}
                  <CardButton
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

function CardButton({
  intent,
  id,
  label,
  name,
}: {
  intent: CardIntent;
  id: number;
  label: string;
  name: string;
}) {
  const busy = useBusy(intent);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="cardId" value={id} />
      <button type="submit" className="button" aria-label={name} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}
