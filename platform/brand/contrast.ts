/** An sRGB colour, each channel 0–255. */
export type Rgb = readonly [number, number, number];

/**
 * A CSS hex colour (#rgb, #rrggbb, or with alpha #rgba, #rrggbbaa) as RGB and opacity 0–1;
 * undefined for anything else.
 */
export function parseHexColour(value: string): { rgb: Rgb; alpha: number } | undefined {
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length <= 4 ? [...hex].map((d) => d + d).join("") : hex;
  const byte = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { rgb: [byte(0), byte(1), byte(2)], alpha: full.length === 8 ? byte(3) / 255 : 1 };
}

/** `rgb(r, g, b)` / `rgba(r, g, b, a)` as browsers report computed colours. */
export function parseCssRgb(value: string): { rgb: Rgb; alpha: number } | undefined {
  const match = /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+))?\s*\)$/.exec(
    value.trim(),
  );
  if (!match) return undefined;
  return {
    rgb: [Number(match[1]), Number(match[2]), Number(match[3])],
    alpha: match[4] === undefined ? 1 : Number(match[4]),
  };
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * Whether dark marks read better than light ones on this background: black and white contrast
 * equally with a colour of luminance ≈ 0.179.
 */
export function isLightBackground(rgb: Rgb): boolean {
  return relativeLuminance(rgb) > 0.179;
}

/** WCAG 1.4.11 (non-text contrast): the least a logo needs against what surrounds it. */
export const MIN_LOGO_CONTRAST = 3;
