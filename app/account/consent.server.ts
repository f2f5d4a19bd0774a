import type { ActionFunctionArgs } from "@remix-run/node";
import type { ConsentPrompt } from "../../contract/generated/consent-prompt.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { readChecks, writeChecks } from "./checks.server.ts";
import { answer, readAccountForm } from "./form-answer.server.ts";

/** The form's checkbox for a consent field: checked means agreed. */
export const consentInput = (fieldName: string) => `consent.${fieldName}`;

/**
 * `POST {realm}/consent`: the consent prompt's answers (every field named in `field`, agreed
 * when its checkbox is checked). Required fields must be agreed to; a failed save says
 * `errorUpdatingTermsOfUse` (spec section 8). Saving records the consent time.
 */
export async function consentAction(args: ActionFunctionArgs) {
  const submission = await readAccountForm(args);
  const { found, form } = submission;
  const client = platformClient(args.context, {
    realm: found.realm,
    locale: found.shell.locale,
    token: found.viewer.token,
  });
  const names = form.getAll("field").map(String);
  let prompt: ConsentPrompt;
  try {
    prompt = await client.call("consentPrompt");
  } catch {
    return answer(args, submission, { ok: false, error: "errorUpdatingTermsOfUse" });
  }
  const fields = prompt.fields.filter((f) => names.includes(f.fieldName));
  const answers = fields.map((f) => ({
    promptField: f.fieldName,
    answer: form.get(consentInput(f.fieldName)) === "true",
  }));
  const declined = fields.find((f, i) => f.required && !answers[i]!.answer);
  if (declined || fields.length === 0) {
    return answer(args, submission, {
      ok: false,
      error: "consentMustAccept",
      field: declined?.fieldName,
    });
  }
  try {
    await client.put("/v2/consent-prompt", answers, { auth: true });
  } catch {
    return answer(args, submission, { ok: false, error: "errorUpdatingTermsOfUse" });
  }
  const path = found.basePath || "/";
  const checks = await readChecks(args.request, args.context, path, found.viewer.userId ?? "");
  const cookie = await writeChecks(args.context, path, { ...checks, consentAt: Date.now() });
  return answer(args, submission, { ok: true, toast: "consentSaved" }, [cookie]);
}
