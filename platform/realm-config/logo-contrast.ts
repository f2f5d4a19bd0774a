import type { PageIssue } from "../../schemas/page-validation.ts";
import type { SeedRealm } from "../../schemas/generated/seed-realm.ts";
import { contrastRatio, MIN_LOGO_CONTRAST, parseHexColour } from "../brand/contrast.ts";
import { pickLogoVariant } from "../brand/realm-logo.ts";
import { svgFills } from "../brand/svg-fills.ts";
import { renderImageSvg } from "../seed/artwork.ts";
import { artworkPalette } from "../seed/artwork-palette.ts";

/** The text of a file this site serves (under public/) by its path, or undefined when there is none. */
export type SiteFileReader = (sitePath: string) => string | undefined;

/**
 * Warnings about a realm's header logo that is hard to see on its header: any solid colour of
 * the logo (the variant the server picks, or the generated logo) below 3:1 contrast with the
 * header's colour (theme.backgroundColor). Only SVG logos of this site can be read; an https
 * logo or a raster file is not checked.
 */
export function logoContrastWarnings(realm: SeedRealm, siteFile: SiteFileReader): PageIssue[] {
  const header = realm.theme.backgroundColor;
  const headerRgb = parseHexColour(header)?.rgb;
  if (!headerRgb) return [];
  const picked = pickLogoVariant(realm.settings.logo, header);
  let svg: string | undefined;
  let pointer: string;
  if (picked) {
    pointer = `/settings/logo/${picked.variant}`;
    if (!picked.url.startsWith("/") || !/\.svg$/i.test(picked.url.split(/[?#]/)[0]!)) return [];
    svg = siteFile(picked.url.split(/[?#]/)[0]!);
    if (svg === undefined) {
      return [{ pointer, message: `names ${picked.url}, but public${picked.url} does not exist` }];
    }
  } else {
    pointer = "/theme/backgroundColor";
    svg = renderImageSvg({
      kind: "logo",
      title: realm.settings.realmFullName,
      seed: `${realm.settings.realm}/logo`,
      sport: realm.sport ?? "combat",
      palette: artworkPalette(realm.theme, "logo"),
    });
  }
  const which = picked ? `logo ${picked.url}` : "generated logo";
  const faint = svgFills(svg)
    .colours.map((colour) => ({
      colour,
      ratio: contrastRatio(parseHexColour(colour)!.rgb, headerRgb),
    }))
    .filter(({ ratio }) => ratio < MIN_LOGO_CONTRAST);
  if (faint.length === 0) return [];
  const listed = faint.map(({ colour, ratio }) => `${colour} at ${ratio.toFixed(2)}:1`).join(", ");
  return [
    {
      pointer,
      message:
        `the ${which} has ${listed} against the header colour ${header}; ` +
        `a logo needs ${MIN_LOGO_CONTRAST}:1 to be seen (WCAG 1.4.11)`,
    },
  ];
}
