import type { ConsentAnswersUpdate } from "../../contract/generated/consent-answers-update.ts";
import { Hono, type Context } from "hono";
import type { ConsentAnswers } from "../../contract/generated/consent-answers.ts";
import type { ConsentPrompt, FunctionalPurpose } from "../../contract/generated/consent-prompt.ts";
import {
  answersOf,
  consentFieldsOf,
  FUNCTIONAL_PURPOSES,
  MARKETING_PURPOSES,
  saveAnswers,
  type ConsentField,
} from "../identity/consent.ts";
import { readJson } from "./contract.ts";
import { accountOf, refuseChildProfile, requireAccount } from "./account.ts";
import { authenticate } from "./auth.ts";
import type { PlatformEnv } from "./context.ts";
import { requireJsonBody } from "./contract.ts";
import { ApiError, badRequest } from "./errors.ts";

/**
 * Consent prompts (spec sections 3, 4 and 7) and the marketing preferences they include, on v2.
 * The questions are the realm's `settings.consentFields`; answers are kept per account with
 * the time they were given.
 */
export const consent = new Hono<PlatformEnv>();

/** `functionalPurposes`, repeated or comma-separated; absent means every purpose. */
function purposesOf(c: Context<PlatformEnv>): FunctionalPurpose[] {
  const values = (c.req.queries("functionalPurposes") ?? [])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => v !== "");
  if (values.length === 0) return [...FUNCTIONAL_PURPOSES];
  for (const value of values) {
    if (!FUNCTIONAL_PURPOSES.includes(value as FunctionalPurpose)) {
      throw badRequest(
        "INVALID_QUERY",
        `'functionalPurposes' names unknown purpose '${value.slice(0, 40)}' (one of ${FUNCTIONAL_PURPOSES.join(", ")})`,
      );
    }
  }
  return [...new Set(values)] as FunctionalPurpose[];
}

async function prompt(c: Context<PlatformEnv>, fields: ConsentField[]): Promise<ConsentPrompt> {
  const user = await accountOf(c);
  const answers = await answersOf(c.get("store").db, user.id, fields);
  return {
    fields: fields.map((f) => ({
      fieldName: f.fieldName,
      functionalPurpose: f.functionalPurpose,
      required: f.required,
      label: f.label,
      linkUrl: f.linkUrl ?? null,
      answer: answers.get(f.fieldName)?.answer ?? null,
    })),
  };
}

async function storedAnswers(
  c: Context<PlatformEnv>,
  fields: ConsentField[],
): Promise<ConsentAnswers> {
  const user = await accountOf(c);
  const answers = await answersOf(c.get("store").db, user.id, fields);
  return {
    answers: fields.flatMap((f) => {
      const row = answers.get(f.fieldName);
      return row
        ? [
            {
              consentField: {
                fieldName: f.fieldName,
                required: f.required,
                functionalPurpose: f.functionalPurpose,
              },
              answer: row.answer,
              answeredAt: row.answeredAt.toISOString(),
            },
          ]
        : [];
    }),
  };
}

/**
 * A PUT body: a list of `{promptField, answer}` (or `{answers: [...]}`), each naming one of
 * `fields`. Answers are booleans (or their JSON text); a required field must be agreed to.
 */
async function answersIn(request: Request, fields: ConsentField[]) {
  const body = (await readJson(request)) as ConsentAnswersUpdate;
  const list = Array.isArray(body) ? body : body.answers;
  const seen = new Map<string, { field: ConsentField; answer: string }>();
  for (const item of list as { promptField?: unknown; answer?: unknown }[]) {
    const field = fields.find((f) => f.fieldName === item?.promptField);
    if (!field) {
      throw badRequest(
        "UNKNOWN_FIELD",
        `'${String(item?.promptField).slice(0, 60)}' is not a consent field here`,
      );
    }
    const answer = item.answer;
    if (answer !== true && answer !== false && answer !== "true" && answer !== "false") {
      throw badRequest(
        "INVALID_ANSWER",
        `The answer to '${field.fieldName}' must be true or false`,
      );
    }
    const text = String(answer);
    if (field.required && text !== "true") {
      throw new ApiError(400, "CONSENT_REQUIRED", `'${field.fieldName}' must be agreed to`);
    }
    seen.set(field.fieldName, { field, answer: text });
  }
  return [...seen.values()];
}

const settingsOf = (c: Context<PlatformEnv>) => c.get("realm").settings;

/** `GET /consent-prompt?functionalPurposes=`: the questions with the viewer's answers. */
consent.get("/consent-prompt", authenticate, requireAccount, async (c) =>
  c.json(await prompt(c, consentFieldsOf(settingsOf(c), purposesOf(c)))),
);

/** `GET /consent-prompt/answers?functionalPurposes=`: the viewer's stored answers. */
consent.get("/consent-prompt/answers", authenticate, requireAccount, async (c) =>
  c.json(await storedAnswers(c, consentFieldsOf(settingsOf(c), purposesOf(c)))),
);

/**
 * `PUT /consent-prompt` (and `/consent-prompt/answers`) with `[{promptField, answer}]`: stores
 * the answers with the time they were given; answers the stored answers.
 */
const putAnswers = async (c: Context<PlatformEnv>) => {
  refuseChildProfile(c);
  const fields = consentFieldsOf(settingsOf(c), FUNCTIONAL_PURPOSES);
  const answers = await answersIn(c.req.raw, fields);
  const user = await accountOf(c);
  await saveAnswers(c.get("store").db, user.id, answers);
  return c.json(await storedAnswers(c, fields));
};
consent.put("/consent-prompt", authenticate, requireAccount, requireJsonBody, putAnswers);
consent.put("/consent-prompt/answers", authenticate, requireAccount, requireJsonBody, putAnswers);

/** `GET /user/preferences/marketing`: the marketing questions of the realm with the answers. */
consent.get("/user/preferences/marketing", authenticate, requireAccount, async (c) =>
  c.json(await prompt(c, consentFieldsOf(settingsOf(c), MARKETING_PURPOSES))),
);

/** `PUT /user/preferences/marketing` `[{promptField, answer}]`: changes marketing answers. */
consent.put(
  "/user/preferences/marketing",
  authenticate,
  requireAccount,
  requireJsonBody,
  async (c) => {
    refuseChildProfile(c);
    const fields = consentFieldsOf(settingsOf(c), MARKETING_PURPOSES);
    const answers = await answersIn(c.req.raw, fields);
    const user = await accountOf(c);
    await saveAnswers(c.get("store").db, user.id, answers);
    return c.json(await prompt(c, fields));
  },
);
