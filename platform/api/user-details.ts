import type { UserDetailsUpdate } from "../../contract/generated/user-details-update.ts";
import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { LanguageChange } from "../../contract/generated/language-change.ts";
import type { UserDetails } from "../../contract/generated/user-details.ts";
import { normalPhoneNumber } from "../../contract/signup-fields.ts";
import { isLabelKey, label, type LabelKey } from "../i18n/labels.ts";
import type { UserRow } from "../identity/sessions.ts";
import {
  detailRules,
  missingFields,
  patternOf,
  type DetailField,
  type DetailRule,
} from "../identity/user-details.ts";
import * as t from "../store/schema.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import { readObject } from "./body.ts";
import { realmLanguage } from "./realms.ts";
import type { PlatformEnv } from "./context.ts";
import { requireJsonBody } from "./contract.ts";
import { ApiError } from "./errors.ts";

/** The signed-in account's details (spec sections 3, 4 and 7), on v2. */
export const userDetails = new Hono<PlatformEnv>();

type Column = DetailField | "preferredName" | "contactEmail";

interface Check {
  max: number;
  /** Used when the realm's form gives no pattern of its own. */
  pattern?: RegExp;
  /** Label keys of the field's name and of a value that does not fit. */
  name: LabelKey;
  invalid: LabelKey;
}

const CHECKS: Record<Column, Check> = {
  fullName: { max: 100, name: "fullName", invalid: "invalidFullName" },
  preferredName: { max: 60, name: "preferredName", invalid: "invalidPreferredName" },
  phoneNumber: {
    max: 20,
    pattern: /^\+?[0-9]{6,15}$/,
    name: "phoneNumber",
    invalid: "invalidPhoneNumber",
  },
  birthDate: {
    max: 30,
    pattern: /^\d{4}-\d{2}-\d{2}$/,
    name: "birthDate",
    invalid: "invalidBirthDate",
  },
  taxNumber: { max: 40, name: "taxNumber", invalid: "invalidTaxNumber" },
  contactEmail: {
    max: 254,
    pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    name: "contactEmail",
    invalid: "invalidContactEmail",
  },
};

export function detailsOf(user: UserRow): UserDetails {
  return {
    email: user.email,
    contactEmail: user.contactEmail,
    name: { fullName: user.fullName, preferredName: user.preferredName },
    birthDate: user.birthDate,
    taxNumber: user.taxNumber,
    phoneNumber: user.phoneNumber,
  };
}

/** `GET /user/profile`: the account's details. */
userDetails.get("/user/profile", authenticate, requireAccount, async (c) =>
  c.json(detailsOf(await accountOf(c))),
);

/**
 * `GET /user/missing-information`: 200 `{missingFields: []}` when the account has every detail
 * the realm's form requires; else 422 `MISSING_INFORMATION` with `details.missingFields`.
 */
userDetails.get("/user/missing-information", authenticate, requireAccount, async (c) => {
  const user = await accountOf(c);
  const missing = missingFields(user, detailRules(c.get("realm").settings));
  if (missing.length > 0) {
    throw new ApiError(
      422,
      "MISSING_INFORMATION",
      label(c.get("locale"), "missingInformationText", {}, c.get("realm")),
      { missingFields: missing },
    );
  }
  return c.json({ missingFields: [] });
});

/** The values a PUT body gives, by column: a string to store, null to clear. */
function valuesOf(body: UserDetailsUpdate): Partial<Record<Column, string | null>> {
  const given: Record<Column, string | null | undefined> = {
    contactEmail: body.contactEmail,
    birthDate: body.birthDate,
    taxNumber: body.taxNumber,
    phoneNumber: body.phoneNumber,
    fullName: body.name?.fullName,
    preferredName: body.name?.preferredName,
  };
  const values: Partial<Record<Column, string | null>> = {};
  for (const [column, value] of Object.entries(given) as [Column, string | null | undefined][]) {
    if (value === undefined) continue;
    // Spaces, dashes, dots and brackets are how people group digits, never part of the number.
    const text = column === "phoneNumber" ? normalPhoneNumber(value ?? "") : value?.trim();
    values[column] = text ? text : null;
  }
  return values;
}

/** The localized message for each value that does not fit, in the form's order. */
function problemsOf(
  values: Partial<Record<Column, string | null>>,
  rules: DetailRule[],
  say: (key: LabelKey, values?: Record<string, string>) => string,
): { field: Column; message: string }[] {
  const ruleOf = (column: Column) => rules.find((r) => r.id === column);
  const ordered = (Object.keys(CHECKS) as Column[]).sort(
    (a, b) => (ruleOf(a)?.order ?? 200) - (ruleOf(b)?.order ?? 200),
  );
  const problems: { field: Column; message: string }[] = [];
  for (const column of ordered) {
    if (!(column in values)) continue;
    const value = values[column];
    const check = CHECKS[column];
    const rule = ruleOf(column);
    const own = (key: string | undefined, fallback: LabelKey): LabelKey =>
      key !== undefined && isLabelKey(key) ? key : fallback;
    if (value === null || value === undefined) {
      if (rule?.required) {
        problems.push({
          field: column,
          message: say("fieldIsRequired", { field: say(check.name) }),
        });
      }
      continue;
    }
    const pattern = patternOf(rule?.regex) ?? check.pattern;
    if (value.length > check.max || (pattern && !pattern.test(value))) {
      problems.push({ field: column, message: say(own(rule?.error, check.invalid)) });
    }
  }
  return problems;
}

/**
 * `PUT /user/profile` `{contactEmail, name{fullName, preferredName}, birthDate, taxNumber,
 * phoneNumber}`: changes the given details (null clears an optional one). Values are checked
 * against the realm's form; every problem comes back as a message in the viewer's language,
 * and nothing is saved unless all fit. Answers `{messages}`.
 */
userDetails.put("/user/profile", authenticate, requireAccount, requireJsonBody, async (c) => {
  refuseChildProfile(c);
  const values = valuesOf(await readObject<UserDetailsUpdate>(c.req.raw));
  const user = await accountOf(c);
  const locale = c.get("locale");
  const realm = c.get("realm");
  const say = (key: LabelKey, values?: Record<string, string>) => label(locale, key, values, realm);
  const problems = problemsOf(values, detailRules(realm.settings), say);
  if (problems.length > 0) {
    const error = new ApiError(400, "INVALID_FIELDS", problems[0]!.message, { fields: problems });
    return errorWithMessages(
      c,
      error,
      problems.map((p) => p.message),
    );
  }
  if (Object.keys(values).length > 0) {
    await c
      .get("store")
      .db.update(t.users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(t.users.id, user.id));
  }
  return c.json({ messages: [say("userDetailsSaved")] });
});

/**
 * `PUT /user/language` `{language}`: the language the account reads the realm in (one of the
 * realm's, matched as the realm matches Accept-Language). Tokens issued from now on carry it, so
 * a sign-in on another device starts in it; mails to the account are written in it. 400
 * `INVALID_LOCALE` for a language the realm does not have.
 */
userDetails.put("/user/language", authenticate, requireAccount, async (c) => {
  const body = await readObject<LanguageChange>(c.req.raw);
  const realm = c.get("realm");
  const language = realmLanguage(body.language, realm.languages);
  if (!language) {
    throw new ApiError(
      400,
      "INVALID_LOCALE",
      `'${body.language.slice(0, 20)}' is not one of this realm's languages (${realm.languages.join(", ")})`,
      undefined,
      "/language",
    );
  }
  const user = await accountOf(c);
  await c
    .get("store")
    .db.update(t.users)
    .set({ locale: language, updatedAt: new Date() })
    .where(eq(t.users.id, user.id));
  return c.json({ language });
});

/** The contract's error body, with every message rather than the first only. */
function errorWithMessages(c: Context<PlatformEnv>, error: ApiError, messages: string[]) {
  return c.json(
    {
      status: error.status,
      code: error.code,
      messages,
      requestId: c.get("requestId"),
      details: error.details,
    },
    error.status,
  );
}
