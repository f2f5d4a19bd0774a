import type { ActionFunctionArgs } from "@remix-run/node";
import type { LabelKey } from "../feedback/toast.ts";
import { platformClient } from "../api-client/platform.server.ts";
import { consentInput } from "./consent.server.ts";
import { answer, codeOf, readAccountForm } from "./form-answer.server.ts";
import { realmSession } from "./session-tokens.server.ts";

const PIN_ERRORS: Record<string, LabelKey> = {
  INVALID_PIN: "pinRequired",
  PIN_NOT_SET: "pinRequired",
  WRONG_PIN: "wrongPin",
  TOO_MANY_ATTEMPTS: "tooManyPinAttempts",
  CHILD_PROFILE: "errorOccurredPleaseTryAgain",
};

/**
 * `POST {realm}/preferences/change`, one intent per form of the preferences dialog:
 * `parental` (restricted, pin), `pin` (pin, currentPin), `pin-reset` (emails a reset link) and
 * `marketing` (the marketing questions) and `playback` (the playback preferences, saved to
 * `PUT /v2/user/playback-preferences`). A changed parental status comes back as a new
 * access token, which replaces the session's.
 */
export async function preferencesAction(args: ActionFunctionArgs) {
  const submission = await readAccountForm(args);
  const { found, form } = submission;
  const client = platformClient(args.context, {
    realm: found.realm,
    locale: found.shell.locale,
    token: found.viewer.token,
  });
  const text = (name: string) => String(form.get(name) ?? "");
  const fail = (error: unknown, field?: string) => {
    const code = codeOf(error);
    return answer(args, submission, {
      ok: false,
      error: (code && PIN_ERRORS[code]) ?? "errorOccurredPleaseTryAgain",
      ...(field ? { field } : {}),
    });
  };
  const withNewToken = async (toast: LabelKey) => {
    const token = client.token;
    if (token && token !== found.viewer.token) {
      await (
        await realmSession(args.request, args.context, found.basePath)
      ).replace({
        accessToken: token,
      });
    }
    return answer(args, submission, { ok: true, toast });
  };

  switch (form.get("intent")) {
    case "parental":
      try {
        await client.post(
          "/v1/parental-control",
          { pin: text("pin"), status: form.get("restricted") ? "RESTRICTED" : "NON_RESTRICTED" },
          { auth: true },
        );
      } catch (error) {
        return fail(error, "pin");
      }
      return withNewToken("parentalControlSaved");
    case "pin":
      try {
        await client.post(
          "/v1/parental-control/pin",
          { pin: text("pin"), ...(text("currentPin") ? { currentPin: text("currentPin") } : {}) },
          { auth: true },
        );
      } catch (error) {
        return fail(error, codeOf(error) === "WRONG_PIN" ? "currentPin" : "pin");
      }
      return withNewToken("pinSaved");
    case "pin-reset":
      try {
        await client.post("/v1/parental-control/pin/reset", undefined, { auth: true });
      } catch (error) {
        if (codeOf(error) === "TOO_MANY_ATTEMPTS") {
          return answer(args, submission, { ok: false, error: "tooManyRequests" });
        }
        return fail(error);
      }
      return answer(args, submission, { ok: true, toast: "pinResetSent" });
    case "marketing": {
      const names = form.getAll("field").map(String);
      try {
        await client.call("updateMarketingPreferences", {
          body: names.map((name) => ({
            promptField: name,
            answer: form.get(consentInput(name)) === "true",
          })),
        });
      } catch (error) {
        return fail(error);
      }
      return answer(args, submission, { ok: true, toast: "preferencesSaved" });
    }
    case "playback": {
      const language = (name: string) => text(name) || null;
      try {
        await client.call("savePlaybackPreferences", {
          body: {
            subTitleLanguage: language("subTitleLanguage"),
            audioLanguage: language("audioLanguage"),
            autoAdvance: form.get("autoAdvance") === "true",
            videoBackgroundAutoPlay: form.get("videoBackgroundAutoPlay") === "true",
          },
        });
      } catch (error) {
        return fail(error);
      }
      return answer(args, submission, { ok: true, toast: "playbackPreferencesSaved" });
    }
    default:
      return answer(args, submission, { ok: false, error: "errorOccurredPleaseTryAgain" });
  }
}
