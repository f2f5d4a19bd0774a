import { and, desc, eq } from "drizzle-orm";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";
import type { DocumentKind, DocumentRef } from "../../schemas/document-kinds.ts";

const TABLES = {
  page: { table: t.composedPages, keyColumn: t.composedPages.pageKey, keyField: "pageKey" },
  section: { table: t.sections, keyColumn: t.sections.name, keyField: "name" },
  menu: { table: t.menus, keyColumn: t.menus.targetPlatform, keyField: "targetPlatform" },
  promo: { table: t.promos, keyColumn: t.promos.name, keyField: "name" },
} as const satisfies Record<DocumentKind, unknown>;

export interface VersionInfo {
  version: number;
  publishedAt: Date;
  publishedBy: number | null;
  restoredFrom: number | null;
  note: string | null;
}

export interface PublishedVersion extends VersionInfo {
  document: Record<string, unknown>;
}

function where(realm: string, ref: DocumentRef) {
  const { table, keyColumn } = TABLES[ref.kind];
  return and(eq(table.realm, realm), eq(keyColumn, ref.key));
}

function columns(kind: DocumentKind) {
  const { table } = TABLES[kind];
  return {
    version: table.version,
    publishedAt: table.publishedAt,
    publishedBy: table.publishedBy,
    restoredFrom: table.restoredFrom,
    note: table.note,
  };
}

/** The live version: the newest one. */
export async function latestVersion(
  db: Db,
  realm: string,
  ref: DocumentRef,
): Promise<PublishedVersion | undefined> {
  const { table } = TABLES[ref.kind];
  const [row] = await db
    .select({ ...columns(ref.kind), document: table.document })
    .from(table)
    .where(where(realm, ref))
    .orderBy(desc(table.version))
    .limit(1);
  return row;
}

export async function findVersion(
  db: Db,
  realm: string,
  ref: DocumentRef,
  version: number,
): Promise<PublishedVersion | undefined> {
  const { table } = TABLES[ref.kind];
  const [row] = await db
    .select({ ...columns(ref.kind), document: table.document })
    .from(table)
    .where(and(where(realm, ref), eq(table.version, version)));
  return row;
}

/** Every published version, newest first (documents left out: a list can be long). */
export function listVersions(db: Db, realm: string, ref: DocumentRef): Promise<VersionInfo[]> {
  const { table } = TABLES[ref.kind];
  return db
    .select(columns(ref.kind))
    .from(table)
    .where(where(realm, ref))
    .orderBy(desc(table.version));
}

/** The live version of each of a realm's documents of a kind (documents left out). */
export async function liveVersions(
  db: Db,
  realm: string,
  kind: DocumentKind,
): Promise<(VersionInfo & { key: string })[]> {
  const { table, keyColumn } = TABLES[kind];
  const rows = await db
    .select({ key: keyColumn, ...columns(kind) })
    .from(table)
    .where(eq(table.realm, realm))
    .orderBy(desc(table.version));
  const live = new Map<string, VersionInfo & { key: string }>();
  for (const row of rows) if (!live.has(row.key)) live.set(row.key, row);
  return [...live.values()];
}

/**
 * Publishes a new version (the previous ones stay). Run inside a transaction by callers that
 * also change other rows; two publishers racing on one document collide on the unique
 * (realm, key, version) index, and the loser retries with the next number.
 */
export async function publishVersion(
  db: Db,
  realm: string,
  ref: DocumentRef,
  document: Record<string, unknown>,
  by: { publishedBy?: number | null; restoredFrom?: number | null; note?: string | null } = {},
): Promise<number> {
  const { table, keyField } = TABLES[ref.kind];
  for (let attempt = 0; ; attempt++) {
    const latest = await latestVersion(db, realm, ref);
    const version = (latest?.version ?? 0) + 1;
    const inserted = await db
      .insert(table)
      .values({
        realm,
        [keyField]: ref.key,
        version,
        document,
        publishedBy: by.publishedBy ?? null,
        restoredFrom: by.restoredFrom ?? null,
        note: by.note ?? null,
      } as never)
      .onConflictDoNothing()
      .returning({ version: table.version });
    if (inserted.length > 0) return version;
    if (attempt >= 5) throw new Error(`could not publish ${ref.kind} '${ref.key}': too many races`);
  }
}

/** Publishes only when the document differs from the live version (seeding is idempotent). */
export async function publishIfChanged(
  db: Db,
  realm: string,
  ref: DocumentRef,
  document: Record<string, unknown>,
): Promise<void> {
  const latest = await latestVersion(db, realm, ref);
  if (latest && canonicalJson(latest.document) === canonicalJson(document)) return;
  await publishVersion(db, realm, ref, document);
}

/** JSON with sorted keys: jsonb does not keep the order a document was written in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}
