import { describe, expect, it } from "vitest";
import { documentChanges } from "../../../app/workbench/block-diff.ts";
import { lineDiff, withContext } from "../../../app/workbench/line-diff.ts";

const rail = (id: string, extra: object = {}) => ({ id, type: "rail", title: id, ...extra });

describe("documentChanges", () => {
  const before = {
    key: "home",
    title: "Home",
    layout: "default",
    zones: { main: [rail("latest"), rail("popular"), { id: "promo", type: "promo" }] },
  };

  it("names added, removed, changed and moved blocks by zone, id and type", () => {
    const after = {
      key: "home",
      title: "Home",
      layout: "default",
      zones: {
        main: [rail("popular"), rail("latest", { itemsPerPage: 6 }), rail("fresh")],
        aside: [{ id: "promo", type: "promo" }],
      },
    };
    const { blocks, fields } = documentChanges(before, after);
    expect(fields).toEqual([]);
    expect(blocks).toEqual([
      {
        change: "moved",
        zone: "main",
        id: "popular",
        type: "rail",
        position: 1,
        from: { zone: "main", position: 2 },
      },
      { change: "changed", zone: "main", id: "latest", type: "rail", position: 2 },
      { change: "added", zone: "main", id: "fresh", type: "rail", position: 3 },
      {
        change: "moved",
        zone: "aside",
        id: "promo",
        type: "promo",
        position: 1,
        from: { zone: "main", position: 3 },
      },
    ]);
  });

  it("lists removed blocks and changed fields, and ignores the order of keys", () => {
    const after = {
      title: "Start",
      key: "home",
      layout: "default",
      zones: { main: [{ title: "latest", type: "rail", id: "latest" }, rail("popular")] },
    };
    const { blocks, fields } = documentChanges(before, after);
    expect(fields).toEqual(["title"]);
    expect(blocks).toEqual([
      { change: "removed", zone: "main", id: "promo", type: "promo", position: 3 },
    ]);
  });

  it("takes every block as added against no published version, and compares menus by field", () => {
    expect(documentChanges(null, before).blocks.map((b) => b.change)).toEqual([
      "added",
      "added",
      "added",
    ]);
    const menu = { layout: "TOP", items: [{ type: "HOME" }] };
    expect(documentChanges(menu, { ...menu, items: [] })).toEqual({
      blocks: [],
      fields: ["items"],
    });
  });
});

describe("lineDiff", () => {
  it("matches common lines and marks the rest removed or added, with both line numbers", () => {
    const diff = lineDiff("a\nb\nc\nd", "a\nc\nx\nd");
    expect(diff).toEqual([
      { op: "same", text: "a", before: 1, after: 1 },
      { op: "removed", text: "b", before: 2 },
      { op: "same", text: "c", before: 3, after: 2 },
      { op: "added", text: "x", after: 3 },
      { op: "same", text: "d", before: 4, after: 4 },
    ]);
  });

  it("gives identical texts as all the same, and a replaced line as removed then added", () => {
    expect(lineDiff("a\nb", "a\nb").every((l) => l.op === "same")).toBe(true);
    expect(lineDiff("x", "y").map((l) => l.op)).toEqual(["removed", "added"]);
  });
});

describe("withContext", () => {
  it("folds unchanged lines far from a change into gaps of their count", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join("\n");
    const after = before.replace("line 10", "line ten");
    const shown = withContext(lineDiff(before, after), 2);
    expect(shown.map((l) => (l.op === "gap" ? `gap ${l.count}` : l.text))).toEqual([
      "gap 7",
      "line 8",
      "line 9",
      "line 10",
      "line ten",
      "line 11",
      "line 12",
      "gap 8",
    ]);
  });
});
