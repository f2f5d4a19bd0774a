/**
 * What changed between two versions of a config document, by block: the blocks of each zone
 * (matched by `id`) added, removed, changed or moved, and the document's other fields changed.
 * Documents without zones (menus, promos) are compared field by field only.
 */
export interface BlockChange {
  change: "added" | "removed" | "changed" | "moved";
  zone: string;
  id: string;
  type: string;
  /** For a moved block: the zone and position it had (positions from 1). */
  from?: { zone: string; position: number };
  position: number;
}

export interface DocumentChanges {
  blocks: BlockChange[];
  /** Top-level fields (other than `zones`) whose value differs, in the newer document's order. */
  fields: string[];
}

interface Placed {
  zone: string;
  position: number;
  type: string;
  json: string;
}

function blocksOf(document: Record<string, unknown>): Map<string, Placed> {
  const placed = new Map<string, Placed>();
  const zones = document.zones;
  if (!zones || typeof zones !== "object") return placed;
  for (const [zone, blocks] of Object.entries(zones as Record<string, unknown>)) {
    if (!Array.isArray(blocks)) continue;
    blocks.forEach((block: unknown, index) => {
      if (!block || typeof block !== "object") return;
      const { id, type } = block as { id?: unknown; type?: unknown };
      // Ids are unique per document (the validator says so); a block without one is keyed by place.
      const key = typeof id === "string" ? id : `${zone}#${index + 1}`;
      placed.set(key, {
        zone,
        position: index + 1,
        type: typeof type === "string" ? type : "?",
        json: stableJson(block),
      });
    });
  }
  return placed;
}

/** JSON with object keys sorted, so a reordering of keys is no change. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

export function documentChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): DocumentChanges {
  const old = before ? blocksOf(before) : new Map<string, Placed>();
  const now = blocksOf(after);
  const blocks: BlockChange[] = [];
  for (const [id, block] of now) {
    const was = old.get(id);
    const base = { zone: block.zone, id, type: block.type, position: block.position };
    if (!was) blocks.push({ change: "added", ...base });
    else if (was.json !== block.json) blocks.push({ change: "changed", ...base });
    else if (was.zone !== block.zone || was.position !== block.position) {
      blocks.push({ change: "moved", ...base, from: { zone: was.zone, position: was.position } });
    }
  }
  for (const [id, block] of old) {
    if (!now.has(id)) {
      blocks.push({
        change: "removed",
        zone: block.zone,
        id,
        type: block.type,
        position: block.position,
      });
    }
  }
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before ?? {})])];
  const fields = keys.filter(
    (key) => key !== "zones" && stableJson(after[key]) !== stableJson(before?.[key]),
  );
  return { blocks, fields };
}
