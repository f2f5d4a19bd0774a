import { parseHexColour, type Rgb } from "./contrast.ts";

/** The solid colours an SVG paints its shapes and text with, as far as they can be read. */
export interface SvgFills {
  /** Fully opaque flat fills, each colour once, as "#rrggbb". */
  colours: string[];
  /** Shapes painted in a way this reading cannot judge: gradients, patterns, named colours. */
  unreadable: number;
}

const PAINTED = new Set([
  "path",
  "rect",
  "circle",
  "ellipse",
  "polygon",
  "polyline",
  "text",
  "tspan",
]);
/** Content of these is not drawn where it stands (definitions, masks, clip paths). */
const NOT_DRAWN = new Set([
  "defs",
  "clippath",
  "mask",
  "pattern",
  "symbol",
  "marker",
  "lineargradient",
  "radialgradient",
  "title",
  "desc",
  "metadata",
]);
const NAMED: Record<string, string> = { black: "#000000", white: "#ffffff" };

interface Inherited {
  fill: string | undefined;
  opacity: number;
  hidden: boolean;
}

/**
 * Reads the fill colours of an SVG's shapes, following `fill`, `fill-opacity` and `opacity`
 * attributes (and the same in a `style` attribute) down through groups. Shapes that are in any
 * way translucent are left out: what they look like depends on what lies beneath.
 */
export function svgFills(svg: string): SvgFills {
  const colours = new Set<string>();
  let unreadable = 0;
  const stack: Inherited[] = [{ fill: undefined, opacity: 1, hidden: false }];
  const styled = /<style\b/i.test(svg);
  const body = svg.replace(/<!--[\s\S]*?-->/g, "").replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "");
  for (const tag of body.matchAll(/<(\/?)([A-Za-z][\w:-]*)([^>]*?)(\/?)>/g)) {
    const [, closing, rawName, attributes = "", selfClosing] = tag;
    const name = rawName!.toLowerCase();
    if (closing) {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const parent = stack.at(-1)!;
    const own = paintOf(attributes);
    const here: Inherited = {
      fill: own.fill ?? parent.fill,
      opacity: parent.opacity * own.opacity,
      hidden: parent.hidden || NOT_DRAWN.has(name) || own.fill === "none",
    };
    if (PAINTED.has(name) && !here.hidden && here.opacity >= 1) {
      // SVG paints a shape black when nothing says otherwise, unless a style sheet does.
      const fill = here.fill ?? (styled ? undefined : "#000000");
      const colour =
        fill === undefined ? undefined : parseHexColour(NAMED[fill.toLowerCase()] ?? fill);
      if (!colour) unreadable++;
      else if (colour.alpha >= 1) colours.add(hex(colour.rgb));
    }
    if (!selfClosing) stack.push(here);
  }
  return { colours: [...colours], unreadable };
}

function paintOf(attributes: string): { fill: string | undefined; opacity: number } {
  const attribute = (key: string) =>
    new RegExp(`(?:^|\\s)${key}\\s*=\\s*["']([^"']*)["']`).exec(attributes)?.[1] ??
    new RegExp(`(?:^|;|["'\\s])${key}\\s*:\\s*([^;"']+)`).exec(
      /\sstyle\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1] ?? "",
    )?.[1];
  const number = (key: string) => {
    const value = attribute(key);
    return value === undefined || Number.isNaN(Number(value)) ? 1 : Number(value);
  };
  return { fill: attribute("fill")?.trim(), opacity: number("opacity") * number("fill-opacity") };
}

function hex(rgb: Rgb): string {
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
