import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useT } from "../i18n/i18n.ts";
import { FormMessage, TextField } from "../identity/ui/fields.tsx";
import type { tvLoginAction, tvLoginLoader } from "./tv-login.server.ts";

/** TV login (spec section 2): the code shown on the TV, entered by a signed-in viewer. */
export function TvLoginScreen() {
  const t = useT();
  const page = useLoaderData<typeof tvLoginLoader>();
  const outcome = useActionData<typeof tvLoginAction>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="auth-page" aria-labelledby="tv-login-title">
      <h1 id="tv-login-title">{t("tvLoginTitle")}</h1>
      {page.activated ? (
        <div className="form-message form-message-success" role="status">
          <p>{t("tvActivated")}</p>
        </div>
      ) : null}
      <Form method="post" noValidate replace>
        <p>{t("tvLoginText")}</p>
        <FormMessage label={outcome?.error} />
        <TextField
          name="code"
          label={t("tvCode")}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={12}
          defaultValue={outcome?.code ?? page.code}
          required
          error={outcome?.error}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {t("tvActivate")}
        </button>
      </Form>
    </section>
  );
}
