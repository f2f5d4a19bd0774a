import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { blockRegistry } from "../../../blocks/registry.ts";

const schemaDir = new URL("../../../schemas/", import.meta.url);
const readJson = (path: string) => JSON.parse(readFileSync(new URL(path, schemaDir), "utf8"));

/** The block types each zone of page-zones.schema.json accepts, read through its block union. */
function schemaBlockTypes(): Map<string, string[]> {
  const zones = readJson("page-zones.schema.json").properties as Record<
    string,
    { items: { $ref: string } }
  >;
  return new Map(
    Object.entries(zones).map(([zone, schema]) => [
      zone,
      (readJson(schema.items.$ref).oneOf as { $ref: string }[])
        .map((entry) => readJson(entry.$ref).properties.type.const as string)
        .sort(),
    ]),
  );
}

describe("block registry", () => {
  it("has a definition for every block type of every zone, and no other", () => {
    const registered = Object.keys(blockRegistry).sort();
    const zones = schemaBlockTypes();
    expect(zones.size).toBeGreaterThan(0);
    for (const [zone, types] of zones) {
      expect({ zone, types }).toEqual({ zone, types: registered });
    }
  });

  it("files each definition under its own type", () => {
    for (const [type, definition] of Object.entries(blockRegistry)) {
      expect(definition.type).toBe(type);
      expect(typeof definition.resolve).toBe("function");
      expect(typeof definition.Component).toBe("function");
    }
  });
});
