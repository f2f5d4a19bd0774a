import { and, eq, inArray } from "drizzle-orm";
import type { ContentRef, Licence } from "../../schemas/generated/licence.ts";
import * as t from "../store/schema.ts";
import type { Db } from "../store/store.ts";

/** An event or video as the entitlement rule sees it: what it is and what playing it needs. */
export interface EntitledItem {
  type: ContentRef["type"];
  /** Its key in the realm's content.json. */
  key: string;
  /** The licence it needs; null: open to any viewer who may see the realm's content. */
  licence: string | null;
}

/** The pay-per-view passes among `licences` that name `item`. */
export function passesFor(
  licences: readonly Licence[],
  item: Pick<EntitledItem, "type" | "key">,
): Licence[] {
  return licences.filter(
    (licence) =>
      licence.kind === "PAY_PER_VIEW" &&
      (licence.content ?? []).some((ref) => ref.type === item.type && ref.key === item.key),
  );
}

/**
 * The licence ids any one of which opens `item` (spec sections 3 and 4, pay-per-view): what the
 * item needs (a subscription's ALL_ACCESS), or a pass naming it, held as the pass's own id.
 * A pass that also grants other licences opens the item only by naming it; owning the pass
 * for one event opens that event and nothing else. Empty: the item is open.
 */
export function licencesOpening(licences: readonly Licence[], item: EntitledItem): string[] {
  if (!item.licence) return [];
  return [item.licence, ...passesFor(licences, item).map((pass) => pass.id)];
}

/** Whether a viewer holding the licence ids `held` may play `item`. */
export function opens(
  licences: readonly Licence[],
  item: EntitledItem,
  held: ReadonlySet<string>,
): boolean {
  const opening = licencesOpening(licences, item);
  return opening.length === 0 || opening.some((id) => held.has(id));
}

/**
 * The licences as init answers them: each item a pass names gains its id and title in the
 * realm, so a page can link to it and tell whether a pass is for what it shows. An item no
 * longer in the store (config changed since seeding) is left out of the answer.
 */
export async function withContentIds(
  db: Db,
  realm: string,
  licences: readonly Licence[],
): Promise<Licence[]> {
  const refs = licences.flatMap((l) => l.content ?? []);
  if (refs.length === 0) return [...licences];
  const keysOf = (type: ContentRef["type"]) =>
    refs.filter((r) => r.type === type).map((r) => r.key);
  const [events, videos] = await Promise.all([
    lookUp(db, t.events, realm, keysOf("EVENT")),
    lookUp(db, t.videos, realm, keysOf("VIDEO")),
  ]);
  const found = { EVENT: events, VIDEO: videos };
  return licences.map((licence) => {
    if (!licence.content) return licence;
    const content = licence.content.flatMap((ref) => {
      const row = found[ref.type].get(ref.key);
      return row ? [{ type: ref.type, key: ref.key, id: row.id, title: row.title }] : [];
    });
    return { ...licence, content };
  });
}

async function lookUp(
  db: Db,
  table: typeof t.events | typeof t.videos,
  realm: string,
  keys: string[],
): Promise<Map<string, { id: number; title: string }>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, key: table.externalKey, title: table.title })
    .from(table)
    .where(and(eq(table.realm, realm), inArray(table.externalKey, keys)));
  return new Map(rows.map((r) => [r.key, { id: r.id, title: r.title }]));
}
