import type { ActionFunctionArgs } from "@remix-run/node";
import { platformClient } from "../api-client/platform.server.ts";
import { answer, codeOf, readAccountForm } from "./form-answer.server.ts";
import { realmSession } from "./session-tokens.server.ts";

const SWITCH_ERRORS: Record<string, string> = {
  PIN_REQUIRED: "pinRequired",
  INVALID_PIN: "pinRequired",
  WRONG_PIN: "wrongPin",
  TOO_MANY_ATTEMPTS: "tooManyPinAttempts",
  INVALID_REFRESH_TOKEN: "sessionNeedsSignIn",
};

const CREATE_ERRORS: Record<string, string> = {
  NAME_TAKEN: "profileNameTaken",
  TOO_MANY_PROFILES: "tooManyProfiles",
  INVALID_NAME: "invalidProfileName",
};

/**
 * `POST {realm}/profiles/change`: `intent=switch` (profileId, pin) ends this session and
 * starts one acting as the profile, whose tokens replace the cookie's (the page then reloads
 * everything, realm settings included); `intent=create` (name, child) adds a profile.
 */
export async function profileChangeAction(args: ActionFunctionArgs) {
  const submission = await readAccountForm(args);
  const { found, form } = submission;
  const client = platformClient(args.context, {
    realm: found.realm,
    locale: found.shell.locale,
    token: found.viewer.token,
  });
  if (form.get("intent") === "create") {
    try {
      await client.call("createProfile", {
        body: { name: String(form.get("name") ?? ""), type: form.get("child") ? "CHILD" : "ADULT" },
      });
    } catch (error) {
      const code = codeOf(error);
      return answer(args, submission, {
        ok: false,
        error: (code && CREATE_ERRORS[code]) ?? "errorOccurredPleaseTryAgain",
        field: "name",
      });
    }
    return answer(args, submission, { ok: true, toast: "profileAdded" });
  }

  const session = await realmSession(args.request, args.context, found.basePath);
  const profileId = Number(form.get("profileId"));
  if (!session.refreshToken) {
    return answer(args, submission, { ok: false, error: "sessionNeedsSignIn" });
  }
  if (!Number.isSafeInteger(profileId) || profileId < 1) {
    return answer(args, submission, { ok: false, error: "profileSwitchFailed" });
  }
  const pin = String(form.get("pin") ?? "");
  let tokens: { authorisationToken: string; refreshToken: string };
  try {
    tokens = await client.post(
      `/v2/user/profiles/${profileId}/switch`,
      { refreshToken: session.refreshToken, ...(pin ? { pin } : {}) },
      { auth: true },
    );
  } catch (error) {
    const code = codeOf(error);
    return answer(args, submission, {
      ok: false,
      error: (code && SWITCH_ERRORS[code]) ?? "profileSwitchFailed",
      ...(code === "PIN_REQUIRED" || code === "WRONG_PIN" ? { field: "pin" } : {}),
    });
  }
  await session.replace({
    accessToken: tokens.authorisationToken,
    refreshToken: tokens.refreshToken,
  });
  return answer(args, submission, { ok: true, toast: "profileSwitched" });
}
