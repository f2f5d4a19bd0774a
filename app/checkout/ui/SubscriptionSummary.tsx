import { Form, Link, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import type { Basket } from "../../../contract/generated/basket.ts";
import type { Licence } from "../../../schemas/generated/licence.ts";
import { useT } from "../../i18n/i18n.ts";
import { useRootData } from "../../realm/use-root-data.ts";
import { useHydrated } from "../../ui/client-state.tsx";
import { hiddenFields, type CheckoutQuery } from "../checkout-query.ts";
import { formatMoney, pricePeriodLabelOf, trialDate } from "../money.ts";

/** The price a licence is listed at before a basket is priced: its default amount. */
export function listPrice(licence: Licence) {
  return licence.amounts.find((amount) => amount.default) ?? licence.amounts[0]!;
}

/** Label of "{{amount}} a month" and its kin, by what a licence is. */
export function pricePeriodLabel(licence: Licence): string {
  return pricePeriodLabelOf(licence.purchaseStrategy?.subscriptionPeriod);
}

/**
 * The subscription summary (spec section 4): the licence, "Change plan" when there is another,
 * the lines of the basket, the promo code, and what a trial costs now and later.
 */
export function SubscriptionSummary({
  licence,
  basket,
  changePlanHref,
  query,
  step,
  vouchers,
  voucherProblem,
}: {
  licence: Licence;
  basket: Basket | null;
  changePlanHref: string | null;
  query: CheckoutQuery;
  step: number;
  vouchers: boolean;
  voucherProblem: { label: string; code: string } | null;
}) {
  const t = useT();
  const locale = useRootData()?.locale;
  const money = (amount: number) =>
    basket
      ? formatMoney(locale, { amount, scale: basket.scale, currency: basket.currency })
      : formatMoney(locale, { ...listPrice(licence), amount });
  const subtotal = basket
    ? basket.basketItems.reduce((sum, item) => sum + item.catalogPrice, 0)
    : listPrice(licence).amount;
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className="checkout-summary-title">
        {licence.name}
      </h2>
      {changePlanHref ? (
        <Link className="checkout-change-plan" to={changePlanHref}>
          {t("changePlan")}
        </Link>
      ) : null}
      {licence.description ? <p className="checkout-summary-text">{licence.description}</p> : null}
      <PassContent titles={passTitles(licence, basket)} />
      <dl className="checkout-lines">
        <div>
          <dt>{t("subtotal")}</dt>
          <dd>{money(subtotal)}</dd>
        </div>
        {basket && basket.totalDiscount > 0 ? (
          <div className="checkout-discount">
            <dt>
              {basket.voucher ? t("voucherDiscount", { name: basket.voucher.name }) : t("discount")}
            </dt>
            <dd>−{money(basket.totalDiscount)}</dd>
          </div>
        ) : null}
        {basket ? (
          <div>
            <dt>
              {basket.taxRateEstimated
                ? t("taxEstimated")
                : basket.taxInclusive
                  ? t("taxIncluded")
                  : t("tax")}
            </dt>
            <dd>{money(basket.tax)}</dd>
          </div>
        ) : null}
        <div className="checkout-total">
          <dt>{basket?.firstCharge ? t("totalToday") : t("total")}</dt>
          <dd>{money(basket ? basket.total : subtotal)}</dd>
        </div>
      </dl>
      {basket?.firstCharge ? (
        <p className="checkout-trial" data-testid="trial-message">
          {t("trialMessage", {
            days: basket.firstCharge.freeDays,
            now: money(0),
            amount: money(basket.firstCharge.total),
            date: trialDate(basket.firstCharge.date),
          })}
        </p>
      ) : null}
      {vouchers && basket ? (
        <VoucherForm basket={basket} query={query} step={step} problem={voucherProblem} />
      ) : null}
    </aside>
  );
}

/**
 * The promo code (spec section 5): apply is disabled while the field is empty or a code is being
 * checked; the invalid message shows while the field holds the code found invalid.
 */
function VoucherForm({
  basket,
  query,
  step,
  problem,
}: {
  basket: Basket;
  query: CheckoutQuery;
  step: number;
  problem: { label: string; code: string } | null;
}) {
  const t = useT();
  const id = useId();
  const navigation = useNavigation();
  // Without script the button stays usable: nothing would enable it again as the viewer types.
  const hydrated = useHydrated();
  const [code, setCode] = useState(problem?.code ?? "");
  const checking =
    navigation.state === "loading" && navigation.location.search.includes("voucher=");
  const invalid = problem !== null && code.trim().toUpperCase() === problem.code;
  if (basket.voucher) {
    return (
      <div className="checkout-voucher">
        <p className="checkout-voucher-applied" role="status">
          {t("voucherApplied", { code: basket.voucher.code })}
        </p>
        <Form method="get" replace preventScrollReset>
          {hiddenFields(query, ["voucher"]).map((field) => (
            <input key={field.name} type="hidden" name={field.name} value={field.value} />
          ))}
          <input type="hidden" name="step" value={step} />
          <button type="submit" className="button button-link">
            {t("removeVoucher")}
          </button>
        </Form>
      </div>
    );
  }
  return (
    <Form method="get" replace preventScrollReset className="checkout-voucher">
      {hiddenFields(query, ["voucher"]).map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
      <input type="hidden" name="step" value={step} />
      <div className="form-field" data-invalid={invalid ? "" : undefined}>
        <label htmlFor={id}>{t("promoCode")}</label>
        <div className="checkout-voucher-row">
          <input
            id={id}
            name="voucher"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
          />
          <button
            type="submit"
            className="button"
            disabled={hydrated && (code.trim() === "" || checking)}
            aria-busy={checking || undefined}
          >
            {t("applyVoucher")}
          </button>
        </div>
        {invalid ? (
          <p className="form-error" id={`${id}-error`} role="alert">
            {t(problem.label)}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

/** What a pay-per-view pass opens: the basket's line when priced, else the licence as init named it. */
function passTitles(licence: Licence, basket: Basket | null): string[] {
  const line = basket?.basketItems.find((item) => item.licenceId === licence.id);
  const content = line ? (line.content ?? []) : (licence.content ?? []);
  return content.flatMap((item) => (item.title ? [item.title] : []));
}

function PassContent({ titles }: { titles: string[] }) {
  const t = useT();
  const id = useId();
  if (titles.length === 0) return null;
  return (
    <div className="checkout-pass-content">
      <p id={id}>{t("passOpens")}</p>
      <ul aria-labelledby={id}>
        {titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
    </div>
  );
}
