import { and, eq, sql } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { DocumentRef } from "../../schemas/document-kinds.ts";

export interface Draft {
  document: Record<string, unknown>;
  baseVersion: number | null;
  updatedBy: number | null;
  updatedAt: Date;
  /** The published version the draft was restored from, if it was. */
  restoredFrom: number | null;
  /** Counts saves from 1; 0 stands for "no draft" when a save names what it expects. */
  revision: number;
}

const whereDraft = (realm: string, ref: DocumentRef) =>
  and(eq(t.drafts.realm, realm), eq(t.drafts.kind, ref.kind), eq(t.drafts.key, ref.key));

const draftColumns = {
  document: t.drafts.document,
  baseVersion: t.drafts.baseVersion,
  updatedBy: t.drafts.updatedBy,
  updatedAt: t.drafts.updatedAt,
  restoredFrom: t.drafts.restoredFrom,
  revision: t.drafts.revision,
};

export async function findDraft(
  db: Db,
  realm: string,
  ref: DocumentRef,
): Promise<Draft | undefined> {
  const [row] = await db.select(draftColumns).from(t.drafts).where(whereDraft(realm, ref));
  return row;
}

/**
 * Creates or replaces the draft of a document. Callers validate first: only valid documents
 * are ever stored. `baseVersion` is kept from the draft's first save.
 *
 * With `expectedRevision` the save happens only over that revision (0: only when there is no
 * draft), in one statement, so of two editors saving over the same revision exactly one wins;
 * the other gets `undefined` and reads the draft that won. `restoredFrom` marks a draft copied
 * from a published version; a save without it keeps the mark (an edited restore is still one).
 */
export async function saveDraft(
  db: Db,
  realm: string,
  ref: DocumentRef,
  document: Record<string, unknown>,
  {
    updatedBy,
    baseVersion,
    expectedRevision,
    restoredFrom,
  }: {
    updatedBy: number | null;
    baseVersion: number | null;
    expectedRevision?: number;
    restoredFrom?: number;
  },
): Promise<Draft | undefined> {
  const now = new Date();
  const changes = {
    document,
    updatedBy,
    updatedAt: now,
    revision: sql`${t.drafts.revision} + 1`,
    ...(restoredFrom === undefined ? {} : { restoredFrom }),
  };
  const values = {
    realm,
    kind: ref.kind,
    key: ref.key,
    document,
    baseVersion,
    updatedBy,
    updatedAt: now,
    revision: 1,
    restoredFrom: restoredFrom ?? null,
  };
  if (expectedRevision === 0) {
    const [row] = await db
      .insert(t.drafts)
      .values(values)
      .onConflictDoNothing()
      .returning(draftColumns);
    return row;
  }
  if (expectedRevision !== undefined) {
    const [row] = await db
      .update(t.drafts)
      .set(changes)
      .where(and(whereDraft(realm, ref), eq(t.drafts.revision, expectedRevision)))
      .returning(draftColumns);
    return row;
  }
  const [row] = await db
    .insert(t.drafts)
    .values(values)
    .onConflictDoUpdate({
      target: [t.drafts.realm, t.drafts.kind, t.drafts.key],
      set: changes,
    })
    .returning(draftColumns);
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
