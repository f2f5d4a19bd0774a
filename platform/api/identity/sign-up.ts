import { Hono, type Context } from "hono";
import { findPartition } from "../../commerce/partitions.ts";
import type { RealmSettings } from "../../../schemas/generated/realm-settings.ts";
import {
  EMAIL_PATTERN,
  formProblems,
  normalFieldValue,
  PASSWORD_LENGTH,
  signupProvider,
} from "../../../contract/signup-fields.ts";
import { hashPassword } from "../../auth/passwords.ts";
import { consentFieldsOf, FUNCTIONAL_PURPOSES, type ConsentField } from "../../identity/consent.ts";
import { openAccount } from "../../identity/sign-up.ts";
import { clientAddress } from "../client-address.ts";
import type { PlatformEnv } from "../context.ts";
import { ApiError } from "../errors.ts";

import {
  LIMITS,
  CONFIRMATION_TTL_HOURS,
  settingsOf,
  normalEmail,
  text,
  body,
  limit,
  requireChallenge,
  signIn,
  sendLink,
} from "./shared.ts";

/** Self-registration with the realm provider's fields (`POST /user`, `/user/pbr`). */
export const signUpRoutes = new Hono<PlatformEnv>();

/**
 * The consent answers of a sign-up (realms with `signupWithConsent`): `consentAnswers` is a
 * list of `{promptField, answer}` over the realm's consent fields; a required one must be
 * agreed to (its problem is reported under the field's name, with the label `requiredField`).
 */
function signupConsents(
  settings: RealmSettings,
  sent: unknown,
  problems: Record<string, string>,
): { field: ConsentField; answer: string }[] {
  if (!settings.signupWithConsent) return [];
  const given = new Map<string, string>();
  for (const item of Array.isArray(sent) ? sent.slice(0, 50) : []) {
    const { promptField, answer } = (item ?? {}) as { promptField?: unknown; answer?: unknown };
    if (typeof promptField === "string" && (answer === true || answer === "true")) {
      given.set(promptField, "true");
    } else if (typeof promptField === "string") given.set(promptField, "false");
  }
  const fields = consentFieldsOf(settings as never, FUNCTIONAL_PURPOSES);
  for (const field of fields) {
    if (field.required && given.get(field.fieldName) !== "true") {
      problems[field.fieldName] = "requiredField";
    }
  }
  return fields
    .filter((field) => given.has(field.fieldName))
    .map((field) => ({ field, answer: given.get(field.fieldName)! }));
}

/**
 * The partition a sign-up chose (`partitionData.partitionId`): one of a partitioned realm's
 * partitions, or none (the checkout then asks for it). A realm without partitions takes none.
 */
function signupPartition(
  settings: unknown,
  sent: unknown,
  problems: Record<string, string>,
): string | null {
  if (sent === undefined || sent === null) return null;
  const id = (sent as { partitionId?: unknown }).partitionId;
  const partition = typeof id === "string" ? findPartition(settings, id) : undefined;
  if (!partition) {
    problems.partitionId = "partitionRequired";
    return null;
  }
  return partition.id;
}

/**
 * `POST /user` (and `/user/pbr`, whose address field is `country` where others send
 * `countryCode`): self-registration with the realm provider's fields.
 */
async function signUp(c: Context<PlatformEnv>, renames: Record<string, string>) {
  const settings = settingsOf(c);
  if (!settings.allowSelfregistration) {
    throw new ApiError(403, "SELF_REGISTRATION_DISABLED", "This realm does not take sign-ups");
  }
  const input = await body(c);
  const meta = (typeof input.meta_fields === "object" && input.meta_fields) || {};
  const values: Record<string, string> = {};
  const provider = signupProvider(settings);
  for (const field of provider?.fields ?? []) {
    const sent =
      input[renames[field.id] ?? field.id] ?? (meta as Record<string, unknown>)[field.id];
    values[field.id] = normalFieldValue(field, text(sent));
  }
  values.email = text(input.email);
  values.password = text(input.secret);
  const problems = formProblems(provider, values);
  if (!EMAIL_PATTERN.test(values.email.trim())) problems.email ??= "pleaseProvideValidEmail";
  const length = [...values.password].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    problems.password ??= "yourPasswordRules";
  }
  const consents = signupConsents(settings, input.consentAnswers, problems);
  const partition = signupPartition(c.get("realm").settings, input.partitionData, problems);
  if (Object.keys(problems).length > 0) {
    throw new ApiError(400, "INVALID_FIELDS", "Some fields need attention", { fields: problems });
  }
  await limit(c, `signup:address:${c.get("realm").name}:${clientAddress(c)}`, LIMITS.mail);
  await requireChallenge(c);

  const { db } = c.get("store");
  const realm = c.get("realm").name;
  const email = normalEmail(values.email);
  const pending = settings.requiresConfirmation === true;
  const opened = await openAccount(db, {
    realm,
    email,
    passwordHash: await hashPassword(values.password),
    pending,
    fullName: values.fullName || null,
    taxNumber: values.taxNumber || null,
    phoneNumber: values.phoneNumber || null,
    birthDate: values.birthDate || null,
    country: values.countryCode || values.country || null,
    locale: c.get("locale"),
    consents,
    partition,
    confirmationTtlSeconds: CONFIRMATION_TTL_HOURS * 3600,
  });
  if (!opened) throw new ApiError(409, "CONFLICT", "An account with this email already exists");
  const { user, confirmationToken } = opened;
  if (confirmationToken) {
    await sendLink(c, user, "confirmation", `/email-confirmation?token=${confirmationToken}`, {
      hours: CONFIRMATION_TTL_HOURS,
    });
  }
  return signIn(c, user, 201);
}

signUpRoutes.post("/user", (c) => signUp(c, {}));
signUpRoutes.post("/user/pbr", (c) => signUp(c, { countryCode: "country" }));
