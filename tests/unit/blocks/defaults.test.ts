import { describe, expect, it } from "vitest";
import { schemaDefaults } from "../../../blocks/defaults.ts";
import rail from "../../../blocks/rail/schema.json";
import schedule from "../../../blocks/schedule/schema.json";
import details from "../../../blocks/details/schema.json";

describe("block defaults", () => {
  it("are the `default`s the block's schema declares, and only those", () => {
    expect(schemaDefaults(rail)).toEqual({ itemsPerPage: 12, cardShape: "landscape" });
    expect(schemaDefaults(schedule)).toEqual({ days: 7, pastDays: 1 });
    expect(schemaDefaults(details)).toEqual({});
  });

  it("follow the schema when it changes", () => {
    const changed = structuredClone(rail);
    changed.properties.itemsPerPage.default = 20;
    expect(schemaDefaults(changed).itemsPerPage).toBe(20);
  });
});
