import { sql } from "drizzle-orm";
import { addressOf, type DocumentKind, type DocumentRef } from "../../schemas/document-kinds.ts";
import type { ContentAuditLog } from "../../contract/generated/content-history.ts";
import { rowsOf, type Db } from "../store/store.ts";

export const AUDIT_PAGE_SIZE = 50;

interface AuditRow {
  kind: DocumentKind;
  key: string;
  version: number;
  restored_from: number | null;
  note: string | null;
  published_at: Date | string;
  email: string | null;
  published_by: number | null;
}

/** One page of a realm's publishes and restores, newest first, with the admins' emails. */
export async function contentAudit(db: Db, realm: string, page: number): Promise<ContentAuditLog> {
  // Every version row is a publish (or, with `restored_from`, a restore): the published tables
  // are the log, so nothing can publish without leaving its entry and nothing is kept twice.
  const union = sql`
    select 'page' as kind, page_key as key, version, restored_from, note, published_at, published_by
      from composed_pages where realm = ${realm}
    union all select 'section', name, version, restored_from, note, published_at, published_by
      from sections where realm = ${realm}
    union all select 'menu', target_platform, version, restored_from, note, published_at,
      published_by from menus where realm = ${realm}
    union all select 'promo', name, version, restored_from, note, published_at, published_by
      from promos where realm = ${realm}`;
  const [counted] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from (${union}) v`),
  );
  const rows = rowsOf<AuditRow>(
    await db.execute(sql`
      select v.*, u.email from (${union}) v
        left join users u on u.id = v.published_by and u.realm = ${realm}
      order by v.published_at desc, v.kind, v.key, v.version desc
      limit ${AUDIT_PAGE_SIZE} offset ${(page - 1) * AUDIT_PAGE_SIZE}`),
  );
  const total = counted?.total ?? 0;
  return {
    page,
    totalPages: Math.ceil(total / AUDIT_PAGE_SIZE),
    entries: rows.map((row) => ({
      action: row.restored_from === null ? "publish" : "restore",
      ...addressOf({ kind: row.kind, key: row.key } as DocumentRef),
      version: row.version,
      restoredFrom: row.restored_from,
      note: row.note,
      at: new Date(row.published_at).toISOString(),
      by: row.published_by === null ? null : (row.email ?? `#${row.published_by}`),
    })),
  };
}
