import { and, eq } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { DocumentRef } from "../../schemas/document-kinds.ts";

export interface Draft {
  document: Record<string, unknown>;
  baseVersion: number | null;
  updatedBy: number | null;
  updatedAt: Date;
}

const whereDraft = (realm: string, ref: DocumentRef) =>
  and(eq(t.drafts.realm, realm), eq(t.drafts.kind, ref.kind), eq(t.drafts.key, ref.key));

export async function findDraft(
  db: Db,
  realm: string,
  ref: DocumentRef,
): Promise<Draft | undefined> {
  const [row] = await db
    .select({
      document: t.drafts.document,
      baseVersion: t.drafts.baseVersion,
      updatedBy: t.drafts.updatedBy,
      updatedAt: t.drafts.updatedAt,
    })
    .from(t.drafts)
    .where(whereDraft(realm, ref));
  return row;
}

/**
 * Creates or replaces the draft of a document. Callers validate first: only valid documents
 * are ever stored. `baseVersion` is kept from the draft's first save.
 */
export async function saveDraft(
  db: Db,
  realm: string,
  ref: DocumentRef,
  document: Record<string, unknown>,
  { updatedBy, baseVersion }: { updatedBy: number | null; baseVersion: number | null },
): Promise<Draft> {
  const now = new Date();
  const [row] = await db
    .insert(t.drafts)
    .values({
      realm,
      kind: ref.kind,
      key: ref.key,
      document,
      baseVersion,
      updatedBy,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [t.drafts.realm, t.drafts.kind, t.drafts.key],
      set: { document, updatedBy, updatedAt: now },
    })
    .returning({
      document: t.drafts.document,
      baseVersion: t.drafts.baseVersion,
      updatedBy: t.drafts.updatedBy,
      updatedAt: t.drafts.updatedAt,
    });
  return row!;
}

/** Removes a draft; true when there was one. */
export async function deleteDraft(db: Db, realm: string, ref: DocumentRef): Promise<boolean> {
  const deleted = await db
    .delete(t.drafts)
    .where(whereDraft(realm, ref))
    .returning({ id: t.drafts.id });
  return deleted.length > 0;
}
