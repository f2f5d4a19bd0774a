import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "../account/ui.tsx";
import { flashToast } from "../feedback/flash.server.ts";
import { i18nFor, useT } from "../i18n/i18n.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { requireRealmRequest } from "../realm/request.server.ts";
import { routeHref } from "../realm/routes.ts";
import { readForm } from "../realm/form-body.server.ts";

/** `/pin-reset/confirm?code=`: where the PIN reset email leads (customers only). */
export async function loader(args: LoaderFunctionArgs) {
  const { shell } = await requireRealmRequest(args);
  const code = new URL(args.request.url).searchParams.get("code") ?? "";
  return { code, title: i18nFor(shell.locale).t("confirmPinResetTitle") };
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: loaded?.title ?? "" },
];

const ERRORS: Record<string, string> = {
  INVALID_PIN: "pinRequired",
  INVALID_RESET_CODE: "invalidResetCode",
};

/** Sets the new PIN with the emailed code, then goes home with a toast saying so. */
export async function action(args: ActionFunctionArgs) {
  const found = await requireRealmRequest(args);
  const form = await readForm(args.request);
  try {
    await platformClient(args.context, {
      realm: found.realm,
      locale: found.shell.locale,
      token: found.viewer.token,
    }).post(
      "/v1/parental-control/pin",
      { pin: String(form.get("pin") ?? ""), resetCode: String(form.get("code") ?? "") },
      { auth: true },
    );
  } catch (error) {
    const code = error instanceof PlatformError ? error.code : "";
    const problem = ERRORS[code] ?? "errorOccurredPleaseTryAgain";
    return data({ problem, field: code === "INVALID_PIN" ? "pin" : null }, { status: 400 });
  }
  return redirect(routeHref(found.basePath, { name: "root" }), {
    headers: {
      "Set-Cookie": await flashToast(args.request, args.context, {
        level: "success",
        label: "pinResetDone",
      }),
    },
  });
}

export default function ConfirmPinReset() {
  const t = useT();
  const { code } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div className="pin-reset-page">
      <h1>{t("confirmPinResetTitle")}</h1>
      <Form method="post">
        {code ? (
          <input type="hidden" name="code" value={code} />
        ) : (
          <Field name="code" label={t("resetCode")} autoComplete="one-time-code" required />
        )}
        <Field
          name="pin"
          label={t("newPin")}
          hint={t("pinFormat")}
          type="password"
          inputMode="numeric"
          pattern="\d{4}"
          maxLength={4}
          autoComplete="new-password"
          required
          error={result?.field === "pin" ? t(result.problem) : null}
        />
        {result && result.field !== "pin" ? (
          <p className="account-form-error" role="alert">
            {t(result.problem)}
          </p>
        ) : null}
        <button type="submit" className="button account-submit" disabled={busy}>
          {t("savePin")}
        </button>
      </Form>
    </div>
  );
}
