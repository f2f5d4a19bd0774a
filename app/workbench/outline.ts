import type { PageLayout } from "../../schemas/generated/page-layout.ts";
import { LAYOUT_ZONES } from "../../schemas/layout-zones.ts";
import { escapePointerSegment, locateJson } from "../../schemas/source-positions.ts";

/** How the workbench writes a document: two-space JSON with a final newline, as the CLI reads it. */
export function documentText(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

export interface OutlineBlock {
  id: string;
  type: string;
  /** The block's title in the first language it is written in, when it has one. */
  title: string | null;
}

export interface OutlineZone {
  zone: string;
  blocks: OutlineBlock[];
  /** A zone the page's layout does not render (the validator refuses it too). */
  unused: boolean;
}

export type Outline =
  | { kind: "zones"; zones: OutlineZone[] }
  /** The text is not JSON (yet): the outline waits for it. */
  | { kind: "unreadable" }
  /** A document without zones (a menu, a promo): nothing to outline. */
  | { kind: "none" };

/** Where a block is: its zone and its index there (from 0). */
export interface BlockPlace {
  zone: string;
  index: number;
}

/** A change made from the outline: the new text, and the block to select in it. */
export interface OutlineEdit {
  text: string;
  select: BlockPlace | null;
}

type Doc = Record<string, unknown> & { zones: Record<string, unknown[]> };

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function titleOf(title: unknown): string | null {
  if (typeof title === "string") return title;
  if (title && typeof title === "object") {
    const first = Object.values(title).find((value) => typeof value === "string");
    return typeof first === "string" ? first : null;
  }
  return null;
}

function zonesOf(document: Record<string, unknown>): Record<string, unknown[]> | null {
  const zones = document.zones;
  if (!zones || typeof zones !== "object" || Array.isArray(zones)) return null;
  return Object.fromEntries(
    Object.entries(zones as Record<string, unknown>).map(([zone, blocks]) => [
      zone,
      Array.isArray(blocks) ? blocks : [],
    ]),
  );
}

/** The zones of the layout (in page order, empty ones too) and the blocks each holds. */
export function outlineOf(text: string): Outline {
  const document = parse(text);
  if (!document) return { kind: "unreadable" };
  const zones = zonesOf(document);
  if (!zones) return { kind: "none" };
  const layoutZones = LAYOUT_ZONES[document.layout as PageLayout] ?? [];
  const names = [...new Set([...layoutZones, ...Object.keys(zones)])];
  return {
    kind: "zones",
    zones: names.map((zone) => ({
      zone,
      unused: !layoutZones.includes(zone),
      blocks: (zones[zone] ?? []).map((block, index) => {
        const fields = (block && typeof block === "object" ? block : {}) as Record<string, unknown>;
        return {
          id: typeof fields.id === "string" ? fields.id : `${zone}-${index + 1}`,
          type: typeof fields.type === "string" ? fields.type : "?",
          title: titleOf(fields.title),
        };
      }),
    })),
  };
}

/** Block ids are unique in a document and at most 64 characters of `a-z 0-9 -`. */
function freeId(document: Doc, wanted: string): string {
  const taken = new Set(
    Object.values(document.zones).flatMap((blocks) =>
      blocks.map((block) => (block as { id?: unknown } | null)?.id),
    ),
  );
  const base = wanted.slice(0, 56).replace(/-+$/, "") || "block";
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

function edit(
  text: string,
  change: (document: Doc) => BlockPlace | null,
  zone: string,
): OutlineEdit | null {
  const document = parse(text);
  const zones = document && zonesOf(document);
  if (!document || !zones) return null;
  zones[zone] ??= [];
  const doc = { ...document, zones } as Doc;
  const select = change(doc);
  return { text: documentText(doc), select };
}

/** Adds a copy of `block` (a palette entry's example) at the end of `zone`, with a free id. */
export function addBlock(text: string, zone: string, block: Record<string, unknown>) {
  return edit(
    text,
    (doc) => {
      const blocks = doc.zones[zone]!;
      blocks.push({ ...structuredClone(block), id: freeId(doc, String(block.id ?? block.type)) });
      return { zone, index: blocks.length - 1 };
    },
    zone,
  );
}

/** Moves a block to position `to` of its zone (clamped to the zone's ends). */
export function moveBlock(text: string, place: BlockPlace, to: number) {
  return edit(
    text,
    (doc) => {
      const blocks = doc.zones[place.zone]!;
      const target = Math.max(0, Math.min(blocks.length - 1, to));
      const [moved] = blocks.splice(place.index, 1);
      blocks.splice(target, 0, moved);
      return { zone: place.zone, index: target };
    },
    place.zone,
  );
}

/** Puts a copy of a block right after it, with a free id. */
export function duplicateBlock(text: string, place: BlockPlace) {
  return edit(
    text,
    (doc) => {
      const blocks = doc.zones[place.zone]!;
      const original = blocks[place.index] as Record<string, unknown> | undefined;
      if (!original) return null;
      const copy = { ...structuredClone(original), id: freeId(doc, `${original.id}-copy`) };
      blocks.splice(place.index + 1, 0, copy);
      return { zone: place.zone, index: place.index + 1 };
    },
    place.zone,
  );
}

/** Takes a block out; the one after it (else before it) is selected. */
export function removeBlock(text: string, place: BlockPlace) {
  return edit(
    text,
    (doc) => {
      const blocks = doc.zones[place.zone]!;
      blocks.splice(place.index, 1);
      if (blocks.length === 0) return null;
      return { zone: place.zone, index: Math.min(place.index, blocks.length - 1) };
    },
    place.zone,
  );
}

/** The block with this id, where it is in the text's zones. */
export function placeOf(outline: Outline, id: string): BlockPlace | null {
  if (outline.kind !== "zones") return null;
  for (const { zone, blocks } of outline.zones) {
    const index = blocks.findIndex((block) => block.id === id);
    if (index >= 0) return { zone, index };
  }
  return null;
}

/** Where a block's JSON is in the text (offsets, end exclusive), to select it. */
export function blockSpan(text: string, place: BlockPlace) {
  try {
    return locateJson(text).spanOf(`/zones/${escapePointerSegment(place.zone)}/${place.index}`);
  } catch {
    return undefined;
  }
}
