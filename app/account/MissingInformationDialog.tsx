import { useState } from "react";
import { useT } from "../i18n/i18n.ts";
import { routeHref } from "../realm/routes.ts";
import { detailProblems, type DetailFormField } from "./missing-information.ts";
import { AccountDialog, Field, FormMessage, useAccountForm } from "./ui.tsx";

const INPUT_TYPE: Record<string, string> = { tel: "tel", email: "email" };
const AUTOCOMPLETE: Record<string, string> = {
  fullName: "name",
  phoneNumber: "tel",
  birthDate: "bday",
  taxNumber: "off",
};

/**
 * The missing-information modal (spec sections 4 and 5): the details the realm requires and
 * the account lacks. Each field's error shows once it has been left (blur); the submit button
 * stays disabled while any field has an error; a refusal shows the platform's first message.
 */
export function MissingInformationDialog({
  fields,
  basePath,
}: {
  fields: DetailFormField[];
  basePath: string;
}) {
  const t = useT();
  const { fetcher, hidden, hydrated, busy, answer } = useAccountForm();
  const [values, setValues] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const problems = detailProblems(fields, values);
  const hasErrors = Object.keys(problems).length > 0;
  // Without scripts the action checks the same rules and names the first problem.
  const serverField = answer && !answer.ok ? answer.field : undefined;
  return (
    <AccountDialog
      inline
      title={t("missingInformationTitle")}
      description={t("missingInformationText")}
      className="missing-information-dialog"
    >
      <fetcher.Form
        method="post"
        action={routeHref(basePath, { name: "missingInformation" })}
        noValidate
      >
        {hidden}
        {fields.map((field) => {
          const problem = problems[field.id];
          const shown = touched[field.id] || serverField === field.id ? problem : undefined;
          return (
            <Field
              key={field.id}
              name={field.id}
              label={t(field.id)}
              type={INPUT_TYPE[field.type] ?? "text"}
              autoComplete={AUTOCOMPLETE[field.id]}
              inputMode={field.id === "phoneNumber" ? "tel" : undefined}
              required={field.required}
              value={values[field.id] ?? ""}
              onChange={(event) => setValues((now) => ({ ...now, [field.id]: event.target.value }))}
              onBlur={() => setTouched((now) => ({ ...now, [field.id]: true }))}
              error={shown ? t(shown) : null}
            />
          );
        })}
        <FormMessage answer={answer?.field ? undefined : answer} />
        <button
          type="submit"
          className="button account-submit"
          disabled={busy || (hydrated && hasErrors)}
        >
          {t("saveDetails")}
        </button>
      </fetcher.Form>
    </AccountDialog>
  );
}
