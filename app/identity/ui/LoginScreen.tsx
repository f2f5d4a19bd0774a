import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useT } from "../../i18n/i18n.ts";
import { credentialProblems, firstProblem } from "../credentials.ts";
import type { LoginOutcome, loginLoader } from "../login.server.ts";
import { ChallengeStatus, FormMessage, PasswordField, TextField } from "./fields.tsx";
import { useChallengedSubmit } from "./useChallengedSubmit.ts";

/** Focuses the first field with a problem, so keyboard and screen-reader users land on it. */
export function focusFirstInvalid(
  form: HTMLFormElement,
  problems: Record<string, string>,
  inputName: (id: string) => string = (id) => id,
) {
  const first = Object.keys(problems)[0];
  if (first) (form.elements.namedItem(inputName(first)) as HTMLElement | null)?.focus();
}

/** Spec sections 4 and 5: sign-in by email and password (and by emailed link where offered). */
export function LoginScreen() {
  const t = useT();
  const page = useLoaderData<typeof loginLoader>();
  const outcome = useActionData<LoginOutcome>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  // The message area speaks after a submit; before that, each field after the viewer leaves it.
  const [submitted, setSubmitted] = useState(false);
  const solving = useChallengedSubmit(outcome?.status === "linkSent" ? undefined : outcome, form);
  const busy = solving || navigation.state !== "idle";

  const server = outcome?.status === "error" ? outcome : null;
  const shown = { ...(server?.fields ?? {}), ...problems };
  const fieldError = (name: string) =>
    (touched[name] ? shown[name] : null) ?? server?.fields?.[name] ?? null;

  const check = (element: HTMLFormElement) =>
    credentialProblems(
      String(new FormData(element).get("email") ?? ""),
      String(new FormData(element).get("password") ?? ""),
    );
  const onBlur = (name: string) => {
    setTouched((current) => ({ ...current, [name]: true }));
    if (form.current) setProblems(check(form.current));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = check(event.currentTarget);
    setProblems(found);
    setSubmitted(true);
    setTouched({ email: true, password: true });
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      focusFirstInvalid(event.currentTarget, found);
    }
  };
  const message = (submitted ? firstProblem(problems) : null) ?? server?.label ?? null;

  if (page.magicToken) {
    return (
      <section className="auth-page" aria-labelledby="login-title">
        <h1 id="login-title">{t("signIn")}</h1>
        <p>{t("magicLinkSignInText")}</p>
        <FormMessage label={server?.label} requestId={server?.requestId} />
        <Form method="post" replace>
          <input type="hidden" name="intent" value="magic" />
          <input type="hidden" name="token" value={page.magicToken} />
          <input type="hidden" name="from" value={page.from ?? ""} />
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("signIn")}
          </button>
        </Form>
      </section>
    );
  }

  return (
    <section className="auth-page" aria-labelledby="login-title">
      <h1 id="login-title">{t("signIn")}</h1>
      {page.logout ? (
        <FormMessage
          label={page.logout.label}
          requestId={page.logout.requestId ?? undefined}
          tone="info"
        />
      ) : null}
      <Form method="post" ref={form} noValidate onSubmit={onSubmit} replace>
        <p className="form-required-note">{t("requiredFieldsNote")}</p>
        <FormMessage label={message} requestId={server?.requestId} />
        <ChallengeStatus solving={solving} asked={outcome?.status === "challenge"} />
        <input type="hidden" name="from" value={page.from ?? ""} />
        <TextField
          name="email"
          type="email"
          label={t("email")}
          autoComplete="username"
          defaultValue={server?.values?.email}
          required
          error={fieldError("email")}
          onBlur={() => onBlur("email")}
        />
        <PasswordField
          name="password"
          label={t("password")}
          autoComplete="current-password"
          required
          error={fieldError("password")}
          onBlur={() => onBlur("password")}
        />
        <button
          type="submit"
          name="intent"
          value="password"
          className="button button-primary"
          disabled={busy}
        >
          {busy ? t("signingIn") : t("signIn")}
        </button>
        {page.magicLinks ? (
          <button
            type="submit"
            name="intent"
            value="magic-request"
            className="button"
            disabled={busy}
          >
            {t("emailMeASignInLink")}
          </button>
        ) : null}
      </Form>
      {outcome?.status === "linkSent" ? (
        <FormMessage label="signInLinkSent" tone="success" />
      ) : null}
      <nav className="auth-links" aria-label={t("otherOptions")}>
        <Link to={page.requestPasswordHref}>{t("forgotPassword")}</Link>
        {page.signupHref ? <Link to={page.signupHref}>{t("noAccountSignUp")}</Link> : null}
      </nav>
    </section>
  );
}
