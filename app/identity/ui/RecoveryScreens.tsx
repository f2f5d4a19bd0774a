import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useT } from "../../i18n/i18n.ts";
import type {
  activateAction,
  activateLoader,
  emailConfirmationLoader,
  requestPasswordAction,
  resetPasswordAction,
  resetPasswordLoader,
} from "../recovery.server.ts";
import { FormMessage, PasswordField, TextField } from "./fields.tsx";

type Outcome = { status: string; label?: string; fields?: Record<string, string> };

export function AuthPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="auth-page" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {children}
    </section>
  );
}

export function EmailConfirmationScreen() {
  const t = useT();
  const page = useLoaderData<typeof emailConfirmationLoader>();
  const text = {
    sent: "confirmationEmailSent",
    pending: "confirmYourEmailText",
    confirmed: "emailConfirmed",
    failed: "label" in page ? page.label : "confirmationLinkExpired",
  }[page.state];
  return (
    <AuthPage title={t("confirmYourEmail")}>
      <FormMessage label={text} tone={page.state === "failed" ? "error" : "success"} />
      <Link className="button" to={page.home}>
        {t("backToHome")}
      </Link>
    </AuthPage>
  );
}

export function RequestPasswordScreen() {
  const t = useT();
  const outcome = useActionData<typeof requestPasswordAction>() as Outcome | undefined;
  const busy = useNavigation().state !== "idle";
  if (outcome?.status === "sent") {
    return (
      <AuthPage title={t("forgotPassword")}>
        <FormMessage label="passwordResetEmailSent" tone="success" />
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("forgotPassword")}>
      <p>{t("forgotPasswordText")}</p>
      <Form method="post" replace noValidate>
        <FormMessage label={outcome?.label} />
        <TextField
          name="email"
          type="email"
          label={t("email")}
          autoComplete="email"
          required
          error={outcome?.fields?.email}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("sendResetLink")}
        </button>
      </Form>
    </AuthPage>
  );
}

export function ResetPasswordScreen() {
  const t = useT();
  const page = useLoaderData<typeof resetPasswordLoader>();
  const outcome = useActionData<typeof resetPasswordAction>() as Outcome | undefined;
  const busy = useNavigation().state !== "idle";
  if (!page.token) {
    return (
      <AuthPage title={t("chooseNewPassword")}>
        <FormMessage label="resetLinkExpired" />
        <Link to={page.requestHref}>{t("sendResetLink")}</Link>
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("chooseNewPassword")}>
      <Form method="post" replace noValidate>
        <FormMessage label={outcome?.label} />
        <input type="hidden" name="token" value={page.token} />
        <PasswordField
          name="password"
          label={t("newPassword")}
          autoComplete="new-password"
          required
          hint={t("yourPasswordRules")}
          error={outcome?.fields?.password}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("savePassword")}
        </button>
      </Form>
      {outcome?.label === "resetLinkExpired" ? (
        <Link to={page.requestHref}>{t("sendResetLink")}</Link>
      ) : null}
    </AuthPage>
  );
}

export function ActivateScreen() {
  const t = useT();
  const page = useLoaderData<typeof activateLoader>();
  const outcome = useActionData<typeof activateAction>() as Outcome | undefined;
  const busy = useNavigation().state !== "idle";
  if (!page.account || outcome?.status === "declined") {
    return (
      <AuthPage title={t("activateAccount")}>
        <FormMessage
          label={outcome?.status === "declined" ? "activationDeclined" : "activationNotFound"}
          tone="info"
        />
      </AuthPage>
    );
  }
  return (
    <AuthPage title={t("activateAccount")}>
      <p>{t("activateAccountText", { email: page.account.email })}</p>
      {page.entitlements.length > 0 ? (
        <>
          <h2>{t("includedAccess")}</h2>
          <ul className="entitlements">
            {page.entitlements.map((entitlement) => (
              <li key={entitlement.licence}>{entitlement.licence}</li>
            ))}
          </ul>
        </>
      ) : null}
      <FormMessage label={outcome?.label} />
      <Form method="post" replace className="auth-actions">
        <button
          type="submit"
          name="intent"
          value="activate"
          className="button button-primary"
          disabled={busy}
        >
          {t("activate")}
        </button>
        <button type="submit" name="intent" value="decline" className="button" disabled={busy}>
          {t("decline")}
        </button>
      </Form>
    </AuthPage>
  );
}
