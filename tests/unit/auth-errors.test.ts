import { describe, expect, it } from "vitest";
import en from "../../contract/locales/en.json";
import es from "../../contract/locales/es.json";
import pt from "../../contract/locales/pt.json";
import { AUTH_ERROR_LABELS, authErrorLabel } from "../../app/identity/auth-errors.ts";
import { PlatformError } from "../../app/api-client/client.ts";

describe("sign-in and sign-up errors (spec section 8)", () => {
  it("map the spec's login/auth keys and auth-provider codes to their labels", () => {
    expect(AUTH_ERROR_LABELS).toMatchObject({
      CHALLENGE_FAILED: "reCaptchaAssessmentFailed",
      CONFLICT: "emailErrorCode",
      NOT_FOUND: "loginError",
      GENERIC: "anErrorOccured",
      user_self_suspended: "selfSuspendedUser",
      EMPTY_INPUTS: "EmailPasswordCannotBeEmpty",
      "invalid-credential": "loginError",
      "missing-password": "EmailPasswordCannotBeEmpty",
      "invalid-email": "EmailPasswordCannotBeEmpty",
      "email-already-in-use": "confirmedUserAlreadyExists",
      "internal-error": "anErrorOccured",
      "account-exists-with-different-credential": "accountExistsWithDifferentProvider",
    });
  });

  it("fall back to the generic label for anything else", () => {
    expect(authErrorLabel(new PlatformError(500, "SOMETHING_NEW", ["?"]))).toBe("anErrorOccured");
    expect(authErrorLabel(new Error("not from the platform"))).toBe("anErrorOccured");
    expect(authErrorLabel(new PlatformError(429, "TOO_MANY_ATTEMPTS", ["wait"]))).toBe(
      "tooManyAttempts",
    );
  });

  it("have every label in English, Portuguese and Spanish", () => {
    const labels = [
      ...new Set(Object.values(AUTH_ERROR_LABELS)),
      "sessionExpired",
      "passwordIsTooCommon",
    ];
    for (const [language, texts] of Object.entries({ en, pt, es })) {
      const missing = labels.filter((label) => !(label in texts));
      expect(missing, language).toEqual([]);
    }
  });
});
