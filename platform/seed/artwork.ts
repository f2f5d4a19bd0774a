// Procedural artwork for demo realms. The output is stored in the database and
// rasterised on request, so it must be a pure function of the spec: no clock,
// no Math.random, no locale-dependent formatting.

export type ImageKind =
  | "poster"
  | "thumbnail"
  | "hero"
  | "hero-portrait"
  | "logo"
  | "sponsor"
  | "news"
  | "fighter"
  | "fighter-thumbnail"
  | "playlist"
  | "series";

export const IMAGE_SIZES: Record<ImageKind, { width: number; height: number }> = {
  poster: { width: 1280, height: 720 },
  thumbnail: { width: 640, height: 360 },
  hero: { width: 1920, height: 800 },
  "hero-portrait": { width: 800, height: 1200 },
  logo: { width: 600, height: 160 },
  // Shown 300 px wide, so twice that keeps it sharp on high-density screens.
  sponsor: { width: 600, height: 200 },
  news: { width: 1200, height: 675 },
  fighter: { width: 600, height: 800 },
  "fighter-thumbnail": { width: 198, height: 124 },
  playlist: { width: 640, height: 360 },
  series: { width: 640, height: 960 },
};

/** Kinds drawn in a smaller coordinate space than their pixel size (the layout predates the size). */
const LAYOUT_SCALE: Partial<Record<ImageKind, number>> = { sponsor: 2 };

export interface ImageSpec {
  kind: ImageKind;
  title: string;
  subtitle?: string;
  palette: { primary: string; secondary: string; background: string; text: string };
  seed: string;
  sport: "combat" | "football";
}

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ENTITIES[c]!);
}

// --- seeded randomness -------------------------------------------------------

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(a: number): () => number {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rng {
  (): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
}

function makeRng(seed: string): Rng {
  const next = mulberry32(fnv1a(seed));
  const rng = (() => next()) as Rng;
  rng.range = (min, max) => min + (max - min) * next();
  rng.int = (min, max) => Math.floor(rng.range(min, max + 1));
  return rng;
}

// One decimal keeps the markup compact; toFixed is locale-independent.
function n(x: number): string {
  const r = Math.round(x * 10) / 10;
  return Object.is(r, -0) ? "0" : String(r);
}

function points(pts: Array<[number, number]>): string {
  return pts.map(([x, y]) => `${n(x)},${n(y)}`).join(" ");
}

function polygon(cx: number, cy: number, r: number, sides: number, rotDeg: number) {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < sides; i++) {
    const a = ((rotDeg + (360 / sides) * i) * Math.PI) / 180;
    pts.push([cx + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  return points(pts);
}

// objectBoundingBox gradient endpoints for a direction in degrees.
function gradientVector(deg: number): string {
  const a = (deg * Math.PI) / 180;
  const dx = Math.cos(a) / 2;
  const dy = Math.sin(a) / 2;
  return `x1="${n(0.5 - dx)}" y1="${n(0.5 - dy)}" x2="${n(0.5 + dx)}" y2="${n(0.5 + dy)}"`;
}

// --- text ----------------------------------------------------------------------

// Real measurement would need the font file at seed time. Instead each
// character counts as its approximate advance in ems (calibrated against
// DejaVu Sans Bold), so all-caps titles wrap earlier than mixed case.
function charEm(ch: string): number {
  if (ch === " ") return 0.35;
  if ("iIjJl.,:;'!|".includes(ch)) return 0.38;
  if ("frt()-".includes(ch)) return 0.5;
  if ("MWmw@".includes(ch)) return 1.05;
  if (ch >= "A" && ch <= "Z") return 0.78;
  if ((ch >= "a" && ch <= "z") || (ch >= "0" && ch <= "9")) return 0.68;
  return ch.charCodeAt(0) >= 0x2e80 ? 1.0 : 0.85; // CJK is full-width
}

export function textWidthEm(s: string): number {
  let w = 0;
  for (const ch of s) w += charEm(ch);
  return w;
}

const ELLIPSIS = "\u2026";

function ellipsize(s: string, maxEm: number): string {
  const chars = Array.from(s.trimEnd());
  while (chars.length > 0 && textWidthEm(chars.join("") + ELLIPSIS) > maxEm) chars.pop();
  return chars.join("").trimEnd() + ELLIPSIS;
}

// Greedy word wrap into at most maxLines lines of maxEm width; overflow ends
// the last line with an ellipsis. Words too long for a line are hard-split.
export function wrapText(text: string, maxEm: number, maxLines: number): string[] {
  // Bounded so a pathological title cannot make rendering expensive.
  const words = text.slice(0, 400).trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if (textWidthEm(candidate) <= maxEm) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    for (const ch of word) {
      if (current && textWidthEm(current + ch) > maxEm) {
        lines.push(current);
        current = "";
      }
      current += ch;
    }
  }
  if (current) lines.push(current);
  if (lines.length <= maxLines && text.length <= 400) return lines;
  const kept = lines.slice(0, maxLines);
  if (kept.length > 0) kept[kept.length - 1] = ellipsize(kept[kept.length - 1]!, maxEm);
  return kept;
}

function initials(title: string): string {
  const words = title.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? "?")[0];
  return (letters ?? "?").toUpperCase();
}

interface TextStyle {
  size: number;
  fill: string;
  anchor?: "start" | "middle" | "end";
  opacity?: number;
  weight?: "bold" | "normal";
  spacing?: number;
}

function textLine(x: number, y: number, content: string, s: TextStyle): string {
  const extra =
    (s.opacity !== undefined ? ` fill-opacity="${n(s.opacity)}"` : "") +
    (s.spacing ? ` letter-spacing="${n(s.spacing)}"` : "");
  return (
    `<text x="${n(x)}" y="${n(y)}" font-family="${FONT}" font-size="${n(s.size)}" ` +
    `font-weight="${s.weight ?? "bold"}" fill="${s.fill}" text-anchor="${s.anchor ?? "start"}"${extra}>` +
    `${escapeXml(content)}</text>`
  );
}

// --- building blocks ---------------------------------------------------------------

interface Ctx {
  spec: ImageSpec;
  w: number;
  h: number;
  rng: Rng;
  id: (name: string) => string;
  c: { primary: string; secondary: string; background: string; text: string };
}

function backgroundDefs(x: Ctx, glowX: number, glowY: number): string {
  const { c, id } = x;
  const angle = x.rng.range(20, 160);
  return (
    `<linearGradient id="${id("bg")}" ${gradientVector(angle)}>` +
    `<stop offset="0" stop-color="${c.background}"/>` +
    `<stop offset="0.55" stop-color="${c.background}"/>` +
    `<stop offset="1" stop-color="${c.secondary}"/></linearGradient>` +
    `<radialGradient id="${id("glow")}" cx="${n(glowX)}" cy="${n(glowY)}" r="0.75">` +
    `<stop offset="0" stop-color="${c.primary}" stop-opacity="0.75"/>` +
    `<stop offset="0.45" stop-color="${c.primary}" stop-opacity="0.18"/>` +
    `<stop offset="1" stop-color="${c.primary}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="${id("beam")}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/>` +
    `<stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>` +
    `<pattern id="${id("lines")}" width="8" height="8" patternUnits="userSpaceOnUse" ` +
    `patternTransform="rotate(${n(x.rng.range(30, 60))})">` +
    `<rect width="2" height="8" fill="${c.text}"/></pattern>`
  );
}

function backgroundLayers(x: Ctx): string {
  const { w, h, id } = x;
  return (
    `<rect width="${w}" height="${h}" fill="url(#${id("bg")})"/>` +
    `<rect width="${w}" height="${h}" fill="url(#${id("glow")})"/>` +
    `<rect width="${w}" height="${h}" fill="url(#${id("lines")})" opacity="0.035"/>`
  );
}

// Spotlight beams fanning down from above the frame.
function beams(x: Ctx, count: number, spread: number): string {
  const { w, h, rng, id } = x;
  let out = `<g fill="url(#${id("beam")})">`;
  for (let i = 0; i < count; i++) {
    const topX = rng.range(-0.1, 1.1) * w;
    const tilt = rng.range(-spread, spread);
    const half = rng.range(0.04, 0.12) * w;
    const len = h * rng.range(1.0, 1.5);
    const bx = topX + Math.tan((tilt * Math.PI) / 180) * len;
    const top = Math.max(4, half * 0.15);
    out += `<polygon points="${points([
      [topX - top, -2],
      [topX + top, -2],
      [bx + half, len],
      [bx - half, len],
    ])}" opacity="${n(rng.range(0.18, 0.4))}"/>`;
  }
  return out + "</g>";
}

function octagonMotif(x: Ctx, cx: number, cy: number, r: number): string {
  const { c, rng } = x;
  const rot = 22.5 + rng.range(-8, 8);
  const sw = Math.max(1.5, r * 0.03);
  return (
    `<g fill="none" stroke-linejoin="round">` +
    `<polygon points="${polygon(cx, cy, r, 8, rot)}" fill="${c.primary}" fill-opacity="0.08" ` +
    `stroke="${c.primary}" stroke-width="${n(sw)}" stroke-opacity="0.85"/>` +
    `<polygon points="${polygon(cx, cy, r * 0.86, 8, rot)}" stroke="${c.text}" ` +
    `stroke-width="${n(sw * 0.4)}" stroke-opacity="0.25"/>` +
    `<polygon points="${polygon(cx, cy, r * 1.12, 8, rot)}" stroke="${c.primary}" ` +
    `stroke-width="${n(sw * 0.3)}" stroke-opacity="0.3" stroke-dasharray="${n(sw * 3)} ${n(sw * 2)}"/>` +
    `</g>`
  );
}

// A top-down pitch (FIFA proportions in metres) scaled so the centre circle is
// the focal point and the touchlines run off-frame.
function pitchMotif(x: Ctx, cx: number, cy: number, scale: number): string {
  const { c, rng } = x;
  const rot = rng.range(-18, 18) + (x.h > x.w ? 90 : 0);
  const sw = 2.2 / scale;
  let stripes = "";
  for (let i = 0; i < 12; i += 2) {
    stripes += `<rect x="${n(-52.5 + i * 8.75)}" y="-34" width="8.75" height="68"/>`;
  }
  const box = (dir: 1 | -1) => {
    const gx = 52.5 * dir;
    return (
      `<rect x="${n(dir > 0 ? gx - 16.5 : gx)}" y="-20.15" width="16.5" height="40.3"/>` +
      `<rect x="${n(dir > 0 ? gx - 5.5 : gx)}" y="-9.15" width="5.5" height="18.3"/>` +
      `<circle cx="${n(gx - 11 * dir)}" cy="0" r="0.3" fill="${c.text}"/>`
    );
  };
  return (
    `<g transform="translate(${n(cx)} ${n(cy)}) rotate(${n(rot)}) scale(${n(scale)})">` +
    `<g fill="${c.text}" fill-opacity="0.035">${stripes}</g>` +
    `<g fill="none" stroke="${c.text}" stroke-opacity="0.4" stroke-width="${sw.toFixed(3)}">` +
    `<rect x="-52.5" y="-34" width="105" height="68"/>` +
    `<line x1="0" y1="-34" x2="0" y2="34"/>` +
    `<circle r="9.15" stroke="${c.primary}" stroke-opacity="0.9" stroke-width="${(sw * 1.8).toFixed(3)}"/>` +
    `<circle r="0.35" fill="${c.text}"/>` +
    box(1) +
    box(-1) +
    `</g></g>`
  );
}

function sportMotif(x: Ctx, cx: number, cy: number, size: number): string {
  return x.spec.sport === "combat"
    ? octagonMotif(x, cx, cy, size * 0.5)
    : pitchMotif(x, cx, cy, size / 34);
}

// Slanted broadcast-graphics bands; the shared slant makes them read as a set.
function bands(x: Ctx, count: number): string {
  const { w, h, rng, c } = x;
  const slant = rng.range(0.25, 0.6) * h;
  let out = "";
  for (let i = 0; i < count; i++) {
    const x0 = rng.range(0.45, 1.0) * w;
    const bw = rng.range(0.015, 0.07) * w;
    const fill = i % 2 === 0 ? c.primary : c.secondary;
    out += `<polygon points="${points([
      [x0, 0],
      [x0 + bw, 0],
      [x0 + bw - slant * 2, h],
      [x0 - slant * 2, h],
    ])}" fill="${fill}" opacity="${n(rng.range(0.25, 0.7))}"/>`;
  }
  return out;
}

// Head-and-shoulders bust; the torso runs off the bottom edge like a cropped
// promo photo.
function silhouette(x: Ctx, cx: number, headY: number, headR: number): string {
  const { c, id, h } = x;
  const neckW = headR * 0.55;
  const sh = headR * 2.7; // half shoulder width
  const neckY = headY + headR * 0.85;
  const shY = headY + headR * 1.7;
  const bottom = h + 2;
  const d =
    `M${n(cx - sh * 1.15)},${n(bottom)} ` +
    `L${n(cx - sh * 1.08)},${n(shY + headR * 1.1)} ` +
    `C${n(cx - sh)},${n(shY + headR * 0.15)} ${n(cx - sh * 0.75)},${n(shY - headR * 0.05)} ${n(cx - neckW * 1.7)},${n(shY - headR * 0.3)} ` +
    `L${n(cx - neckW)},${n(neckY)} L${n(cx + neckW)},${n(neckY)} ` +
    `L${n(cx + neckW * 1.7)},${n(shY - headR * 0.3)} ` +
    `C${n(cx + sh * 0.75)},${n(shY - headR * 0.05)} ${n(cx + sh)},${n(shY + headR * 0.15)} ${n(cx + sh * 1.08)},${n(shY + headR * 1.1)} ` +
    `L${n(cx + sh * 1.15)},${n(bottom)} Z`;
  const rim = Math.max(1, headR * 0.05);
  return (
    `<g fill="url(#${id("body")})" stroke="${c.primary}" stroke-opacity="0.75" stroke-width="${n(rim)}">` +
    `<path d="${d}"/>` +
    `<ellipse cx="${n(cx)}" cy="${n(headY)}" rx="${n(headR * 0.84)}" ry="${n(headR)}"/></g>`
  );
}

function bodyDefs(x: Ctx): string {
  return (
    `<linearGradient id="${x.id("body")}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#1c1c22"/><stop offset="1" stop-color="#050507"/></linearGradient>`
  );
}

// Darkens the lower part, where pages lay their own title over the artwork.
function scrimDefs(x: Ctx): string {
  const { id, c } = x;
  return (
    `<linearGradient id="${id("scrimV")}" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${c.background}" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="${c.background}" stop-opacity="0.92"/></linearGradient>`
  );
}

// --- layouts -------------------------------------------------------------------

// Pages print an item's title, description and badges over or beside its artwork, so the
// artwork itself carries no text: what tells items apart is the seeded composition and this
// cluster of accent marks.
function accentMarks(x: Ctx, portrait: boolean): string {
  const { w, h, rng, c } = x;
  const unit = Math.min(w, h) * rng.range(0.05, 0.08);
  const cx = w * (portrait ? rng.range(0.2, 0.8) : rng.range(0.08, 0.4));
  const cy = h * (portrait ? rng.range(0.55, 0.8) : rng.range(0.2, 0.75));
  const count = rng.int(3, 6);
  const style = rng.int(0, 2);
  let out = `<g opacity="${n(rng.range(0.55, 0.85))}">`;
  for (let i = 0; i < count; i++) {
    const fill = i % 2 === 0 ? c.primary : c.secondary;
    const px = cx + i * unit * 1.35;
    if (style === 0) {
      out += `<polygon points="${points([
        [px, cy - unit],
        [px + unit * 0.7, cy],
        [px, cy + unit],
        [px + unit * 0.35, cy],
      ])}" fill="${fill}"/>`;
    } else if (style === 1) {
      out += `<circle cx="${n(px)}" cy="${n(cy)}" r="${n(unit * rng.range(0.25, 0.55))}" fill="${fill}"/>`;
    } else {
      out += `<rect x="${n(px)}" y="${n(cy - unit)}" width="${n(unit * 0.45)}" height="${n(unit * 2)}" transform="skewX(-18)" fill="${fill}"/>`;
    }
  }
  return out + "</g>";
}

function cardLayout(x: Ctx): string {
  const { w, h, rng, id } = x;
  const portrait = h > w;
  const glowX = rng.range(0.55, 0.85);
  const glowY = rng.range(0.15, 0.5);
  const defs = backgroundDefs(x, glowX, glowY) + scrimDefs(x);
  const mx = portrait ? w * rng.range(0.35, 0.65) : w * rng.range(0.6, 0.78);
  const my = portrait ? h * rng.range(0.28, 0.42) : h * rng.range(0.38, 0.55);
  const size = portrait ? w * rng.range(0.85, 1.05) : h * rng.range(0.8, 1.1);
  const body =
    backgroundLayers(x) +
    beams(x, rng.int(3, 5), 28) +
    sportMotif(x, mx, my, size) +
    bands(x, rng.int(2, 4)) +
    accentMarks(x, portrait) +
    // The scrim keeps the page's own title legible where it is laid over the artwork.
    `<rect y="${n(h * (portrait ? 0.4 : 0.3))}" width="${w}" height="${n(h * (portrait ? 0.6 : 0.7))}" fill="url(#${id("scrimV")})"/>`;
  return `<defs>${defs}</defs>${body}`;
}

function fighterLayout(x: Ctx): string {
  const { w, h, rng, id, spec } = x;
  const thumb = spec.kind === "fighter-thumbnail";
  const defs =
    backgroundDefs(x, rng.range(0.35, 0.65), rng.range(0.1, 0.3)) + scrimDefs(x) + bodyDefs(x);
  const headR = thumb ? h * 0.17 : w * 0.14;
  const cx = w * (thumb ? rng.range(0.47, 0.53) : rng.range(0.46, 0.54));
  const body =
    backgroundLayers(x) +
    beams(x, thumb ? 2 : rng.int(3, 4), 15) +
    sportMotif(x, w / 2, h * (thumb ? 0.45 : 0.4), thumb ? h * 1.2 : w * 1.0) +
    silhouette(x, cx, h * (thumb ? 0.3 : 0.36), headR) +
    `<rect y="${n(h * 0.45)}" width="${w}" height="${n(h * 0.55)}" fill="url(#${id("scrimV")})"/>`;
  return `<defs>${defs}</defs>${body}`;
}

function emblem(x: Ctx, cx: number, cy: number, r: number): string {
  const { c, spec, rng } = x;
  const mono = initials(spec.title);
  const size = r * (mono.length > 1 ? 0.78 : 1.0);
  let shape: string;
  if (spec.sport === "combat") {
    // The inner ring always fits inside the outer one's apothem (0.92r), so a
    // seeded twist varies the mark without breaking the outline.
    shape =
      `<polygon points="${polygon(cx, cy, r, 8, 22.5)}" fill="${c.primary}"/>` +
      `<polygon points="${polygon(cx, cy, r * 0.82, 8, 22.5 + rng.range(-11, 11))}" fill="none" stroke="${c.background}" ` +
      `stroke-width="${n(r * 0.06)}"/>`;
  } else {
    // Crest: a shield with a diagonal sash whose side depends on the seed.
    const top = cy - r;
    const d =
      `M${n(cx - r * 0.85)},${n(top)} L${n(cx + r * 0.85)},${n(top)} L${n(cx + r * 0.85)},${n(cy + r * 0.1)} ` +
      `Q${n(cx + r * 0.8)},${n(cy + r * 0.75)} ${n(cx)},${n(cy + r)} ` +
      `Q${n(cx - r * 0.8)},${n(cy + r * 0.75)} ${n(cx - r * 0.85)},${n(cy + r * 0.1)} Z`;
    const dir = rng() < 0.5 ? 1 : -1;
    shape =
      `<path d="${d}" fill="${c.primary}"/>` +
      `<polygon points="${points([
        [cx - r * 0.85 * dir, top + r * 0.55],
        [cx - r * 0.85 * dir, top + r * 0.95],
        [cx + r * 0.85 * dir, top + r * 0.45],
        [cx + r * 0.85 * dir, top + r * 0.05],
      ])}" fill="${c.secondary}" opacity="0.55"/>` +
      `<path d="${d}" fill="none" stroke="${c.text}" stroke-width="${n(r * 0.05)}"/>`;
  }
  return (
    shape +
    textLine(cx, cy + size * 0.36, mono, {
      size,
      fill: c.text,
      anchor: "middle",
      spacing: -size * 0.02,
    })
  );
}

// Wordmarks read best on one line, so only drop to the smaller size and wrap
// when the title cannot fit at full size.
function fitWordmark(text: string, width: number, big: number, small: number) {
  const one = wrapText(text, width / big, 1);
  if (one.length === 1 && textWidthEm(text.trim()) <= width / big) return { lines: one, size: big };
  return { lines: wrapText(text, width / small, 2), size: small };
}

function logoLayout(x: Ctx): string {
  const { w, h, spec, c } = x;
  const r = h * 0.4;
  const cx = r + h * 0.1;
  const left = cx + r + h * 0.18;
  const { lines, size } = fitWordmark(spec.title, w - left - 12, 58, 38);
  const hasSub = Boolean(spec.subtitle) && lines.length === 1;
  const lh = size * 1.05;
  const blockH = lh * lines.length + (hasSub ? 24 : 0);
  let y = (h - blockH) / 2 + size * 0.82;
  let out = emblem(x, cx, h / 2, r);
  for (const line of lines) {
    out += textLine(left, y, line, { size, fill: c.text, spacing: -size * 0.01 });
    y += lh;
  }
  if (hasSub) {
    const sub = wrapText(spec.subtitle!.toUpperCase(), (w - left - 12) / 16 / 1.2, 1)[0]!;
    out += textLine(left + 2, y - lh + size * 0.2 + 20, sub, {
      size: 16,
      fill: c.primary,
      spacing: 3,
    });
  }
  return out;
}

function sponsorLayout(x: Ctx): string {
  const { w, h, spec, c, rng } = x;
  const markR = 22;
  const mx = 36;
  const my = h / 2;
  const marks = [
    `<circle cx="${mx}" cy="${my}" r="${markR}" fill="${c.primary}"/>`,
    `<polygon points="${polygon(mx, my + 3, markR, 3, -90)}" fill="${c.primary}"/>`,
    `<rect x="${mx - 15}" y="${my - 15}" width="30" height="30" transform="rotate(45 ${mx} ${my})" fill="${c.primary}"/>`,
    `<polyline points="${points([
      [mx - 16, my - 16],
      [mx, my],
      [mx - 16, my + 16],
    ])}" fill="none" stroke="${c.primary}" stroke-width="9"/>` +
      `<polyline points="${points([
        [mx + 2, my - 16],
        [mx + 18, my],
        [mx + 2, my + 16],
      ])}" fill="none" stroke="${c.primary}" stroke-width="9"/>`,
  ];
  const { lines, size } = fitWordmark(spec.title, w - 70 - 12, 30, 24);
  const lh = size * 1.05;
  let y = (h - lh * lines.length) / 2 + size * 0.8;
  let out = `<rect width="${w}" height="${h}" rx="10" fill="#ffffff"/>` + marks[rng.int(0, 3)]!;
  for (const line of lines) {
    out += textLine(70, y, line, { size, fill: "#16161a" });
    y += lh;
  }
  return out;
}

// --- entry point -----------------------------------------------------------------

export function renderImageSvg(spec: ImageSpec): string {
  const { width, height } = IMAGE_SIZES[spec.kind];
  const scale = LAYOUT_SCALE[spec.kind] ?? 1;
  const w = width / scale;
  const h = height / scale;
  const rng = makeRng(spec.seed);
  // Ids are unique per seed+kind so several images can be inlined in one document.
  const prefix = `a${fnv1a(`${spec.kind}:${spec.seed}`).toString(36)}`;
  const p = spec.palette;
  const x: Ctx = {
    spec,
    w,
    h,
    rng,
    id: (name) => `${prefix}-${name}`,
    c: {
      primary: escapeXml(p.primary),
      secondary: escapeXml(p.secondary),
      background: escapeXml(p.background),
      text: escapeXml(p.text),
    },
  };
  let body: string;
  switch (spec.kind) {
    case "logo":
      body = logoLayout(x);
      break;
    case "sponsor":
      body = sponsorLayout(x);
      break;
    case "fighter":
    case "fighter-thumbnail":
      body = fighterLayout(x);
      break;
    default:
      body = cardLayout(x);
  }
  const label = escapeXml(spec.subtitle ? `${spec.title} — ${spec.subtitle}` : spec.title);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${w} ${h}" ` +
    `role="img" aria-label="${label}">${body}</svg>`
  );
}
