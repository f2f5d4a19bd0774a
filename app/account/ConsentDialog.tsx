import { useState } from "react";
import type { ConsentPromptField } from "../../contract/generated/consent-prompt.ts";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { AccountDialog, FormMessage, useAccountForm } from "./ui.tsx";

/** The checkbox name of a consent field (the action reads the same). */
const inputName = (fieldName: string) => `consent.${fieldName}`;

/**
 * The consent prompt (spec section 4): shown while a required question has no answer. It
 * cannot be dismissed; saving needs every required box ticked (spec section 5) and a failure
 * says `errorUpdatingTermsOfUse`.
 */
export function ConsentDialog({
  fields,
  basePath,
  realmName,
}: {
  fields: ConsentPromptField[];
  basePath: string;
  realmName: string;
}) {
  const t = useT();
  const { fetcher, hidden, hydrated, busy, answer } = useAccountForm();
  const [agreed, setAgreed] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(fields.map((f) => [f.fieldName, f.answer === "true"])),
  );
  const invalid = fields.some((f) => f.required && !agreed[f.fieldName]);
  return (
    <AccountDialog
      inline
      title={t("consentPromptTitle")}
      description={t("consentPromptText", { realmName })}
      className="consent-dialog"
    >
      <fetcher.Form method="post" action={routeHref(basePath, { name: "consent" })}>
        {hidden}
        {/* The dialog's title names these questions; a legend would read it out again. */}
        <fieldset className="consent-fields">
          {fields.map((field) => (
            <div key={field.fieldName} className="consent-field">
              <input type="hidden" name="field" value={field.fieldName} />
              <input
                type="checkbox"
                id={`consent-${field.fieldName}`}
                name={inputName(field.fieldName)}
                value="true"
                checked={agreed[field.fieldName] ?? false}
                required={field.required}
                onChange={(event) =>
                  setAgreed((now) => ({ ...now, [field.fieldName]: event.target.checked }))
                }
              />
              <label htmlFor={`consent-${field.fieldName}`}>
                {t(field.label)}
                {field.required ? (
                  <span className="account-required"> ({t("consentRequired")})</span>
                ) : null}
              </label>
              {field.linkUrl ? (
                <a
                  className="consent-link"
                  href={field.linkUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t("consentReadDocument")}
                  <span className="visually-hidden"> {t("opensInNewTab")}</span>
                </a>
              ) : null}
            </div>
          ))}
        </fieldset>
        <FormMessage answer={answer} />
        <button
          type="submit"
          className="button account-submit"
          disabled={busy || (hydrated && invalid)}
        >
          {t("consentSave")}
        </button>
      </fetcher.Form>
    </AccountDialog>
  );
}
