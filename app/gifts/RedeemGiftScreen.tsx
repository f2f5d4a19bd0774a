import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef, useState, type FormEvent } from "react";
import { useT } from "../i18n/i18n.ts";
import { FormMessage, TextField } from "../identity/ui/fields.tsx";
import type { redeemGiftLoader, RedeemView } from "./gifts.server.ts";

/**
 * `/gifts/redeem?code=`: the code (from the gift e-mail's link, or typed), what it gives, and
 * the button that redeems it into the account. Guests and visitors sign in or sign up first,
 * and come back here with the code.
 */
export function RedeemGiftScreen() {
  const t = useT();
  const page = useLoaderData<typeof redeemGiftLoader>();
  const outcome = useActionData<RedeemView>();
  const busy = useNavigation().state !== "idle";
  const view = outcome ?? page.view;
  const codeForm = useRef<HTMLFormElement>(null);
  // The code field's own check: empty is the only problem the browser can tell.
  const [left, setLeft] = useState<string | null>(null);
  const problem = left ?? (view.state === "ask" ? view.problem : null);
  const check = (form: HTMLFormElement) =>
    String(new FormData(form).get("code") ?? "").trim() ? null : "requiredField";
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = check(event.currentTarget);
    setLeft(found);
    if (found) {
      event.preventDefault();
      (event.currentTarget.elements.namedItem("code") as HTMLElement | null)?.focus();
    }
  };

  if (view.state === "redeemed") {
    const ends = view.redemption.entitlements[0]?.endsAt;
    return (
      <section className="auth-page gift-page" aria-labelledby="redeem-title">
        <h1 id="redeem-title">{t("giftRedeemTitle")}</h1>
        <FormMessage
          tone="success"
          label={t("giftRedeemedNow", {
            name: view.gift?.name ?? view.redemption.licenceId,
            date: ends ? ends.slice(0, 10) : "",
          })}
        />
        <Link className="button button-primary" to={page.accountHref}>
          {t("myAccount")}
        </Link>
      </section>
    );
  }

  return (
    <section className="auth-page gift-page" aria-labelledby="redeem-title">
      <h1 id="redeem-title">{t("giftRedeemTitle")}</h1>
      <p>{t("giftRedeemIntro")}</p>
      <Form method="get" ref={codeForm} noValidate onSubmit={onSubmit}>
        <FormMessage
          label={problem}
          requestId={view.state === "ask" ? view.requestId : undefined}
        />
        <TextField
          name="code"
          label={t("giftCodeLabel")}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={view.code}
          required
          error={problem}
          onBlur={() => codeForm.current && setLeft(check(codeForm.current))}
        />
        <button
          type="submit"
          className={view.state === "checked" ? "button" : "button button-primary"}
          disabled={busy}
        >
          {t("giftCheckButton")}
        </button>
      </Form>
      {view.state === "checked" ? (
        <div className="gift-summary" role="status">
          <p>{t("giftCodeGives", { name: view.gift.name, periods: view.gift.numberOfPeriods })}</p>
          {view.gift.note ? <p>{t("giftNoteFrom", { note: view.gift.note })}</p> : null}
          {page.signedIn ? (
            <Form method="post" replace>
              <input type="hidden" name="code" value={view.code} />
              <button type="submit" className="button button-primary" disabled={busy}>
                {t("giftRedeemButton")}
              </button>
            </Form>
          ) : (
            <>
              <p>{t("giftSignInToRedeem")}</p>
              <div className="gift-actions">
                <Link className="button button-primary" to={page.signIn}>
                  {t("signIn")}
                </Link>{" "}
                <Link className="button" to={page.signUp}>
                  {t("signUp")}
                </Link>
              </div>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
