import { useFetcher, useLocation } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useT } from "../i18n/i18n.ts";
import { useHydrated } from "../ui/client-state.tsx";
import { VIA_SCRIPT, type FormAnswer } from "./form-protocol.ts";

/**
 * An account form's fetcher: the form posts to its action like a plain form (and works so
 * without scripts); once hydrated it adds the field asking for a JSON answer, so the page stays
 * and only revalidates.
 */
export function useAccountForm() {
  const fetcher = useFetcher<FormAnswer>();
  const location = useLocation();
  const hydrated = useHydrated();
  const hidden = (
    <>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name={VIA_SCRIPT} value="1" /> : null}
    </>
  );
  return {
    fetcher,
    hidden,
    hydrated,
    busy: fetcher.state !== "idle",
    answer: fetcher.state === "idle" ? fetcher.data : undefined,
  };
}

/** The outcome of a form, read out when it changes: an error, or a confirmation. */
export function FormMessage({ answer, success }: { answer?: FormAnswer; success?: string }) {
  const t = useT();
  if (!answer) return null;
  if (answer.ok) {
    return success ? (
      <p className="account-form-success" role="status">
        {success}
      </p>
    ) : null;
  }
  return (
    <p className="account-form-error" role="alert">
      {answer.message ?? t(answer.error ?? "errorOccurredPleaseTryAgain")}
    </p>
  );
}

/** A labelled input with its hint and error tied to it for assistive technology. */
export function Field({
  label,
  hint,
  error,
  required,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  error?: string | null;
  name: string;
}) {
  const id = useId();
  const t = useT();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return (
    <div className="account-field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="account-required">
            {" *"}
          </span>
        ) : (
          <span className="account-optional"> ({t("optionalField")})</span>
        )}
      </label>
      <input
        id={id}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length ? described.join(" ") : undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="account-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="account-field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A modal dialog of the account. `inline` ones are rendered by the server already open (a
 * prompt the viewer must answer, or a dialog opened by the URL's query), so they show and work
 * without scripts; `dismiss` closes it, and without it Escape and clicks outside do nothing.
 */
export function AccountDialog({
  title,
  description,
  dismiss,
  inline = false,
  className,
  children,
}: {
  title: string;
  description?: ReactNode;
  dismiss?: { onClose: () => void; closeLink?: ReactNode };
  inline?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const content = (
    <>
      <Dialog.Overlay className="account-overlay" />
      <Dialog.Content
        className={`account-dialog ${className ?? ""}`}
        // Named here as well as by radix, which only links them once scripts run. Named once, by
        // its title; described only by a text that says more than the title.
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-text` : undefined}
        onEscapeKeyDown={(event) => {
          if (!dismiss) event.preventDefault();
        }}
        onInteractOutside={(event) => {
          if (!dismiss) event.preventDefault();
        }}
      >
        <div className="account-dialog-head">
          <Dialog.Title id={`${id}-title`} className="account-dialog-title">
            {title}
          </Dialog.Title>
          {dismiss?.closeLink ??
            (dismiss ? (
              <Dialog.Close className="account-dialog-close">
                <span aria-hidden="true">×</span>
                <span className="visually-hidden">{t("closeDialog")}</span>
              </Dialog.Close>
            ) : null)}
        </div>
        {description ? (
          <Dialog.Description id={`${id}-text`} className="account-dialog-text">
            {description}
          </Dialog.Description>
        ) : null}
        {children}
      </Dialog.Content>
    </>
  );
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : dismiss?.onClose())}>
      {inline ? content : <Dialog.Portal>{content}</Dialog.Portal>}
    </Dialog.Root>
  );
}
