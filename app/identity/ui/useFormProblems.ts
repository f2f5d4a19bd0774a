import { useState } from "react";
import { firstProblem } from "../credentials.ts";

/** What the server said of the last post: a form-level label and a label per field. */
interface ServerProblems {
  label?: string | null;
  fields?: Record<string, string>;
}

/**
 * The problems a sign-in or sign-up form shows, and when: a field's after the viewer leaves it,
 * all of them and the form-level message after a submit, the server's as they came. A problem
 * fixed since the last submit keeps its space (`reserveOf`, `reservedMessage`) until the next
 * one, so the submit button does not move away between the press (which takes the focus from
 * the field, and so checks it) and the click.
 */
export function useFormProblems({
  ids,
  check,
  server,
}: {
  /** The form's fields, in order. */
  ids: readonly string[];
  /** The form's own check: a label key per field with a problem. */
  check: (form: HTMLFormElement) => Record<string, string>;
  server: ServerProblems | null;
}) {
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  // The message area speaks after a submit; before that, each field after the viewer leaves it.
  const [submitted, setSubmitted] = useState(false);
  const [reserved, setReserved] = useState<{ fields: Record<string, string>; message?: string }>({
    fields: {},
  });

  const shown = { ...(server?.fields ?? {}), ...problems };
  const errorOf = (id: string): string | null =>
    (touched[id] ? shown[id] : null) ?? server?.fields?.[id] ?? null;
  const message = (submitted ? firstProblem(problems) : null) ?? server?.label ?? null;
  const reserveOf = (id: string) => (errorOf(id) ? null : (reserved.fields[id] ?? null));

  /** The viewer left field `id` of `form`. */
  const onBlur = (id: string, form: HTMLFormElement | null) => {
    setTouched((current) => ({ ...current, [id]: true }));
    if (!form) return;
    const found = check(form);
    const fields = { ...reserved.fields };
    for (const shownId of ids) {
      const problem = errorOf(shownId);
      if (problem && !found[shownId]) fields[shownId] = problem;
    }
    setReserved({ fields, message: message ?? reserved.message });
    setProblems(found);
  };

  /** The form is being sent: every problem shows now. Answers them (none: let it go). */
  const onSubmit = (form: HTMLFormElement): Record<string, string> => {
    const found = check(form);
    setReserved({ fields: {} });
    setProblems(found);
    setSubmitted(true);
    setTouched(Object.fromEntries(ids.map((id) => [id, true])));
    return found;
  };

  return { errorOf, reserveOf, message, reservedMessage: reserved.message, onBlur, onSubmit };
}
