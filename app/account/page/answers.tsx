import { Form, useActionData, useNavigation } from "@remix-run/react";
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

/**
 * One button of a listed item (an address, a card) that posts its form's intent for that item:
 * a form of its own, so it works without scripts; named in full for assistive technology.
 */
export function ItemActionButton({
  intent,
  idField,
  id,
  label,
  name,
}: {
  intent: AccountIntent;
  /** The form field that carries the item's id. */
  idField: string;
  id: number;
  label: string;
  name: string;
}) {
  const busy = useBusy(intent);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idField} value={id} />
      <button type="submit" className="button" aria-label={name} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}
