import { useActionData, useNavigation } from "@remix-run/react";
import { useT } from "../../i18n/i18n.ts";
import type { AccountAnswer, AccountIntent } from "./view.ts";

/** The refusal of this form, if the last post was this form's and was refused. */
export function useAnswer(intent: AccountIntent): AccountAnswer | undefined {
  const answer = useActionData<AccountAnswer>();
  return answer?.intent === intent ? answer : undefined;
}

export function useBusy(intent: AccountIntent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** A refused form's message, read out as it appears. */
export function Refusal({ answer }: { answer?: AccountAnswer }) {
  const t = useT();
  if (!answer) return null;
  return (
    <p className="account-form-error" role="alert">
      {answer.message ?? t(answer.error ?? "errorOccurredPleaseTryAgain")}
    </p>
  );
}
