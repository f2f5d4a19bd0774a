import type { Theme } from "../../schemas/generated/theme.ts";
import { isLightBackground, parseHexColour } from "../brand/contrast.ts";
import type { ImageKind, ImageSpec } from "./artwork.ts";

/**
 * The colours a realm's generated artwork is drawn in. Artwork brings its own dark ground,
 * except the logo: it is drawn without one and sits on the site header (the theme's background),
 * so its wordmark is black or white, whichever reads there.
 */
export function artworkPalette(theme: Theme, kind: ImageKind): ImageSpec["palette"] {
  const header = parseHexColour(theme.backgroundColor);
  const onLightHeader = kind === "logo" && header !== undefined && isLightBackground(header.rgb);
  return {
    primary: theme.primaryColor,
    secondary: theme.secondaryColor,
    background: theme.mode === "light" ? "#10231a" : theme.backgroundColor,
    text: onLightHeader ? "#000000" : "#ffffff",
  };
}
