import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { SeedRealm } from "../../../schemas/generated/seed-realm.ts";
import { contrastRatio, parseHexColour } from "../../../platform/brand/contrast.ts";
import { pickLogoVariant } from "../../../platform/brand/realm-logo.ts";
import { svgFills } from "../../../platform/brand/svg-fills.ts";
import { logoContrastWarnings } from "../../../platform/realm-config/logo-contrast.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const seedRealm = (name: string): SeedRealm =>
  JSON.parse(readFileSync(path.join(root, "platform/seed/realms", name, "realm.json"), "utf8"));
const siteFile = (sitePath: string) => {
  try {
    return readFileSync(path.join(root, "public", sitePath), "utf8");
  } catch {
    return undefined;
  }
};

describe("contrast", () => {
  it("matches WCAG's ratios", () => {
    expect(contrastRatio([0, 0, 0], [255, 255, 255])).toBeCloseTo(21);
    expect(contrastRatio([255, 255, 255], [255, 255, 255])).toBe(1);
    // White on Liga's near-white header: the invisible wordmark of the issue.
    expect(contrastRatio([255, 255, 255], parseHexColour("#f6f7f2")!.rgb)).toBeLessThan(1.1);
  });
});

describe("svgFills", () => {
  it("reads flat fills through groups, black by default, and leaves out what is not drawn", () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><defs><linearGradient id="g">' +
      '<stop stop-color="#123456"/></linearGradient><rect fill="#abcdef"/></defs>' +
      '<g fill="#0a7d3b"><path d="M0 0h1v1z"/><text style="fill: #FFF">A</text></g>' +
      '<circle r="2"/><rect fill="none" stroke="#ff0000"/>' +
      '<rect fill="#ffd200" opacity="0.5"/><rect fill="#ffd200" fill-opacity=".4"/>' +
      '<g opacity="0.9"><rect fill="#ff00ff"/></g><rect fill="url(#g)"/></svg>';
    expect(svgFills(svg)).toEqual({ colours: ["#0a7d3b", "#ffffff", "#000000"], unreadable: 1 });
  });

  it("does not take a shape coloured by a style sheet for black", () => {
    const svg =
      '<svg><style>.a { fill: #fff }</style><path class="a"/><rect fill="#0a7d3b"/></svg>';
    expect(svgFills(svg)).toEqual({ colours: ["#0a7d3b"], unreadable: 1 });
  });
});

describe("pickLogoVariant", () => {
  const logo = { onLight: "/light.svg", onDark: "/dark.svg" };
  it("shows the variant made for the header's colour", () => {
    expect(pickLogoVariant(logo, "#f6f7f2")).toEqual({ url: "/light.svg", variant: "onLight" });
    expect(pickLogoVariant(logo, "#0b0d12")).toEqual({ url: "/dark.svg", variant: "onDark" });
  });
  it("falls back to the one variant given, and to nothing without variants", () => {
    expect(pickLogoVariant({ onDark: "/dark.svg" }, "#ffffff")?.url).toBe("/dark.svg");
    expect(pickLogoVariant({ onLight: "/light.svg" }, "#000000")?.url).toBe("/light.svg");
    expect(pickLogoVariant(undefined, "#ffffff")).toBeUndefined();
  });
});

describe("logoContrastWarnings", () => {
  it("passes the demo realms' logos on their headers", () => {
    for (const name of ["arena", "liga"]) {
      expect(logoContrastWarnings(seedRealm(name), siteFile), name).toEqual([]);
    }
  });

  it("warns of a logo made for dark headers shown on a light one", () => {
    const liga = seedRealm("liga");
    liga.settings.logo = { onLight: "/brand/liga/logo-on-dark.svg" };
    const [warning, ...rest] = logoContrastWarnings(liga, siteFile);
    expect(rest).toEqual([]);
    expect(warning!.pointer).toBe("/settings/logo/onLight");
    expect(warning!.message).toContain("#ffffff at 1.08:1");
    expect(warning!.message).toContain("3:1");
  });

  it("passes the generated logo of a realm with a light header and no logo of its own", () => {
    const liga = seedRealm("liga");
    delete liga.settings.logo;
    expect(logoContrastWarnings(liga, siteFile)).toEqual([]);
  });

  it("warns when a named logo file does not exist, and skips what it cannot read", () => {
    const liga = seedRealm("liga");
    liga.settings.logo = { onLight: "/brand/liga/missing.svg" };
    expect(logoContrastWarnings(liga, siteFile)).toEqual([
      {
        pointer: "/settings/logo/onLight",
        message: "names /brand/liga/missing.svg, but public/brand/liga/missing.svg does not exist",
      },
    ]);
    liga.settings.logo = { onLight: "https://cdn.example/logo.svg" };
    expect(logoContrastWarnings(liga, siteFile)).toEqual([]);
  });
});
