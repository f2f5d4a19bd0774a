import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PlanChangeQuote } from "../../../contract/generated/plan-change.ts";
import { CardFields } from "../../checkout/ui/CardFields.tsx";
import { formatMoney, pricePeriodLabelOf } from "../../checkout/money.ts";
import { paymentMethodText } from "../../invoice/invoice.ts";
import { useT } from "../../i18n/i18n.ts";
import { useRootData } from "../../realm/use-root-data.ts";
import { LocalTime } from "../../ui/LocalTime.tsx";
import { Refusal, useAnswer, useBusy } from "./answers.tsx";
import type { PlanChangeView } from "./view.ts";

/** Calendar dates are days, not instants: shown as the platform counts them. */
const UTC_DAY: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeZone: "UTC" };

function useMoney() {
  const locale = useRootData()?.locale ?? "en";
  return {
    locale,
    money: (quote: PlanChangeQuote, amount: number) =>
      formatMoney(locale, { amount, scale: quote.scale, currency: quote.currency }),
  };
}

/** The link that opens a subscription's plan change step. */
export function ChangePlanLink({ href, name }: { href: string; name: string }) {
  const t = useT();
  return (
    <Link to={href} preventScrollReset className="account-change-plan">
      {t("changePlan")}
      <span className="visually-hidden"> {name}</span>
    </Link>
  );
}

/**
 * A running subscription's plan change (docs/api.md, plan changes): the other plans with what
 * each costs now, then the confirmation of the one chosen, with the amount due now and the day
 * from which the new plan and its price apply. Links and a plain form: it works without scripts.
 */
export function PlanChangeStep({ step }: { step: PlanChangeView }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step.orderId, step.chosen?.licenceId]);
  return (
    <section aria-labelledby="plan-change-title" className="account-confirm">
      <h3 id="plan-change-title" ref={heading} tabIndex={-1}>
        {t("changePlanTitle", { name: step.name })}
      </h3>
      {step.chosen ? (
        <ConfirmPlanChange step={step} quote={step.chosen} />
      ) : (
        <PlanChoices step={step} />
      )}
    </section>
  );
}

function PlanChoices({ step }: { step: PlanChangeView }) {
  const t = useT();
  const { money } = useMoney();
  if (step.options.length === 0) {
    return (
      <>
        <p>{t("changePlanNone")}</p>
        <Link to={step.back} className="button button-secondary" preventScrollReset>
          {t("keepCurrentPlan")}
        </Link>
      </>
    );
  }
  return (
    <>
      <p>{t("changePlanIntro")}</p>
      <ul className="account-plan-options">
        {step.options.map((option) => (
          <li key={option.licenceId} className="account-card">
            <h4>{option.name}</h4>
            <p>
              {t(pricePeriodLabelOf(option.period), {
                amount: money(option, option.periodTotal),
              })}
              {" · "}
              {t(option.kind === "UPGRADE" ? "planUpgrade" : "planDowngrade")}
            </p>
            <Link to={option.href} className="button" preventScrollReset>
              {t("changePlanChoose")}
              <span className="visually-hidden"> {option.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to={step.back} className="button button-secondary" preventScrollReset>
        {t("keepCurrentPlan")}
      </Link>
    </>
  );
}

function ConfirmPlanChange({ step, quote }: { step: PlanChangeView; quote: PlanChangeQuote }) {
  const t = useT();
  const { locale, money } = useMoney();
  const answer = useAnswer("changePlan");
  const busy = useBusy("changePlan");
  const upgrade = quote.kind === "UPGRADE";
  const needsCard = upgrade && quote.dueNow > 0 && !step.storedCard;
  const day = (date: string) => (
    <LocalTime iso={`${date}T00:00:00Z`} locale={locale} options={UTC_DAY} />
  );
  return (
    <>
      <h4>{quote.name}</h4>
      <dl className="account-facts account-plan-summary">
        <dt>{t("planPricePerPeriod")}</dt>
        <dd>{t(pricePeriodLabelOf(quote.period), { amount: money(quote, quote.periodTotal) })}</dd>
        {upgrade ? (
          <>
            <dt>{t("planCredit")}</dt>
            <dd>{money(quote, quote.credit)}</dd>
          </>
        ) : null}
        <dt>{t("planDueNow")}</dt>
        <dd data-testid="plan-due-now">{money(quote, quote.dueNow)}</dd>
        <dt>{t("planNewPriceFrom")}</dt>
        <dd>{day(quote.newPriceFrom)}</dd>
        <dt>{t("planNextCharge")}</dt>
        <dd>
          {day(quote.nextChargeDate)}
          {" · "}
          {money(quote, quote.periodTotal)}
        </dd>
        {upgrade && step.storedCard && quote.dueNow > 0 ? (
          <>
            <dt>{t("planChargedTo")}</dt>
            <dd>{paymentMethodText(step.storedCard)}</dd>
          </>
        ) : null}
      </dl>
      <Refusal answer={answer} />
      <Form method="post" className="account-plan-form" preventScrollReset>
        <input type="hidden" name="intent" value="changePlan" />
        <input type="hidden" name="orderId" value={step.orderId} />
        <input type="hidden" name="licence" value={quote.licenceId} />
        <input type="hidden" name="idempotencyKey" value={step.idempotencyKey} />
        {needsCard ? (
          <fieldset>
            <legend>{t("planChangeCard")}</legend>
            <input type="hidden" name="withCard" value="true" />
            <CardFields
              errors={
                answer?.field ? { [answer.field]: answer.error ?? "requiredField" } : undefined
              }
            />
          </fieldset>
        ) : null}
        <div className="account-confirm-actions">
          <button type="submit" className="button" disabled={busy}>
            {t("confirmPlanChange")}
          </button>
          <Link to={step.choose} className="button button-secondary" preventScrollReset>
            {t("back")}
          </Link>
          <Link to={step.back} className="button button-secondary" preventScrollReset>
            {t("keepCurrentPlan")}
          </Link>
        </div>
      </Form>
    </>
  );
}

/** A downgrade waiting for the end of the period: which plan, from when. */
export function ScheduledChangeNote({
  change,
}: {
  change: { name: string; from: string } | undefined;
}) {
  const t = useT();
  const locale = useRootData()?.locale ?? "en";
  if (!change) return null;
  return (
    <p className="account-scheduled-change">
      {t("planChangeScheduledNote", { name: change.name })}{" "}
      <LocalTime iso={`${change.from}T00:00:00Z`} locale={locale} options={UTC_DAY} />
    </p>
  );
}
