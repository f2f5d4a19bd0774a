import type { CSSProperties } from "react";
import type { Theme } from "../../schemas/generated/theme.ts";

/**
 * The realm's brand as CSS custom properties on <body>, rendered on the server so the first
 * paint is already branded. Call-to-action colours fall back to the theme colours.
 */
export function themeStyle(theme: Theme): CSSProperties {
  const cta = theme.cta ?? {};
  const primary = cta.primary ?? theme.primaryColor;
  const secondary = cta.secondary ?? theme.secondaryColor;
  return {
    "--color-primary": theme.primaryColor,
    "--color-secondary": theme.secondaryColor,
    "--color-background": theme.backgroundColor,
    "--color-text": theme.textColor,
    "--font-body": theme.fontFamily ?? "system-ui, sans-serif",
    "--font-heading": theme.headingFontFamily ?? theme.fontFamily ?? "system-ui, sans-serif",
    "--logo-scale": String(theme.logoScale ?? 1),
    "--text-transform": theme.textTransform ?? "none",
    "--card-title-scale": String(theme.cardTitleFontScale ?? 1),
    "--cta-primary": primary,
    "--cta-primary-hover": cta.primaryHover ?? primary,
    "--cta-primary-text": cta.primaryText ?? "#ffffff",
    "--cta-secondary": secondary,
    "--cta-secondary-hover": cta.secondaryHover ?? secondary,
    "--cta-secondary-text": cta.secondaryText ?? readableOn(secondary),
    "--cta-alert": cta.alert ?? "#d93025",
    // Menu items: text in the theme's text colour, hover like the primary button, the
    // selected item marked in the primary colour.
    "--menu-text": cta.menuText ?? theme.textColor,
    "--menu-hover": cta.menuHover ?? cta.primaryHover ?? primary,
    "--menu-selected": cta.menuSelected ?? primary,
  } as CSSProperties;
}

/** Black or white, whichever reads better on a background colour ("#rrggbb"). */
export function readableOn(background: string): "#000000" | "#ffffff" {
  const channel = (offset: number) => {
    const value = parseInt(background.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? "#000000" : "#ffffff";
}
