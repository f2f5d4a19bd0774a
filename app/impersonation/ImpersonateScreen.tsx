import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useT } from "../i18n/i18n.ts";
import { FormMessage } from "../identity/ui/fields.tsx";
import type { ImpersonationState } from "./impersonation.server.ts";

/** `/impersonate`: the states of spec section 4 (loading, then loaded or failed). */
export function ImpersonateScreen() {
  const t = useT();
  const loaded = useLoaderData<ImpersonationState>();
  const acted = useActionData<ImpersonationState>();
  const navigation = useNavigation();
  const state = acted ?? loaded;
  const form = useRef<HTMLFormElement>(null);
  const token = state.state === "loading" ? state.token : null;

  // With scripts the token is exchanged at once; without, the viewer presses Continue.
  useEffect(() => {
    if (token) form.current?.requestSubmit();
  }, [token]);

  return (
    <section className="auth-page" aria-labelledby="impersonate-title" aria-busy={!!token}>
      <h1 id="impersonate-title">{t("impersonateTitle")}</h1>
      {state.state === "loading" ? (
        <Form method="post" ref={form} replace>
          <p role="status">{t("impersonationLoading")}</p>
          <input type="hidden" name="token" value={state.token} />
          <button
            type="submit"
            className="button button-primary"
            disabled={navigation.state !== "idle"}
          >
            {t("impersonationContinue")}
          </button>
        </Form>
      ) : null}
      {state.state === "loaded" ? (
        <>
          <div className="form-message form-message-success" role="status">
            <p>{t("impersonationLoaded", { email: state.email })}</p>
          </div>
          <Link className="button button-primary" to={state.homeHref} reloadDocument>
            {t("backToHome")}
          </Link>
        </>
      ) : null}
      {state.state === "failed" ? <FormMessage label="impersonationFailed" /> : null}
    </section>
  );
}
