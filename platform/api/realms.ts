import { and, eq, isNull } from "drizzle-orm";
import { createCache, type Cache } from "../../contract/lru-cache.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

export type RealmRow = typeof t.realms.$inferSelect;

/**
 * How long a realm's row and its API keys, read for every call, are reused. Every call named
 * its realm and key, and reading the row (settings, theme and texts as JSON) cost more than the
 * rest of a signed-in page's calls together. A realm changes only when it is seeded again: in
 * this process that clears the cache at once (`forgetRealms`); another process (a second server
 * or `npm run db:seed`) is seen within this time.
 */
export const REALM_CACHE_MS = 1_000;

interface RealmEntry {
  row: RealmRow | undefined;
  keys: ReadonlySet<string>;
}

/** Per store (tests open many), per realm name. */
const realmEntries = new WeakMap<Db, Cache<string, Promise<RealmEntry>>>();

function entriesOf(db: Db) {
  let cache = realmEntries.get(db);
  if (!cache) {
    cache = createCache<string, Promise<RealmEntry>>({ max: 1_000, ttlMs: REALM_CACHE_MS });
    realmEntries.set(db, cache);
  }
  return cache;
}

function realmEntry(db: Db, name: string): Promise<RealmEntry> {
  return entriesOf(db).getOrLoad(name, async () => {
    const [row] = await db.select().from(t.realms).where(eq(t.realms.name, name));
    if (!row) return { row, keys: new Set() };
    const keys = await db
      .select({ key: t.realmApiKeys.key })
      .from(t.realmApiKeys)
      .where(and(eq(t.realmApiKeys.realm, name), isNull(t.realmApiKeys.revokedAt)));
    return { row, keys: new Set(keys.map((k) => k.key)) };
  });
}

/** Forgets the cached realms of a store: its realms were just written. */
export function forgetRealms(db: Db): void {
  realmEntries.get(db)?.clear();
}

export async function findRealm(db: Db, name: string): Promise<RealmRow | undefined> {
  return (await realmEntry(db, name)).row;
}

export async function findRealmByDomain(db: Db, host: string): Promise<RealmRow | undefined> {
  const [row] = await db
    .select({ realm: t.realms })
    .from(t.realmDomains)
    .innerJoin(t.realms, eq(t.realms.name, t.realmDomains.realm))
    .where(eq(t.realmDomains.domain, host.toLowerCase()));
  return row?.realm;
}

export async function activeApiKey(db: Db, realm: string): Promise<string | undefined> {
  const [row] = await db
    .select({ key: t.realmApiKeys.key })
    .from(t.realmApiKeys)
    .where(and(eq(t.realmApiKeys.realm, realm), isNull(t.realmApiKeys.revokedAt)))
    .orderBy(t.realmApiKeys.createdAt)
    .limit(1);
  return row?.key;
}

export async function isValidApiKey(db: Db, realm: string, key: string): Promise<boolean> {
  return (await realmEntry(db, realm)).keys.has(key);
}

/**
 * The realm language for an Accept-Language value: the first listed language whose primary
 * subtag the realm supports, else the realm's default.
 */
export function negotiateLocale(acceptLanguage: string | undefined, realm: RealmRow): string {
  if (!acceptLanguage) return realm.defaultLocale;
  const wanted = acceptLanguage
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.find((p) => p.trim().startsWith("q="));
      return { tag: tag.trim().replace(/_/g, "-"), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const match = realmLanguage(tag, realm.languages);
    if (match) return match;
  }
  return realm.defaultLocale;
}

/**
 * The realm language a language code asks for: the same code, else the first with the same
 * first part (split on dash or underscore, spec section 5); undefined when the realm has none.
 */
export function realmLanguage(code: string, languages: string[]): string | undefined {
  const tag = code.replace(/_/g, "-").toLowerCase();
  const exact = languages.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const primary = tag.split("-")[0]!;
  return languages.find((l) => l.split(/[-_]/)[0]!.toLowerCase() === primary);
}
