import { describe, expect, it } from "vitest";
import { readableOn, themeStyle } from "../../app/realm/theme.ts";
import type { Theme } from "../../schemas/generated/theme.ts";

const theme: Theme = {
  primaryColor: "#0a7d3b",
  secondaryColor: "#ffd200",
  backgroundColor: "#f6f7f2",
  textColor: "#13201a",
};

describe("theme call-to-action and menu colours (spec section 1)", () => {
  it("fall back to the theme's colours", () => {
    expect(themeStyle(theme)).toMatchObject({
      "--cta-primary": "#0a7d3b",
      "--cta-primary-hover": "#0a7d3b",
      "--cta-primary-text": "#ffffff",
      "--cta-secondary": "#ffd200",
      "--cta-secondary-hover": "#ffd200",
      // Yellow buttons get dark text.
      "--cta-secondary-text": "#000000",
      "--cta-alert": "#d93025",
      "--menu-text": "#13201a",
      "--menu-hover": "#0a7d3b",
      "--menu-selected": "#0a7d3b",
    });
  });

  it("take the realm's own when it sets them", () => {
    const cta = {
      primary: "#e11d2e",
      primaryHover: "#ff3345",
      primaryText: "#fefefe",
      secondary: "#222222",
      secondaryHover: "#333333",
      secondaryText: "#eeeeee",
      menuText: "#f2f4f8",
      menuHover: "#ffcc00",
      menuSelected: "#f5b400",
      alert: "#ff5c5c",
    };
    expect(themeStyle({ ...theme, cta })).toMatchObject({
      "--cta-primary": "#e11d2e",
      "--cta-primary-hover": "#ff3345",
      "--cta-primary-text": "#fefefe",
      "--cta-secondary": "#222222",
      "--cta-secondary-hover": "#333333",
      "--cta-secondary-text": "#eeeeee",
      "--cta-alert": "#ff5c5c",
      "--menu-text": "#f2f4f8",
      "--menu-hover": "#ffcc00",
      "--menu-selected": "#f5b400",
    });
    // Menu hover follows the primary button's hover colour unless set.
    expect(
      themeStyle({ ...theme, cta: { primaryHover: "#ff3345" } })["--menu-hover" as never],
    ).toBe("#ff3345");
  });

  it("picks black or white text, whichever reads better", () => {
    expect(readableOn("#ffffff")).toBe("#000000");
    expect(readableOn("#ffd200")).toBe("#000000");
    expect(readableOn("#f5b400")).toBe("#000000");
    expect(readableOn("#0b0d12")).toBe("#ffffff");
    expect(readableOn("#0a7d3b")).toBe("#ffffff");
    expect(readableOn("#e11d2eff")).toBe("#ffffff");
  });
});
