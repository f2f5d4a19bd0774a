import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { Licence } from "../../../schemas/generated/licence.ts";
import { formatMoney } from "../../checkout/money.ts";
import { listPrice, pricePeriodLabel } from "../../checkout/ui/SubscriptionSummary.tsx";
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from "react";
import { appEvents, SIGN_UP_PENDING } from "../../analytics/app-events.ts";
import { fieldProblem, type SignupField } from "../../../contract/signup-fields.ts";
import { useT } from "../../i18n/i18n.ts";
import { regionName } from "../../ui/intl.ts";
import type { FormOutcome } from "../session-actions.server.ts";
import { consentInput } from "../signup-consents.ts";
import type { SignupForm as SignupFormData, signupLoader } from "../signup.server.ts";
import { ChallengeStatus, FieldError, FormMessage, PasswordField, TextField } from "./fields.tsx";
import { focusFirstInvalid } from "./LoginScreen.tsx";
import { useChallengedSubmit } from "./useChallengedSubmit.ts";
import { useFormProblems } from "./useFormProblems.ts";
import { useRootData } from "../../realm/use-root-data.ts";

type Field = SignupField & { countries?: string[] };

function CountryField({
  field,
  error,
  reserve,
  value,
  onBlur,
}: {
  field: Field;
  error?: string | null;
  reserve?: string | null;
  value?: string;
  onBlur(): void;
}) {
  const t = useT();
  const locale = useRootData()?.locale;
  const id = useId();
  const countries = [...(field.countries ?? [])].sort((a, b) =>
    regionName(locale, a).localeCompare(regionName(locale, b), locale),
  );
  return (
    <div className="form-field" data-invalid={error ? "" : undefined}>
      <label htmlFor={id}>
        {t(field.placeholder ?? field.id)}
        {field.required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <select
        id={id}
        name={field.id}
        required={field.required}
        defaultValue={value ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={onBlur}
      >
        <option value="">{t("chooseCountry")}</option>
        {countries.map((code) => (
          <option key={code} value={code}>
            {regionName(locale, code)}
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} error={error} reserve={reserve} />
    </div>
  );
}

interface SignupConsent {
  fieldName: string;
  required: boolean;
  label: string;
  linkUrl: string | null;
}

/** One consent question of the sign-up form; a required one must be ticked (spec section 3). */
function ConsentCheckbox({
  consent,
  error,
  reserve,
  onChange,
}: {
  consent: SignupConsent;
  error?: string | null;
  reserve?: string | null;
  onChange(): void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="form-check" data-invalid={error ? "" : undefined}>
      <input
        type="checkbox"
        id={id}
        name={consentInput(consent.fieldName)}
        value="true"
        required={consent.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange}
      />
      <label htmlFor={id}>
        {t(consent.label)}
        {consent.required ? (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {consent.linkUrl ? (
        <a href={consent.linkUrl} target="_blank" rel="noopener noreferrer">
          {t("consentReadDocument")}
          <span className="visually-hidden"> {t("opensInNewTab")}</span>
        </a>
      ) : null}
      <FieldError id={`${id}-error`} error={error} reserve={reserve} />
    </div>
  );
}

/** Session storage may be disabled (private modes): analytics then lose the step, nothing else. */
function sessionStorageSafe(act: () => void) {
  try {
    act();
  } catch {
    // Nothing to keep it in.
  }
}

/**
 * The realm's sign-up form (its provider's fields, rules, messages and order, spec 3 and 5; the
 * partitions; the consents; the challenge), wherever an account is created: the sign-up page,
 * the checkout's account step. `children` are the hidden fields of where it was shown.
 */
export function SignupForm({
  page,
  outcome,
  children,
  onEmailChange,
}: {
  page: SignupFormData;
  outcome: FormOutcome | undefined;
  children?: ReactNode;
  /** The e-mail was changed (the checkout forgets its step's errors then, spec section 4). */
  onEmailChange?: () => void;
}) {
  const t = useT();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const solving = useChallengedSubmit(outcome, form);
  const busy = solving || navigation.state !== "idle";
  const server = outcome?.status === "error" ? outcome : null;
  const ids = [...page.fields.map((f) => f.id), ...page.consents.map((c) => c.fieldName)];

  const check = (element: HTMLFormElement) => {
    const data = new FormData(element);
    const found: Record<string, string> = {};
    for (const field of page.fields) {
      const problem = fieldProblem(field, String(data.get(field.id) ?? ""));
      if (problem) found[field.id] = problem;
    }
    for (const consent of page.consents) {
      if (consent.required && data.get(consentInput(consent.fieldName)) !== "true") {
        found[consent.fieldName] = "requiredField";
      }
    }
    return found;
  };
  const {
    errorOf,
    reserveOf,
    message,
    reservedMessage,
    onBlur: leave,
    onSubmit: send,
  } = useFormProblems({ ids, check, server });
  const onBlur = (id: string) => leave(id, form.current);
  useEffect(() => appEvents.emit("signUpStarted", {}), []);
  useEffect(() => {
    // The form came back with a problem: the sign-up did not go through.
    if (server) sessionStorageSafe(() => sessionStorage.removeItem(SIGN_UP_PENDING));
  }, [server]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = send(event.currentTarget);
    if (Object.keys(found).length === 0) {
      appEvents.emit("signUpDetailsEntered", {});
      sessionStorageSafe(() => sessionStorage.setItem(SIGN_UP_PENDING, "1"));
    }
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      const consents = new Set(page.consents.map((c) => c.fieldName));
      focusFirstInvalid(event.currentTarget, found, (id) =>
        consents.has(id) ? consentInput(id) : id,
      );
    }
  };

  return (
    <Form method="post" ref={form} noValidate onSubmit={onSubmit} replace>
      <p className="form-required-note">{t("requiredFieldsNote")}</p>
      <FormMessage label={message} requestId={server?.requestId} reserve={reservedMessage} />
      <ChallengeStatus solving={solving} asked={outcome?.status === "challenge"} />
      {children}
      {page.fields.map((field) => {
        const common = {
          name: field.id,
          label: t(field.placeholder ?? field.id),
          required: field.required,
          error: errorOf(field.id),
          reserve: reserveOf(field.id),
          onBlur: () => onBlur(field.id),
        };
        if (field.type === "country") {
          return (
            <CountryField
              key={field.id}
              field={field}
              error={errorOf(field.id)}
              reserve={reserveOf(field.id)}
              value={server?.values?.[field.id]}
              onBlur={() => onBlur(field.id)}
            />
          );
        }
        if (field.type === "password") {
          return (
            <PasswordField
              key={field.id}
              {...common}
              autoComplete="new-password"
              hint={t("yourPasswordRules")}
            />
          );
        }
        return (
          <TextField
            key={field.id}
            {...common}
            type={field.type === "email" ? "email" : "text"}
            defaultValue={server?.values?.[field.id]}
            onChange={field.type === "email" ? onEmailChange : undefined}
            autoComplete={
              field.type === "email" ? "email" : field.id === "fullName" ? "name" : undefined
            }
          />
        );
      })}
      {page.partitions.length > 0 ? (
        <fieldset className="signup-partitions">
          <legend>{t("partitionStepTitle")}</legend>
          <p>{t("partitionIntro")}</p>
          {page.partitions.map((partition) => (
            <label key={partition.id} className="signup-radio">
              <input
                type="radio"
                name="partitionId"
                value={partition.id}
                defaultChecked={
                  partition.id === (server?.values?.partitionId ?? page.partitions[0]!.id)
                }
              />{" "}
              {partition.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      {page.consents.length > 0 ? (
        <fieldset className="signup-consents">
          <legend>{t("signupConsentsLegend")}</legend>
          {page.consents.map((consent) => (
            <ConsentCheckbox
              key={consent.fieldName}
              consent={consent}
              error={errorOf(consent.fieldName)}
              reserve={reserveOf(consent.fieldName)}
              onChange={() => onBlur(consent.fieldName)}
            />
          ))}
        </fieldset>
      ) : null}
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t("signingUp") : t("createAccount")}
      </button>
    </Form>
  );
}

/** Sign-up with the fields, rules, messages and order of the realm's provider (spec 3, 5). */
export function SignupScreen() {
  const t = useT();
  const page = useLoaderData<typeof signupLoader>();
  const outcome = useActionData<FormOutcome>();
  return (
    <section className="auth-page" aria-labelledby="signup-title">
      <h1 id="signup-title">{t("signUp")}</h1>
      <SignupForm page={page} outcome={outcome}>
        <input type="hidden" name="from" value={page.from ?? ""} />
      </SignupForm>
      <nav className="auth-links" aria-label={t("otherOptions")}>
        <Link to={page.loginHref}>{t("haveAccountSignIn")}</Link>
      </nav>
      {page.licences.length > 0 ? <PlansOnOffer licences={page.licences} /> : null}
    </section>
  );
}

/** The realm's plans with their prices, beside the form (`showLicencesOnSignup`). */
function PlansOnOffer({ licences }: { licences: Licence[] }) {
  const t = useT();
  const locale = useRootData()?.locale;
  return (
    <aside className="signup-plans" aria-labelledby="signup-plans-title">
      <h2 id="signup-plans-title">{t("signupPlansTitle")}</h2>
      <ul>
        {licences.map((licence) => (
          <li key={licence.id}>
            <strong>{licence.name}</strong>{" "}
            <span>
              {t(pricePeriodLabel(licence), { amount: formatMoney(locale, listPrice(licence)) })}
            </span>
            {licence.description ? <p>{licence.description}</p> : null}
          </li>
        ))}
      </ul>
      <p>{t("signupPlansText")}</p>
    </aside>
  );
}
