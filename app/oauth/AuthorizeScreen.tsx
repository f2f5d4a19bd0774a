import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useT } from "../i18n/i18n.ts";
import { ChallengeStatus, FormMessage, PasswordField, TextField } from "../identity/ui/fields.tsx";
import { useChallengedSubmit } from "../identity/ui/useChallengedSubmit.ts";
import type { FormOutcome } from "../identity/session-actions.server.ts";
import { OAUTH_PARAMS, type OAuthParams } from "./oauth-redirect.ts";

/** What `/authorize` loads; `/oidc/login` adds the ways to an account or a new password. */
interface AuthorizePage {
  params: OAuthParams | null;
  forgotPasswordHref?: string;
  signupHref?: string | null;
}

/**
 * `/authorize` and `/oidc/login`: email and password, then back to the app that asked (spec
 * section 2).
 */
export function AuthorizeScreen() {
  const t = useT();
  const { params, forgotPasswordHref, signupHref } = useLoaderData<AuthorizePage>();
  const outcome = useActionData<FormOutcome>();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const solving = useChallengedSubmit(outcome, form);
  const busy = solving || navigation.state !== "idle";
  const error = outcome?.status === "error" ? outcome : null;

  return (
    <section className="auth-page" aria-labelledby="authorize-title">
      <h1 id="authorize-title">{t("authorizeTitle")}</h1>
      {params ? (
        <Form method="post" ref={form} noValidate replace>
          <p>{t("authorizeText")}</p>
          <p className="form-required-note">{t("requiredFieldsNote")}</p>
          <FormMessage label={error?.label} requestId={error?.requestId} />
          <ChallengeStatus solving={solving} asked={outcome?.status === "challenge"} />
          {OAUTH_PARAMS.map((name) => (
            <input key={name} type="hidden" name={name} value={params[name]} />
          ))}
          <TextField
            name="email"
            type="email"
            label={t("email")}
            autoComplete="username"
            defaultValue={error?.values?.email}
            required
            error={error?.fields?.email}
          />
          <PasswordField
            name="password"
            label={t("password")}
            autoComplete="current-password"
            required
            error={error?.fields?.password}
          />
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t("signingIn") : t("signIn")}
          </button>
        </Form>
      ) : (
        <FormMessage label="oauthRequestInvalid" />
      )}
      {forgotPasswordHref || signupHref ? (
        <nav className="auth-links" aria-label={t("otherOptions")}>
          {forgotPasswordHref ? <Link to={forgotPasswordHref}>{t("forgotPassword")}</Link> : null}
          {signupHref ? <Link to={signupHref}>{t("noAccountSignUp")}</Link> : null}
        </nav>
      ) : null}
    </section>
  );
}
