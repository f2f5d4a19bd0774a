import type { CSSProperties } from "react";
import type { Theme } from "../../schemas/generated/theme.ts";

/**
 * The realm's brand as CSS custom properties on <body>, rendered on the server so the first
 * paint is already branded. Call-to-action colours fall back to the theme colours.
 */
export function themeStyle(theme: Theme): CSSProperties {
  const cta = theme.cta ?? {};
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
    "--cta-primary": cta.primary ?? theme.primaryColor,
    "--cta-primary-hover": cta.primaryHover ?? cta.primary ?? theme.primaryColor,
    "--cta-primary-text": cta.primaryText ?? "#ffffff",
    "--cta-alert": cta.alert ?? "#d93025",
  } as CSSProperties;
}
