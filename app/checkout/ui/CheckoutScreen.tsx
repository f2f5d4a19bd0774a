import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { BasketProvider } from "../../../contract/generated/basket.ts";
import { appEvents } from "../../analytics/app-events.ts";
import { useT } from "../../i18n/i18n.ts";
import {
  ChallengeStatus,
  FieldError,
  FormMessage,
  PasswordField,
  TextField,
} from "../../identity/ui/fields.tsx";
import { useRootData } from "../../realm/use-root-data.ts";
import { regionName } from "../../ui/intl.ts";
import type {
  checkoutAction,
  checkoutLoader,
  CheckoutView,
  PayOutcome,
  StepOutcome,
} from "../checkout.server.ts";
import type { FormOutcome } from "../../identity/session-actions.server.ts";
import { SignupForm } from "../../identity/ui/SignupScreen.tsx";
import { useChallengedSubmit } from "../../identity/ui/useChallengedSubmit.ts";
import { hiddenFields, type CheckoutQuery } from "../checkout-query.ts";
import { formatMoney, trialDate } from "../money.ts";
import {
  CHECKOUT_STEPS,
  STEP_LABELS,
  stepAfter,
  stepDirection,
  type CheckoutStep,
} from "../steps.ts";
import { CardFields } from "./CardFields.tsx";
import { listPrice, pricePeriodLabel, SubscriptionSummary } from "./SubscriptionSummary.tsx";

/** Label of a payment provider's kind, as the method list names it. */
const PROVIDER_LABELS: Record<BasketProvider["paymentProviderType"], string> = {
  CREDIT_CARD: "paymentMethodCard",
  PAYPAL: "paymentMethodPaypal",
  WALLET: "paymentMethodWallet",
  ZERO_BALANCE: "paymentMethodNothingToPay",
};

/** Label of the way a provider takes the payment, which says more than its kind. */
const METHOD_LABELS: Record<NonNullable<BasketProvider["method"]>, string> = {
  CARD: "paymentMethodCard",
  HOSTED_CARD: "paymentMethodHostedCard",
  BANK: "paymentMethodBank",
  PAYPAL: "paymentMethodPaypal",
  MOBILE: "paymentMethodMobile",
  PIX: "paymentMethodPix",
  NONE: "paymentMethodNothingToPay",
};

function providerLabel(provider: BasketProvider): string {
  return provider.method
    ? METHOD_LABELS[provider.method]
    : PROVIDER_LABELS[provider.paymentProviderType];
}

/** The hidden fields that carry the rest of the checkout through one step's form. */
function Carried({
  query,
  leaveOut,
  step,
}: {
  query: CheckoutQuery;
  leaveOut: (keyof CheckoutQuery)[];
  step?: CheckoutStep;
}) {
  return (
    <>
      {hiddenFields(query, leaveOut).map((field) => (
        <input key={field.name} type="hidden" name={field.name} value={field.value} />
      ))}
      {step !== undefined ? <input type="hidden" name="step" value={step} /> : null}
    </>
  );
}

/** The steps by name, this one marked (spec section 4: a progress indicator names the steps). */
function StepProgress({ view }: { view: CheckoutView }) {
  const t = useT();
  const at = view.steps.indexOf(view.step);
  return (
    <ol className="checkout-progress" aria-label={t("checkoutProgress")}>
      {view.steps.map((step, index) => {
        const label = t(STEP_LABELS[step]!);
        const href = view.hrefs.step[step];
        return (
          <li
            key={step}
            data-state={index < at ? "done" : index === at ? "current" : "next"}
            aria-current={index === at ? "step" : undefined}
          >
            <span className="checkout-progress-number" aria-hidden="true">
              {index + 1}
            </span>
            {index < at && href ? <Link to={href}>{label}</Link> : <span>{label}</span>}
          </li>
        );
      })}
    </ol>
  );
}

function StepFrame({
  view,
  title,
  children,
}: {
  view: CheckoutView;
  title: string;
  children: ReactNode;
}) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  const [shown, setShown] = useState<{ step: number; direction: "forward" | "backwards" }>({
    step: view.step,
    direction: "forward",
  });
  if (shown.step !== view.step) {
    setShown({ step: view.step, direction: stepDirection(shown.step, view.step) });
  }
  const direction = shown.direction;
  const firstStep = useRef<number>(view.step);
  useEffect(() => {
    // A new step takes focus to its heading, so a screen reader reads where the viewer is now.
    if (firstStep.current !== view.step) heading.current?.focus();
    firstStep.current = -1;
  }, [view.step]);
  return (
    <div className="checkout-step" data-step={view.step} data-direction={direction}>
      <h2 className="checkout-step-title" tabIndex={-1} ref={heading}>
        {title}
      </h2>
      {children}
      {view.hrefs.back ? (
        <Link className="checkout-back" to={view.hrefs.back}>
          {t("back")}
        </Link>
      ) : null}
    </div>
  );
}

/**
 * A step that is one choice among radio buttons (a plan, a way to pay): a GET form carrying the
 * rest of the checkout to the next step.
 */
function ChoiceStep({
  view,
  title,
  name,
  leaveOut,
  next,
  choices,
}: {
  view: CheckoutView;
  title: string;
  name: "licence" | "provider";
  leaveOut: (keyof CheckoutQuery)[];
  next: CheckoutStep | undefined;
  choices: { value: string; chosen: boolean; content: ReactNode }[];
}) {
  const t = useT();
  return (
    <StepFrame view={view} title={title}>
      <Form method="get" className="checkout-form">
        <Carried query={view.query} leaveOut={leaveOut} step={next} />
        <fieldset className="checkout-choices">
          <legend className="visually-hidden">{title}</legend>
          {choices.map((choice, index) => (
            <label key={choice.value} className="checkout-choice">
              <input
                type="radio"
                name={name}
                value={choice.value}
                required
                defaultChecked={choices.some((c) => c.chosen) ? choice.chosen : index === 0}
              />
              {choice.content}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary">
          {t("continue")}
        </button>
      </Form>
    </StepFrame>
  );
}

function LicenceStep({ view }: { view: CheckoutView }) {
  const t = useT();
  const locale = useRootData()?.locale;
  return (
    <ChoiceStep
      view={view}
      title={t("checkoutStepLicence")}
      name="licence"
      // Choosing a licence drops the voucher (spec section 4).
      leaveOut={["licence", "voucher", "provider"]}
      next={stepAfter(view.steps, CHECKOUT_STEPS.SELECT_LICENCE)}
      choices={view.licences.map((licence) => ({
        value: licence.id,
        chosen: licence.id === view.licence?.id,
        content: (
          <>
            <span className="checkout-choice-name">{licence.name}</span>
            <span className="checkout-choice-price">
              {t(pricePeriodLabel(licence), { amount: formatMoney(locale, listPrice(licence)) })}
            </span>
            {licence.trialDays ? (
              <span className="checkout-choice-trial">
                {t("trialDaysFree", { count: licence.trialDays })}
              </span>
            ) : null}
            {licence.description ? (
              <span className="checkout-choice-text">{licence.description}</span>
            ) : null}
          </>
        ),
      }))}
    />
  );
}

/**
 * The account step: the realm's own sign-up form, or signing in to an account the viewer has;
 * either way the checkout goes on at the next step with what was chosen. An answer's errors are
 * shown on this step only, and changing the e-mail clears them (spec section 4).
 */
function AccountStep({ view, stored }: { view: CheckoutView; stored?: StepOutcome }) {
  const t = useT();
  const [dismissed, setDismissed] = useState<StepOutcome>();
  const shown = stored && stored !== dismissed ? stored : undefined;
  const clear = () => setDismissed(stored);
  return (
    <StepFrame view={view} title={t("checkoutStepAccount")}>
      <p>{t("checkoutAccountText")}</p>
      <section className="checkout-account" aria-labelledby="checkout-signup-title">
        <h3 id="checkout-signup-title">{t("checkoutCreateAccountTitle")}</h3>
        {view.signup ? (
          <SignupForm
            page={view.signup}
            outcome={shown?.intent === "signup" ? shown.outcome : undefined}
            onEmailChange={clear}
          >
            <input type="hidden" name="intent" value="signup" />
          </SignupForm>
        ) : null}
      </section>
      <section className="checkout-account" aria-labelledby="checkout-signin-title">
        <h3 id="checkout-signin-title">{t("checkoutHaveAccountTitle")}</h3>
        <SignInForm
          outcome={shown?.intent === "signin" ? shown.outcome : undefined}
          onEmailChange={clear}
        />
      </section>
    </StepFrame>
  );
}

/** Signing in inside the checkout, by e-mail and password (the sign-in page's own call). */
function SignInForm({
  outcome,
  onEmailChange,
}: {
  outcome: FormOutcome | undefined;
  onEmailChange: () => void;
}) {
  const t = useT();
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const solving = useChallengedSubmit(outcome, form);
  const busy = solving || navigation.state !== "idle";
  const server = outcome?.status === "error" ? outcome : null;
  return (
    <Form method="post" ref={form} noValidate replace>
      <input type="hidden" name="intent" value="signin" />
      <FormMessage label={server?.label} requestId={server?.requestId} />
      <ChallengeStatus solving={solving} asked={outcome?.status === "challenge"} />
      <TextField
        name="email"
        type="email"
        label={t("email")}
        autoComplete="email"
        required
        defaultValue={server?.values?.email}
        error={server?.fields?.email}
        onChange={onEmailChange}
      />
      <PasswordField
        name="password"
        label={t("password")}
        autoComplete="current-password"
        required
        error={server?.fields?.password}
      />
      <button type="submit" className="button" disabled={busy}>
        {t("signIn")}
      </button>
    </Form>
  );
}

/** The PARTITIONS step: the account's region, asked before the plans (theirs are its). */
function PartitionStep({ view, stored }: { view: CheckoutView; stored?: StepOutcome }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const server = stored?.outcome.status === "error" ? stored.outcome : null;
  const error = server?.fields?.partitionId;
  return (
    <StepFrame view={view} title={t("partitionStepTitle")}>
      <Form method="post" className="checkout-form" noValidate>
        <input type="hidden" name="intent" value="partition" />
        <FormMessage label={server?.label} requestId={server?.requestId} />
        <fieldset
          className="checkout-choices"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "checkout-partition-error" : undefined}
        >
          <legend>{t("partitionIntro")}</legend>
          {view.partitions.map((partition) => (
            <label key={partition.id} className="checkout-choice">
              <input type="radio" name="partitionId" value={partition.id} required />
              <span className="checkout-choice-name">{partition.name}</span>
            </label>
          ))}
        </fieldset>
        <FieldError id="checkout-partition-error" error={error} />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("continue")}
        </button>
      </Form>
    </StepFrame>
  );
}

function PaymentMethodStep({ view, outcome }: { view: CheckoutView; outcome?: PayOutcome }) {
  const t = useT();
  const next = stepAfter(view.steps, CHECKOUT_STEPS.SELECT_PAYMENT_METHOD);
  if (next === undefined) {
    // Nothing is due now or later: confirming is the last step.
    return (
      <StepFrame view={view} title={t("checkoutStepPaymentMethod")}>
        <p>{t("nothingToPayText")}</p>
        <PayForm view={view} outcome={outcome} label={t("confirmOrder")} />
      </StepFrame>
    );
  }
  return (
    <ChoiceStep
      view={view}
      title={t("checkoutStepPaymentMethod")}
      name="provider"
      leaveOut={["provider"]}
      next={next}
      choices={view.providers.map((provider) => ({
        value: provider.name,
        chosen: provider.name === view.provider?.name,
        content: <span className="checkout-choice-name">{t(providerLabel(provider))}</span>,
      }))}
    />
  );
}

/** The pay button's words: the amount due now, or the subscription's start after a trial. */
function payLabel(t: ReturnType<typeof useT>, locale: string | undefined, view: CheckoutView) {
  const basket = view.basket;
  return basket && basket.total > 0
    ? t("payAmount", {
        amount: formatMoney(locale, {
          amount: basket.total,
          scale: basket.scale,
          currency: basket.currency,
        }),
      })
    : t("startSubscription");
}

/**
 * The address entered, when it is the last step (a provider with a page of its own takes the
 * card or approval there): it is shown with the way to change it, and the button that pays.
 */
function AddressThenPay({ view, outcome }: { view: CheckoutView; outcome?: PayOutcome }) {
  const t = useT();
  const locale = useRootData()?.locale;
  return (
    <StepFrame view={view} title={t("checkoutStepBillingAddress")}>
      <dl className="checkout-lines">
        <div>
          <dt>{t("country")}</dt>
          <dd>{regionName(locale, view.query.country!)}</dd>
        </div>
        <div>
          <dt>{t("postalCode")}</dt>
          <dd>{view.query.postalCode}</dd>
        </div>
      </dl>
      <Link to={view.hrefs.changeAddress}>{t("changeAddress")}</Link>
      <PayForm view={view} outcome={outcome} label={payLabel(t, locale, view)} />
    </StepFrame>
  );
}

function AddressStep({ view, outcome }: { view: CheckoutView; outcome?: PayOutcome }) {
  const t = useT();
  const locale = useRootData()?.locale;
  const id = useId();
  const next = stepAfter(view.steps, CHECKOUT_STEPS.ADD_BILLING_ADDRESS);
  if (next === undefined && view.addressDone)
    return <AddressThenPay view={view} outcome={outcome} />;
  const countries = [...view.countries].sort((a, b) =>
    regionName(locale, a).localeCompare(regionName(locale, b), locale),
  );
  const problems = view.addressProblems;
  return (
    <StepFrame view={view} title={t("checkoutStepBillingAddress")}>
      <Form method="get" className="checkout-form" noValidate>
        <Carried query={view.query} leaveOut={["country", "postalCode"]} step={next} />
        <div className="form-field" data-invalid={problems.country ? "" : undefined}>
          <label htmlFor={id}>{t("country")}</label>
          <select
            id={id}
            name="country"
            required
            defaultValue={view.query.country ?? ""}
            autoComplete="billing country"
            aria-invalid={problems.country ? true : undefined}
            aria-describedby={problems.country ? `${id}-error` : undefined}
          >
            <option value="">{t("chooseCountry")}</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {regionName(locale, code)}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-error`} error={problems.country} />
        </div>
        <TextField
          name="postalCode"
          label={t("postalCode")}
          autoComplete="billing postal-code"
          required
          maxLength={20}
          defaultValue={view.query.postalCode ?? ""}
          error={problems.postalCode}
        />
        <button type="submit" className="button button-primary">
          {t("continue")}
        </button>
      </Form>
    </StepFrame>
  );
}

function CardStep({ view, outcome }: { view: CheckoutView; outcome?: PayOutcome }) {
  const t = useT();
  const locale = useRootData()?.locale;
  return (
    <StepFrame view={view} title={t("checkoutStepCard")}>
      <PayForm view={view} outcome={outcome} label={payLabel(t, locale, view)}>
        <CardFields holder={outcome?.values.holder} errors={outcome?.fields} />
      </PayForm>
    </StepFrame>
  );
}

/**
 * The form that pays: its key is fixed when the page is rendered, so a second press (or a
 * resend after a lost answer) is the same order. A trial is acknowledged here.
 */
function PayForm({
  view,
  outcome,
  label,
  children,
}: {
  view: CheckoutView;
  outcome?: PayOutcome;
  label: string;
  children?: ReactNode;
}) {
  const t = useT();
  const locale = useRootData()?.locale;
  const busy = useNavigation().state === "submitting";
  const id = useId();
  const firstCharge = view.basket?.firstCharge;
  return (
    <Form
      method="post"
      className="checkout-form"
      noValidate
      key={outcome?.attempt ?? "first"}
      onSubmit={() => {
        if (!view.licence || !view.provider) return;
        appEvents.emit("purchaseStarted", {
          sku: view.licence.id,
          provider: view.provider.name,
          ...(view.basket?.voucher ? { promotionCode: view.basket.voucher.code } : {}),
        });
      }}
    >
      <FormMessage label={outcome?.label} requestId={outcome?.requestId} />
      <input type="hidden" name="idempotencyKey" value={view.idempotencyKey} />
      {children}
      {firstCharge && view.basket ? (
        <div
          className="form-field checkout-acknowledge"
          data-invalid={outcome?.fields.acknowledgeTrial ? "" : undefined}
        >
          <label htmlFor={id}>
            <input
              id={id}
              type="checkbox"
              name="acknowledgeTrial"
              value="true"
              required
              aria-invalid={outcome?.fields.acknowledgeTrial ? true : undefined}
              aria-describedby={outcome?.fields.acknowledgeTrial ? `${id}-error` : undefined}
            />
            {t("acknowledgeTrial", {
              amount: formatMoney(locale, {
                amount: firstCharge.total,
                scale: view.basket.scale,
                currency: view.basket.currency,
              }),
              date: trialDate(firstCharge.date),
            })}
          </label>
          <FieldError id={`${id}-error`} error={outcome?.fields.acknowledgeTrial} />
        </div>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
        {busy ? t("paymentInProgress") : label}
      </button>
    </Form>
  );
}

function CurrentStep({
  view,
  outcome,
  stored,
}: {
  view: CheckoutView;
  outcome?: PayOutcome;
  stored?: StepOutcome;
}) {
  // A step's answer is shown on that step only (spec section 4).
  const own = stored?.step === view.step ? stored : undefined;
  switch (view.step) {
    case CHECKOUT_STEPS.PARTITIONS:
      return <PartitionStep view={view} stored={own} />;
    case CHECKOUT_STEPS.SELECT_LICENCE:
      return <LicenceStep view={view} />;
    case CHECKOUT_STEPS.CREATE_ACCOUNT:
      return <AccountStep view={view} stored={own} />;
    case CHECKOUT_STEPS.SELECT_PAYMENT_METHOD:
      return <PaymentMethodStep view={view} outcome={outcome} />;
    case CHECKOUT_STEPS.ADD_BILLING_ADDRESS:
      return <AddressStep view={view} outcome={outcome} />;
    case CHECKOUT_STEPS.ADD_CARD:
      return <CardStep view={view} outcome={outcome} />;
    default:
      return null;
  }
}

/** `/purchase` and `/pay`: the checkout, one step at a time beside the summary. */
/** The checkout's analytics events: the plans shown, and the plan it goes on with. */
function usePlanEvents(view: CheckoutView) {
  const showsPlans = view.state === "ready" && view.step === CHECKOUT_STEPS.SELECT_LICENCE;
  const skus = view.licences.map((licence) => licence.id).join(",");
  useEffect(() => {
    if (showsPlans) appEvents.emit("subscriptionView", { skus: skus.split(",") });
  }, [showsPlans, skus]);
  const sku = showsPlans ? undefined : view.licence?.id;
  useEffect(() => {
    if (sku) appEvents.emit("subscriptionSelect", { sku });
  }, [sku]);
}

export function CheckoutScreen() {
  const t = useT();
  const view = useLoaderData<typeof checkoutLoader>() as unknown as CheckoutView;
  const answer = useActionData<typeof checkoutAction>() as PayOutcome | StepOutcome | undefined;
  const outcome = answer?.status === "error" ? answer : undefined;
  const stored = answer?.status === "step" ? answer : undefined;
  usePlanEvents(view);
  if (view.state === "empty") {
    return (
      <section className="checkout" aria-labelledby="checkout-title">
        <h1 id="checkout-title">{t("checkoutTitle")}</h1>
        <p>{t("nothingForSale")}</p>
      </section>
    );
  }
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title">{t("checkoutTitle")}</h1>
      <StepProgress view={view} />
      <div className="checkout-body">
        <div className="checkout-main">
          {view.failure ? (
            <FormMessage label={view.failure.label} requestId={view.failure.requestId} />
          ) : null}
          <CurrentStep view={view} outcome={outcome} stored={stored} />
        </div>
        {view.licence && view.step !== CHECKOUT_STEPS.SELECT_LICENCE ? (
          <SubscriptionSummary
            licence={view.licence}
            basket={view.basket}
            changePlanHref={view.hrefs.changePlan}
            query={view.query}
            step={view.step}
            vouchers={view.vouchers}
            voucherProblem={view.voucherProblem}
          />
        ) : null}
      </div>
    </section>
  );
}
