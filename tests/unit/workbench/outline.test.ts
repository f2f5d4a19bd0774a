import { describe, expect, it } from "vitest";
import {
  addBlock,
  blockSpan,
  documentText,
  duplicateBlock,
  moveBlock,
  outlineOf,
  placeOf,
  removeBlock,
} from "../../../app/workbench/outline.ts";

const page = {
  key: "home",
  title: "Home",
  layout: "playlist",
  zones: {
    header: [{ id: "details", type: "details" }],
    list: [
      { id: "hero", type: "hero" },
      {
        id: "latest",
        type: "rail",
        title: { en: "Latest", pt: "Últimos" },
        source: { kind: "videos" },
      },
      { id: "news", type: "rail", title: "News", source: { kind: "news" } },
    ],
    main: [{ id: "stray", type: "hero" }],
  },
};
const text = documentText(page);
const ids = (edited: string, zone: string) =>
  (JSON.parse(edited).zones[zone] as { id: string }[]).map((block) => block.id);

describe("the workbench outline", () => {
  it("lists the layout's zones in page order, with their blocks, and flags a zone it does not show", () => {
    const outline = outlineOf(text);
    expect(outline.kind).toBe("zones");
    if (outline.kind !== "zones") return;
    expect(outline.zones.map((z) => [z.zone, z.unused, z.blocks.map((b) => b.id)])).toEqual([
      ["header", false, ["details"]],
      ["list", false, ["hero", "latest", "news"]],
      ["main", true, ["stray"]],
    ]);
    expect(outline.zones[1]!.blocks[1]).toEqual({ id: "latest", type: "rail", title: "Latest" });
  });

  it("waits for readable JSON, and has nothing to say of a document without zones", () => {
    expect(outlineOf('{"key": "home",').kind).toBe("unreadable");
    expect(outlineOf(JSON.stringify({ items: [] })).kind).toBe("none");
  });

  it("adds a palette example at the end of a zone under a free id, leaving it selected", () => {
    const rail = { id: "latest", type: "rail", title: "Latest videos", source: { kind: "videos" } };
    const first = addBlock(text, "list", rail)!;
    expect(ids(first.text, "list")).toEqual(["hero", "latest", "news", "latest-2"]);
    expect(first.select).toEqual({ zone: "list", index: 3 });
    const second = addBlock(first.text, "list", rail)!;
    expect(ids(second.text, "list")).toEqual(["hero", "latest", "news", "latest-2", "latest-3"]);
    // An empty zone of the layout gets its first block.
    const intoSidebar = addBlock(documentText({ ...page, layout: "grid" }), "sidebar", rail)!;
    expect(ids(intoSidebar.text, "sidebar")).toEqual(["latest-2"]);
    expect(intoSidebar.text).toBe(documentText(JSON.parse(intoSidebar.text)));
  });

  it("moves a block within its zone, clamped at both ends", () => {
    const down = moveBlock(text, { zone: "list", index: 0 }, 1)!;
    expect(ids(down.text, "list")).toEqual(["latest", "hero", "news"]);
    expect(down.select).toEqual({ zone: "list", index: 1 });
    const past = moveBlock(text, { zone: "list", index: 1 }, 9)!;
    expect(ids(past.text, "list")).toEqual(["hero", "news", "latest"]);
    const up = moveBlock(text, { zone: "list", index: 2 }, -1)!;
    expect(ids(up.text, "list")).toEqual(["news", "hero", "latest"]);
  });

  it("duplicates a block right after it, and removes one selecting its neighbour", () => {
    const copied = duplicateBlock(text, { zone: "list", index: 1 })!;
    expect(ids(copied.text, "list")).toEqual(["hero", "latest", "latest-copy", "news"]);
    expect(JSON.parse(copied.text).zones.list[2].title).toEqual({ en: "Latest", pt: "Últimos" });
    const again = duplicateBlock(copied.text, { zone: "list", index: 1 })!;
    expect(ids(again.text, "list")).toContain("latest-copy-2");
    const removed = removeBlock(text, { zone: "list", index: 2 })!;
    expect(ids(removed.text, "list")).toEqual(["hero", "latest"]);
    expect(removed.select).toEqual({ zone: "list", index: 1 });
    const emptied = removeBlock(text, { zone: "header", index: 0 })!;
    expect(ids(emptied.text, "header")).toEqual([]);
    expect(emptied.select).toBeNull();
  });

  it("refuses to edit text that is not readable, rather than losing it", () => {
    expect(moveBlock('{"zones": {', { zone: "list", index: 0 }, 1)).toBeNull();
    expect(addBlock("[1, 2]", "main", { id: "x", type: "hero" })).toBeNull();
  });

  it("finds a block's JSON in hand-written text, to select it", () => {
    const handWritten = `{"key":"home","title":"Home","layout":"default",\n "zones": {"main": [ {"id":"a","type":"hero"},\n   {"id": "b", "type": "hero"} ]}}`;
    const place = placeOf(outlineOf(handWritten), "b")!;
    expect(place).toEqual({ zone: "main", index: 1 });
    const span = blockSpan(handWritten, place)!;
    expect(handWritten.slice(span.start, span.end)).toBe('{"id": "b", "type": "hero"}');
    expect(placeOf(outlineOf(handWritten), "missing")).toBeNull();
    expect(blockSpan("{", place)).toBeUndefined();
  });
});
