import { describe, expect, it } from "vitest";
import { readTerritory, territoryAllows } from "../../../platform/playback/access.ts";

describe("geo rules of a stream", () => {
  it("refuses blocked territories and lets unknown ones pass a block list", () => {
    const rules = { allowedTerritories: null, blockedTerritories: ["US"] };
    expect(territoryAllows(rules, "US")).toBe(false);
    expect(territoryAllows(rules, "BR")).toBe(true);
    expect(territoryAllows(rules, undefined)).toBe(true);
  });

  it("lets only listed territories through an allow list, never an unknown one", () => {
    const rules = { allowedTerritories: ["BR", "PT"], blockedTerritories: [] };
    expect(territoryAllows(rules, "PT")).toBe(true);
    expect(territoryAllows(rules, "ES")).toBe(false);
    expect(territoryAllows(rules, undefined)).toBe(false);
    expect(territoryAllows({ ...rules, blockedTerritories: ["PT"] }, "PT")).toBe(false);
  });

  it("reads a two-letter code from the edge's header, whatever its case", () => {
    expect(readTerritory(" br ")).toBe("BR");
    expect(readTerritory("Brazil")).toBeUndefined();
    expect(readTerritory("")).toBeUndefined();
    expect(readTerritory(undefined)).toBeUndefined();
  });
});
