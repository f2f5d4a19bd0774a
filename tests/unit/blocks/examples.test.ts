import { describe, expect, it } from "vitest";
import { blockPalette } from "../../../app/workbench/palette.server.ts";
import { blockDefinitions } from "../../../blocks/generated/registry.ts";
import { validatePage } from "../../../schemas/page-validation.ts";

describe("block examples (the props the workbench's palette starts a block with)", () => {
  const palette = blockPalette();

  it("offers every block type of the registry, each with its schema's description", () => {
    expect(palette.map((entry) => entry.type).sort()).toEqual(Object.keys(blockDefinitions).sort());
    for (const entry of palette) expect(entry.description.length).toBeGreaterThan(20);
  });

  it.each(palette.map((entry) => [entry.type, entry.example] as const))(
    "%s's example is a valid block of a page",
    (type, example) => {
      expect(example.type).toBe(type);
      const result = validatePage("page", {
        key: "example",
        title: "Example",
        layout: "default",
        zones: { main: [example] },
      });
      expect(result.issues).toEqual([]);
    },
  );
});
