import { useSubmit } from "@remix-run/react";
import { useEffect, useState, type RefObject } from "react";
import {
  challengeAnswer,
  encodeChallengeInput,
  solveChallenge,
} from "../../../contract/challenge.ts";
import type { FormOutcome } from "../session-actions.server.ts";

/**
 * When the action answers with a challenge, solves it in the browser and submits the same form
 * again with the answer (spec section 4, "Challenge"). True while solving.
 */
export function useChallengedSubmit(
  outcome: FormOutcome | undefined,
  form: RefObject<HTMLFormElement | null>,
): boolean {
  const submit = useSubmit();
  // The outcome whose challenge was last dealt with: solving until it is the current one.
  const [settled, setSettled] = useState<FormOutcome>();
  const solving = outcome?.status === "challenge" && settled !== outcome;
  useEffect(() => {
    if (outcome?.status !== "challenge" || !form.current) return;
    const element = form.current;
    const controller = new AbortController();
    solveChallenge(outcome.challenge, controller.signal)
      .then((value) => {
        const data = new FormData(element);
        data.set(
          "challengeInput",
          encodeChallengeInput(challengeAnswer(outcome.challenge.id, value)),
        );
        submit(data, { method: "post", action: element.getAttribute("action") ?? undefined });
      })
      // Aborted: the viewer left or submitted again; the new answer takes over.
      .catch(() => {})
      .finally(() => setSettled(outcome));
    return () => controller.abort();
  }, [outcome, form, submit]);
  return solving;
}
