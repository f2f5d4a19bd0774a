import type { RealmSettings } from "../../schemas/generated/realm-settings.ts";
import { isLightBackground, parseHexColour } from "./contrast.ts";

export type LogoVariants = NonNullable<RealmSettings["logo"]>;

/**
 * The variant of a realm's logo made for its header colour: onLight on a light header, onDark
 * on a dark one, the other variant when only one is given; undefined without variants.
 */
export function pickLogoVariant(
  logo: LogoVariants | undefined,
  headerBackground: string,
): { url: string; variant: keyof LogoVariants } | undefined {
  if (!logo) return undefined;
  const colour = parseHexColour(headerBackground);
  const wanted: keyof LogoVariants = colour && isLightBackground(colour.rgb) ? "onLight" : "onDark";
  const other: keyof LogoVariants = wanted === "onLight" ? "onDark" : "onLight";
  const variant = logo[wanted] ? wanted : other;
  const url = logo[variant];
  return url ? { url, variant } : undefined;
}
