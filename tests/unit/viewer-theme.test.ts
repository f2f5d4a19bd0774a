import { describe, expect, it } from "vitest";
import { viewerTheme } from "../../app/realm/viewer-theme.ts";
import type { Theme } from "../../schemas/generated/theme.ts";

const theme = {
  primaryColor: "#e11d48",
  secondaryColor: "#f59e0b",
  backgroundColor: "#0b0b0f",
  textColor: "#ffffff",
  cardTitleFontScale: 1.1,
} as Theme;

describe("the theme a viewer sees", () => {
  it("uses the child font scale for card titles on a child profile", () => {
    const settings = {
      profileConfiguration: { status: "CONFIGURED" as const, childFontScale: 1.3 },
    };
    expect(viewerTheme(theme, settings, { child: true }).cardTitleFontScale).toBe(1.3);
    expect(viewerTheme(theme, settings, { child: false })).toBe(theme);
  });

  it("keeps the realm's scale when the realm has no child scale", () => {
    expect(viewerTheme(theme, { profileConfiguration: { status: "NONE" } }, { child: true })).toBe(
      theme,
    );
    expect(viewerTheme(theme, {}, { child: true })).toBe(theme);
  });
});
