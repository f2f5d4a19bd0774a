import {
  CREDENTIAL_MESSAGES,
  EMAIL_PATTERN,
  PASSWORD_LENGTH,
} from "../../contract/signup-fields.ts";

/** Problems of a sign-in form (spec section 5), by field, in form order. */
export function credentialProblems(email: string, password: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const address = email.trim();
  if (!address) problems.email = CREDENTIAL_MESSAGES.email.empty;
  else if (!EMAIL_PATTERN.test(address)) problems.email = CREDENTIAL_MESSAGES.email.invalid;
  const length = [...password].length;
  if (length === 0) problems.password = CREDENTIAL_MESSAGES.password.empty;
  else if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    problems.password = CREDENTIAL_MESSAGES.password.invalid;
  }
  return problems;
}

/** The first problem of a form, the one its message area shows. */
export const firstProblem = (problems: Record<string, string>) => Object.values(problems)[0];
