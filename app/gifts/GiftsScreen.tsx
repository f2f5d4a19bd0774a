import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId, useRef, type FormEvent } from "react";
import { formatMoney, pricePeriodLabelOf } from "../checkout/money.ts";
import { useT } from "../i18n/i18n.ts";
import { FieldError, FormMessage, TextField } from "../identity/ui/fields.tsx";
import { focusFirstInvalid } from "../identity/ui/LoginScreen.tsx";
import { useFormProblems } from "../identity/ui/useFormProblems.ts";
import { useRootData } from "../realm/use-root-data.ts";
import type { GiftFormOutcome, giftsLoader } from "./gifts.server.ts";
import { giftFormProblems, readGiftForm, GIFT_NOTE_MAX } from "./gift-form.ts";

const FIELDS = ["item", "periods", "email", "note"] as const;

/** `/gifts`: what to give, for how many periods, to whom, with a note; then the checkout. */
export function GiftsScreen() {
  const t = useT();
  const page = useLoaderData<typeof giftsLoader>();
  const outcome = useActionData<GiftFormOutcome>();
  const busy = useNavigation().state !== "idle";
  const locale = useRootData()?.locale;
  const form = useRef<HTMLFormElement>(null);
  const noteId = useId();
  const server = outcome?.status === "error" ? outcome : null;
  // What the viewer typed comes back with a refusal; else what the URL kept (after sign-in).
  const values = server?.values ?? page.values;
  const { errorOf, reserveOf, message, reservedMessage, onBlur, onSubmit } = useFormProblems({
    ids: FIELDS,
    check: (element) =>
      giftFormProblems(readGiftForm(new FormData(element)), page.items) as Record<string, string>,
    server,
  });
  const leave = (name: string) => onBlur(name, form.current);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const found = onSubmit(event.currentTarget);
    if (Object.keys(found).length > 0) {
      event.preventDefault();
      focusFirstInvalid(event.currentTarget, found);
    }
  };
  const chosen = values.item || (page.items.length === 1 ? page.items[0]!.externalId : "");
  const range = (page.items.find((i) => i.externalId === chosen) ?? page.items[0])?.options
    .numberOfPeriods ?? { min: 1, max: 12 };

  return (
    <section className="auth-page gift-page" aria-labelledby="gifts-title">
      <h1 id="gifts-title">{t("giftsTitle")}</h1>
      <p>{t("giftsIntro")}</p>
      {page.failure ? (
        <FormMessage label={page.failure.label} requestId={page.failure.requestId} />
      ) : page.items.length === 0 ? (
        <FormMessage label="giftsNone" tone="info" />
      ) : (
        <Form method="post" ref={form} noValidate onSubmit={submit} replace>
          <p className="form-required-note">{t("requiredFieldsNote")}</p>
          <FormMessage label={message} requestId={server?.requestId} reserve={reservedMessage} />
          <fieldset
            className="gift-items"
            aria-describedby={errorOf("item") ? `${noteId}-item-error` : undefined}
          >
            <legend>{t("giftItemLabel")}</legend>
            {page.items.map((item) => (
              <label key={item.externalId} className="gift-item">
                <input
                  type="radio"
                  name="item"
                  value={item.externalId}
                  defaultChecked={item.externalId === chosen}
                  required
                  onBlur={() => leave("item")}
                />
                <strong>{item.name}</strong>
                <span className="gift-item-line">
                  {t(pricePeriodLabelOf(item.period), {
                    amount: formatMoney(locale, item.itemPrice),
                  })}
                </span>
                {item.description ? (
                  <span className="gift-item-line">{item.description}</span>
                ) : null}
              </label>
            ))}
            <FieldError
              id={`${noteId}-item-error`}
              error={errorOf("item")}
              reserve={reserveOf("item")}
            />
          </fieldset>
          <TextField
            name="periods"
            type="number"
            inputMode="numeric"
            min={range.min}
            max={range.max}
            label={t("giftPeriodsLabel")}
            hint={t("giftPeriodsHint", { min: range.min, max: range.max })}
            defaultValue={values.periods}
            required
            error={errorOf("periods")}
            reserve={reserveOf("periods")}
            onBlur={() => leave("periods")}
          />
          <TextField
            name="email"
            type="email"
            autoComplete="off"
            label={t("giftRecipientEmailLabel")}
            defaultValue={values.email}
            required
            error={errorOf("email")}
            reserve={reserveOf("email")}
            onBlur={() => leave("email")}
          />
          <div className="form-field" data-invalid={errorOf("note") ? "" : undefined}>
            <label htmlFor={noteId}>{t("giftNoteLabel")}</label>
            <textarea
              id={noteId}
              name="note"
              maxLength={GIFT_NOTE_MAX}
              defaultValue={values.note}
              aria-invalid={errorOf("note") ? true : undefined}
              aria-describedby={errorOf("note") ? `${noteId}-error` : undefined}
              onBlur={() => leave("note")}
            />
            <FieldError
              id={`${noteId}-error`}
              error={errorOf("note")}
              reserve={reserveOf("note")}
            />
          </div>
          {page.signedIn ? null : <p>{t("giftSignInToBuy")}</p>}
          <button type="submit" className="button button-primary" disabled={busy}>
            {t("giftContinue")}
          </button>
          {page.signedIn ? null : (
            <p className="auth-links">
              <Link to={page.signIn}>{t("signIn")}</Link> ·{" "}
              <Link to={page.signUp}>{t("signUp")}</Link>
            </p>
          )}
        </Form>
      )}
    </section>
  );
}
