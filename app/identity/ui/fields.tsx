import { useId, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { useT } from "../../i18n/i18n.ts";
import { Icon } from "../../ui/Icon.tsx";

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "children"> {
  name: string;
  label: string;
  /** Label key of the problem to show, if any. */
  error?: string | null;
  /**
   * Label key of a problem the viewer has since fixed: its space is kept (unseen) until the form
   * is sent, so nothing below moves while the viewer reaches for the submit button.
   */
  reserve?: string | null;
  hint?: ReactNode;
}

/** The asterisk of a required field (spec section 5); the input itself says "required". */
function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      *
    </span>
  );
}

/** A labelled input whose problem is announced and tied to it (aria-describedby). */
export function TextField({ name, label, error, reserve, hint, required, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ");
  return (
    <div className="form-field" data-invalid={error ? "" : undefined}>
      <label htmlFor={id}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      <input
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p className="form-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} reserve={reserve} />
    </div>
  );
}

/**
 * A field's problem, tied to it by `id`; or, once fixed, the same text unseen and unread,
 * holding its place until the form is sent.
 */
export function FieldError({
  id,
  error,
  reserve,
}: {
  id: string;
  error?: string | null;
  reserve?: string | null;
}) {
  const t = useT();
  if (error) {
    return (
      <p className="form-error" id={id}>
        {t(error)}
      </p>
    );
  }
  return reserve ? (
    <p className="form-error form-error-reserved" aria-hidden="true">
      {t(reserve)}
    </p>
  ) : null;
}

/** A password input with a show/hide switch (spec section 5). */
export function PasswordField(props: Omit<FieldProps, "type">) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-field">
      <TextField {...props} type={shown ? "text" : "password"} />
      <button
        type="button"
        className="icon-button password-toggle"
        aria-pressed={shown}
        aria-label={t("showPassword")}
        onClick={() => setShown((value) => !value)}
      >
        <Icon name={shown ? "eye-off" : "eye"} />
      </button>
    </div>
  );
}

/** The form's message area: the first problem, announced as it appears. */
export function FormMessage({
  label,
  requestId,
  tone = "error",
  reserve,
}: {
  label?: string | null;
  requestId?: string;
  tone?: "error" | "info" | "success";
  /** Label key of a message since resolved: its space is kept, unseen, until the form is sent. */
  reserve?: string | null;
}) {
  const t = useT();
  return (
    <div
      className={`form-message form-message-${tone}`}
      role={tone === "error" ? "alert" : "status"}
    >
      {label ? (
        <>
          <p>{t(label)}</p>
          {requestId ? <p className="form-request-id">{t("requestIdIs", { requestId })}</p> : null}
        </>
      ) : reserve ? (
        <p className="form-message-reserved" aria-hidden="true">
          {t(reserve)}
        </p>
      ) : null}
    </div>
  );
}

/**
 * What a form says while the anti-robot challenge is solved in the browser, and, when scripts
 * are off and the platform asked for one, that it needs them.
 */
export function ChallengeStatus({ solving, asked }: { solving: boolean; asked: boolean }) {
  const t = useT();
  return (
    <>
      {solving ? (
        <p className="form-status" role="status">
          {t("checkingYouAreHuman")}
        </p>
      ) : null}
      {asked ? (
        <noscript>
          <p className="form-error">{t("challengeNeedsJavaScript")}</p>
        </noscript>
      ) : null}
    </>
  );
}
