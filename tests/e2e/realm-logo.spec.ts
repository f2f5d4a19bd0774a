import {
  contrastRatio,
  MIN_LOGO_CONTRAST,
  parseCssRgb,
  parseHexColour,
} from "../../platform/brand/contrast.ts";
import { svgFills } from "../../platform/brand/svg-fills.ts";
import { axeViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";

/** Below this the header logo stops being legible on a phone. */
const MIN_LOGO_HEIGHT_PX = 24;

const cases = [
  { realm: "arena", name: "Arena Fight Pass home" },
  { realm: "liga", name: "Liga Play home" },
] as const;

for (const { realm, name } of cases) {
  for (const width of [390, 1366]) {
    test(`${realm}'s header logo is legible on its header at ${width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/realm/${realm}`);
      const logo = page.getByRole("banner").getByRole("img", { name });
      await expect(logo).toBeVisible();
      await expect(logo).toHaveJSProperty("complete", true);

      const box = (await logo.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(MIN_LOGO_HEIGHT_PX);
      // Drawn whole, not squeezed by the buttons beside it.
      const natural = await logo.evaluate((img: HTMLImageElement) => ({
        width: img.naturalWidth,
        height: img.naturalHeight,
      }));
      expect(box.width / box.height).toBeCloseTo(natural.width / natural.height, 1);
      expect(box.x + box.width).toBeLessThanOrEqual(width);

      const header = parseCssRgb(
        await page.locator(".site-header").evaluate((el) => getComputedStyle(el).backgroundColor),
      )!;
      expect(header.alpha).toBe(1);
      const src = (await logo.getAttribute("src"))!;
      expect(src).toMatch(/\.svg$/);
      const svg = await (await request.get(src)).text();
      const { colours, unreadable } = svgFills(svg);
      expect(unreadable).toBe(0);
      expect(colours.length).toBeGreaterThan(0);
      for (const colour of colours) {
        const ratio = contrastRatio(parseHexColour(colour)!.rgb, header.rgb);
        expect(ratio, `${colour} on the header`).toBeGreaterThanOrEqual(MIN_LOGO_CONTRAST);
      }
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}
