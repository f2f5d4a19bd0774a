import { and, eq, inArray, sql } from "drizzle-orm";
import type { FunctionalPurpose } from "../../contract/generated/consent-prompt.ts";
import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

export type ConsentField = NonNullable<RealmSettings["consentFields"]>[number];
export type AnswerRow = typeof t.consentAnswers.$inferSelect;

export const FUNCTIONAL_PURPOSES: readonly FunctionalPurpose[] = [
  "RESIDENT_MARKETING_ALLOWED",
  "TARGETED_ADS_ALLOWED",
  "THIRD_PARTY_MARKETING_ALLOWED",
  "TERMS_AND_CONDITIONS",
  "EMAIL_MARKETING_ALLOWED",
];

/** Purposes that are marketing preferences: everything but the terms themselves. */
export const MARKETING_PURPOSES = FUNCTIONAL_PURPOSES.filter((p) => p !== "TERMS_AND_CONDITIONS");

/** The realm's consent fields for `purposes`, in config order. */
export function consentFieldsOf(
  settings: Record<string, unknown>,
  purposes: readonly FunctionalPurpose[],
): ConsentField[] {
  const fields = (settings as Pick<RealmSettings, "consentFields">).consentFields ?? [];
  return fields.filter((f) => purposes.includes(f.functionalPurpose));
}

export async function answersOf(
  db: Db,
  userId: number,
  fields: ConsentField[],
): Promise<Map<string, AnswerRow>> {
  if (fields.length === 0) return new Map();
  const rows = await db
    .select()
    .from(t.consentAnswers)
    .where(
      and(
        eq(t.consentAnswers.userId, userId),
        inArray(
          t.consentAnswers.fieldName,
          fields.map((f) => f.fieldName),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.fieldName, r]));
}

/** Stores answers (JSON text) now, replacing earlier answers to the same fields. */
export async function saveAnswers(
  db: Db,
  userId: number,
  answers: { field: ConsentField; answer: string }[],
): Promise<void> {
  if (answers.length === 0) return;
  await db
    .insert(t.consentAnswers)
    .values(
      answers.map(({ field, answer }) => ({
        userId,
        fieldName: field.fieldName,
        functionalPurpose: field.functionalPurpose,
        answer,
      })),
    )
    .onConflictDoUpdate({
      target: [t.consentAnswers.userId, t.consentAnswers.fieldName],
      set: {
        answer: sql`excluded.answer`,
        functionalPurpose: sql`excluded.functional_purpose`,
        answeredAt: sql`now()`,
      },
    });
}
