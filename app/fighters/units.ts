import type { Fighter } from "../../contract/generated/fighters.ts";

export type MeasurementSystem = "METRIC" | "IMPERIAL";
type Measure = Fighter["height"];

const INCHES_PER_METRE = 39.3701;
const KG_PER_LB = 0.453592;

/** The realm's choice, else metric for Portuguese and Spanish viewers and imperial for English. */
export function measurementSystemFor(
  locale: string,
  realmChoice: MeasurementSystem | undefined,
): MeasurementSystem {
  if (realmChoice) return realmChoice;
  return locale.toLowerCase().startsWith("en") ? "IMPERIAL" : "METRIC";
}

/** A length or weight as a viewer of `system` reads it, in `locale`'s number format. */
export function formatMeasure(measure: Measure, system: MeasurementSystem, locale: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  switch (measure.unit) {
    case "percent":
      return `${number(measure.value, 1)} %`;
    case "m":
    case "inches": {
      const inches = measure.unit === "m" ? measure.value * INCHES_PER_METRE : measure.value;
      if (system === "METRIC") return `${number(inches / INCHES_PER_METRE, 2)} m`;
      return measure.unit === "m" ? feetAndInches(inches) : `${number(inches, 1)} in`;
    }
    case "lbs":
    case "kg": {
      const lbs = measure.unit === "kg" ? measure.value / KG_PER_LB : measure.value;
      return system === "METRIC" ? `${number(lbs * KG_PER_LB, 1)} kg` : `${number(lbs, 1)} lb`;
    }
  }
}

/** A height in feet and inches (5′ 11″), rounded to the inch. */
function feetAndInches(inches: number): string {
  const total = Math.round(inches);
  return `${Math.floor(total / 12)}′ ${total % 12}″`;
}

export function otherSystem(system: MeasurementSystem): MeasurementSystem {
  return system === "METRIC" ? "IMPERIAL" : "METRIC";
}
