import { describe, expect, it } from "vitest";
import { formatMeasure, measurementSystemFor } from "../../app/fighters/units.ts";

describe("fighter units", () => {
  it("are metric for Portuguese and Spanish, imperial for English, unless the realm says", () => {
    expect(measurementSystemFor("pt-BR", undefined)).toBe("METRIC");
    expect(measurementSystemFor("es", undefined)).toBe("METRIC");
    expect(measurementSystemFor("en", undefined)).toBe("IMPERIAL");
    expect(measurementSystemFor("en", "METRIC")).toBe("METRIC");
    expect(measurementSystemFor("pt", "IMPERIAL")).toBe("IMPERIAL");
  });

  it("convert height, reach and weight both ways", () => {
    expect(formatMeasure({ value: 1.8, unit: "m" }, "METRIC", "en")).toBe("1.8 m");
    expect(formatMeasure({ value: 1.8, unit: "m" }, "IMPERIAL", "en")).toBe("5′ 11″");
    expect(formatMeasure({ value: 72, unit: "inches" }, "IMPERIAL", "en")).toBe("72 in");
    expect(formatMeasure({ value: 72, unit: "inches" }, "METRIC", "pt")).toBe("1,83 m");
    expect(formatMeasure({ value: 155, unit: "lbs" }, "METRIC", "es")).toBe("70,3 kg");
    expect(formatMeasure({ value: 155, unit: "lbs" }, "IMPERIAL", "en")).toBe("155 lb");
    expect(formatMeasure({ value: 70, unit: "kg" }, "IMPERIAL", "en")).toBe("154.3 lb");
    expect(formatMeasure({ value: 48.25, unit: "percent" }, "METRIC", "pt")).toBe("48,3 %");
  });
});
