import { and, eq, inArray } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import { addressOf, type DocumentKind } from "../../schemas/document-kinds.ts";
import type { AdminDocumentList } from "../../contract/generated/admin-documents.ts";
import { liveVersions } from "./versions.ts";

const KINDS: DocumentKind[] = ["page", "section", "menu", "promo"];

/**
 * Every config document of a realm with its status: the live version and who published it,
 * and the draft ahead of it (if any) with who saved it last. Sorted by target, then key.
 */
export async function listDocuments(db: Db, realm: string): Promise<AdminDocumentList> {
  const [published, drafts] = await Promise.all([
    Promise.all(KINDS.map(async (kind) => ({ kind, rows: await liveVersions(db, realm, kind) }))),
    db
      .select({
        kind: t.drafts.kind,
        key: t.drafts.key,
        updatedAt: t.drafts.updatedAt,
        updatedBy: t.drafts.updatedBy,
        baseVersion: t.drafts.baseVersion,
      })
      .from(t.drafts)
      .where(eq(t.drafts.realm, realm)),
  ]);
  const userIds = new Set<number>();
  for (const { rows } of published) for (const row of rows) addId(userIds, row.publishedBy);
  for (const draft of drafts) addId(userIds, draft.updatedBy);
  const emails = await emailsOf(db, realm, [...userIds]);
  const by = (id: number | null) => (id === null ? null : (emails.get(id) ?? `#${id}`));

  const entries = new Map<string, AdminDocumentList["documents"][number]>();
  const entry = (kind: DocumentKind, key: string) => {
    const id = `${kind}\u0000${key}`;
    let found = entries.get(id);
    if (!found) {
      found = { ...addressOf({ kind, key }), published: null, draft: null };
      entries.set(id, found);
    }
    return found;
  };
  for (const { kind, rows } of published) {
    for (const row of rows) {
      entry(kind, row.key).published = {
        version: row.version,
        publishedAt: row.publishedAt.toISOString(),
        publishedBy: by(row.publishedBy),
      };
    }
  }
  for (const draft of drafts) {
    if (!KINDS.includes(draft.kind as DocumentKind)) continue;
    entry(draft.kind as DocumentKind, draft.key).draft = {
      updatedAt: draft.updatedAt.toISOString(),
      updatedBy: by(draft.updatedBy),
      baseVersion: draft.baseVersion,
    };
  }
  const documents = [...entries.values()].sort(
    (a, b) => a.target.localeCompare(b.target) || (a.key ?? "").localeCompare(b.key ?? ""),
  );
  return { documents };
}

function addId(ids: Set<number>, id: number | null): void {
  if (id !== null) ids.add(id);
}

/** The emails of a realm's accounts by id (an id without an account is missing). */
export async function emailsOf(db: Db, realm: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: t.users.id, email: t.users.email })
    .from(t.users)
    .where(and(eq(t.users.realm, realm), inArray(t.users.id, ids)));
  return new Map(rows.map((row) => [row.id, row.email]));
}
