import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, type FormEvent } from "react";
import { useT } from "../../i18n/i18n.ts";
import { credentialProblems } from "../credentials.ts";
import type { LoginOutcome, loginLoader } from "../login.server.ts";
import { ChallengeStatus, FormMessage, PasswordField, TextField } from "./fields.tsx";
import { useChallengedSubmit } from "./useChallengedSubmit.ts";
import { useFormProblems } from "./useFormProblems.ts";

const CREDENTIALS = ["email", "password"] as const;

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
  const asksForLink = useRef(false);
  const solving = useChallengedSubmit(outcome?.status === "linkSent" ? undefined : outcome, form);
  const busy = solving || navigation.state !== "idle";

  const server = outcome?.status === "error" ? outcome : null;
  const {
    errorOf: fieldError,
    reserveOf,
    message,
    reservedMessage,
    onBlur: leave,
    onSubmit: send,
  } = useFormProblems({
    ids: CREDENTIALS,
    // Asking for an emailed link needs only the e-mail (the server checks it the same way).
    check: (element) =>
      credentialProblems(
        String(new FormData(element).get("email") ?? ""),
        asksForLink.current ? "placeholder" : String(new FormData(element).get("password") ?? ""),
      ),
    server,
  });
  const onBlur = (name: string) => leave(name, form.current);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    asksForLink.current = submitter?.getAttribute("value") === "magic-request";
    const found = send(event.currentTarget);
    asksForLink.current = false;
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      focusFirstInvalid(event.currentTarget, found);
    }
  };

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
      {page.external ? (
        // A plain link: the sign-in leaves for the provider's own pages.
        <a className="button button-primary auth-external" href={page.external.href}>
          {t("continueWithProvider", { provider: page.external.provider })}
        </a>
      ) : null}
      <Form method="post" ref={form} noValidate onSubmit={onSubmit} replace>
        <p className="form-required-note">{t("requiredFieldsNote")}</p>
        <FormMessage label={message} requestId={server?.requestId} reserve={reservedMessage} />
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
          reserve={reserveOf("email")}
          onBlur={() => onBlur("email")}
        />
        <PasswordField
          name="password"
          label={t("password")}
          autoComplete="current-password"
          required
          error={fieldError("password")}
          reserve={reserveOf("password")}
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
