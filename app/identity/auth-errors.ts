import type { LabelKey } from "../../contract/labels.ts";
import { PlatformError } from "../api-client/client.ts";

/**
 * Spec section 8, "Login/auth keys" and "Auth-provider codes": the label each answer of the
 * platform (or of an authentication provider) is shown with. Anything else is GENERIC.
 */
export const AUTH_ERROR_LABELS: Record<string, LabelKey> = {
  CHALLENGE_FAILED: "reCaptchaAssessmentFailed",
  CHALLENGE_REQUIRED: "reCaptchaAssessmentFailed",
  CONFLICT: "emailErrorCode",
  NOT_FOUND: "loginError",
  GENERIC: "anErrorOccured",
  user_self_suspended: "selfSuspendedUser",
  sessionExpired: "sessionExpired",
  EMPTY_INPUTS: "EmailPasswordCannotBeEmpty",
  TOO_MANY_ATTEMPTS: "tooManyAttempts",
  PENDING_ACTIVATION: "accountPendingActivation",
  EMAIL_NOT_CONFIRMED: "emailNotConfirmed",
  SELF_REGISTRATION_DISABLED: "selfRegistrationDisabled",
  PASSWORD_TOO_COMMON: "passwordIsTooCommon",
  BAD_LOCATION: "badLocation",
  FAILED_AUTHENTICATION: "failedAuthentication",
  INVALID_RESET_TOKEN: "resetLinkExpired",
  INVALID_CONFIRMATION_TOKEN: "confirmationLinkExpired",
  INVALID_MAGIC_LINK: "magicLinkExpired",
  PLATFORM_UNREACHABLE: "errorOccurredPleaseTryAgain",
  STORE_UNAVAILABLE: "errorOccurredPleaseTryAgain",
  "invalid-credential": "loginError",
  "missing-password": "EmailPasswordCannotBeEmpty",
  "invalid-email": "EmailPasswordCannotBeEmpty",
  "email-already-in-use": "confirmedUserAlreadyExists",
  "internal-error": "anErrorOccured",
  "account-exists-with-different-credential": "accountExistsWithDifferentProvider",
};

/** The label of a failed identity call. */
export function authErrorLabel(error: unknown): LabelKey {
  const code = error instanceof PlatformError ? error.code : "GENERIC";
  return AUTH_ERROR_LABELS[code] ?? AUTH_ERROR_LABELS.GENERIC!;
}
