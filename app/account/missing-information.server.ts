import type { ActionFunctionArgs } from "@remix-run/node";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { PlatformError } from "../api-client/client.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { detailsToAsk } from "./account-state.server.ts";
import { readChecks, writeChecks } from "./checks.server.ts";
import { answer, readAccountForm } from "./form-answer.server.ts";
import { detailProblems, detailsPayload } from "./missing-information.ts";

/**
 * `POST {realm}/missing-information`: the missing-information form (spec sections 4 and 5),
 * checked with the rules the browser uses, then sent with only the fields that have a value.
 * A refusal shows the platform's first message.
 */
export async function missingInformationAction(args: ActionFunctionArgs) {
  const submission = await readAccountForm(args);
  const { found, form } = submission;
  const client = platformClient(args.context, {
    realm: found.realm,
    locale: found.shell.locale,
    token: found.viewer.token,
  });
  const fields = await detailsToAsk(client, found.shell.settings as RealmSettings);
  const values = Object.fromEntries(fields.map((f) => [f.id, String(form.get(f.id) ?? "")]));
  const problems = detailProblems(fields, values);
  const first = fields.find((f) => problems[f.id]);
  if (first) {
    return answer(args, submission, { ok: false, error: problems[first.id], field: first.id });
  }
  if (fields.length > 0) {
    try {
      await client.put("/v2/user/profile", detailsPayload(fields, values), { auth: true });
    } catch (error) {
      const message = error instanceof PlatformError ? error.messages[0] : undefined;
      return answer(args, submission, {
        ok: false,
        ...(message ? { message } : { error: "errorOccurredPleaseTryAgain" }),
      });
    }
  }
  const path = found.basePath || "/";
  const checks = await readChecks(args.request, args.context, path, found.viewer.userId ?? "");
  const cookie = await writeChecks(args.context, path, { ...checks, detailsAt: Date.now() });
  return answer(args, submission, { ok: true, toast: "userDetailsSaved" }, [cookie]);
}
