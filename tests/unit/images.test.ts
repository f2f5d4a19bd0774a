import { describe, it, expect } from "vitest";
import sharp from "sharp";
import {
  IMAGE_SIZES,
  renderImageSvg,
  textWidthEm,
  wrapText,
  type ImageKind,
  type ImageSpec,
} from "../../platform/seed/artwork.ts";
import { IMAGE_WIDTHS, WebpRenderer, pickWidth } from "../../platform/media/images/webp.ts";

const KINDS = Object.keys(IMAGE_SIZES) as ImageKind[];

function spec(overrides: Partial<ImageSpec> = {}): ImageSpec {
  return {
    kind: "poster",
    title: "Championship Night",
    subtitle: "Saturday 20:00 · Live",
    palette: { primary: "#e11d48", secondary: "#7c3aed", background: "#0b0b12", text: "#ffffff" },
    seed: "event-42",
    sport: "combat",
    ...overrides,
  };
}

function isWebp(buf: Buffer): boolean {
  return (
    buf.subarray(0, 4).toString("ascii") === "RIFF" &&
    buf.subarray(8, 12).toString("ascii") === "WEBP"
  );
}

describe("renderImageSvg", () => {
  it("declares the expected sizes", () => {
    expect(IMAGE_SIZES.poster).toEqual({ width: 1280, height: 720 });
    expect(IMAGE_SIZES.series).toEqual({ width: 640, height: 960 });
    expect(IMAGE_SIZES["fighter-thumbnail"]).toEqual({ width: 198, height: 124 });
    expect(KINDS).toHaveLength(11);
  });

  for (const sport of ["combat", "football"] as const) {
    for (const kind of KINDS) {
      it(`renders a well-formed ${sport} ${kind}`, async () => {
        const { width, height } = IMAGE_SIZES[kind];
        const svg = renderImageSvg(spec({ kind, sport }));
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        const box = / width="(\d+)" height="(\d+)" viewBox="0 0 (\d+) (\d+)"/.exec(svg)!;
        expect([Number(box[1]), Number(box[2])]).toEqual([width, height]);
        // Drawn in a smaller space or not, the picture is never stretched.
        expect(Number(box[1]) / Number(box[2])).toBeCloseTo(Number(box[3]) / Number(box[4]));
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        // librsvg is a strict XML parser, so this doubles as a well-formedness check.
        const meta = await sharp(Buffer.from(svg)).metadata();
        expect(meta.format).toBe("svg");
        expect(meta.width).toBe(width);
        expect(meta.height).toBe(height);
      });
    }
  }

  it("is deterministic", () => {
    for (const kind of KINDS) {
      for (const sport of ["combat", "football"] as const) {
        expect(renderImageSvg(spec({ kind, sport }))).toBe(renderImageSvg(spec({ kind, sport })));
      }
    }
  });

  it("varies with the seed", () => {
    for (const kind of KINDS) {
      for (const sport of ["combat", "football"] as const) {
        const a = renderImageSvg(spec({ kind, sport, seed: "a" }));
        const b = renderImageSvg(spec({ kind, sport, seed: "b" }));
        expect(a, `${sport} ${kind}`).not.toBe(b);
      }
    }
  });

  it("draws sport motifs", () => {
    // The centre circle is the only r="9.15" element in the pitch.
    expect(renderImageSvg(spec({ sport: "football" }))).toContain('r="9.15"');
    expect(renderImageSvg(spec({ sport: "combat" }))).not.toContain('r="9.15"');
    expect(renderImageSvg(spec({ kind: "fighter" }))).toContain("<ellipse");
  });

  it("XML-escapes all user text", async () => {
    const evil = `<script>&"'`;
    for (const kind of KINDS) {
      const svg = renderImageSvg(
        spec({
          kind,
          title: evil,
          subtitle: evil,
          palette: { primary: '"/><script>', secondary: "#000", background: "#111", text: "#fff" },
        }),
      );
      expect(svg).not.toContain("<script");
      expect(svg).not.toContain(`"/>&lt;`); // the palette value did not close its attribute
      if (kind !== "logo" && kind !== "sponsor" && kind !== "fighter-thumbnail") {
        expect(svg).toContain("&lt;script&gt;&amp;&quot;&apos;");
      }
      await expect(sharp(Buffer.from(svg)).metadata()).resolves.toBeTruthy();
    }
    expect(renderImageSvg(spec({ kind: "sponsor", title: "A&B <C>" }))).toContain(
      "A&amp;B &lt;C&gt;",
    );
  });

  it("prints no text on artwork whose page prints the title, badges and description", () => {
    const title = "Copa Nacional: Quartas de Final";
    for (const kind of KINDS.filter((k) => k !== "logo" && k !== "sponsor")) {
      for (const sport of ["combat", "football"] as const) {
        const svg = renderImageSvg(spec({ kind, sport, title, subtitle: "Ao vivo" }));
        expect(svg, `${sport} ${kind}`).not.toMatch(/<text\b/);
        // Only the image's text alternative names it.
        expect(svg.replace(/ aria-label="[^"]*"/, ""), `${sport} ${kind}`).not.toContain("Quartas");
      }
    }
  });

  it("keeps the wordmark of logos, which no page prints beside them", () => {
    expect(renderImageSvg(spec({ kind: "logo", title: "Liga Play" }))).toMatch(
      /<text\b[^>]*>Liga Play<\/text>/,
    );
    expect(renderImageSvg(spec({ kind: "sponsor", title: "Banco Horizonte" }))).toMatch(
      /<text\b[^>]*>Banco<\/text>/,
    );
  });

  it("draws sponsor logos at twice the 300 px they are shown at", () => {
    expect(IMAGE_SIZES.sponsor).toEqual({ width: 600, height: 200 });
  });

  it("wrapText respects width and line budgets", () => {
    expect(wrapText("Short", 10, 3)).toEqual(["Short"]);
    expect(wrapText("", 10, 3)).toEqual([]);
    const lines = wrapText("one two three four five six seven eight nine ten", 6, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith("\u2026")).toBe(true);
    for (const line of lines) expect(textWidthEm(line)).toBeLessThanOrEqual(6);
    // Unbreakable words are split rather than overflowing.
    const split = wrapText("x".repeat(40), 7, 3);
    for (const line of split) expect(textWidthEm(line)).toBeLessThanOrEqual(7);
    expect(split).toHaveLength(3);
    // Capitals are wider than lower case, so they wrap sooner.
    expect(wrapText("ABCDEFGH ABCDEFGH", 12, 3).length).toBeGreaterThan(
      wrapText("abcdefgh abcdefgh", 12, 3).length,
    );
  });
});

describe("pickWidth", () => {
  it.each([
    [undefined, 1280],
    [NaN, 1280],
    [0, 1280],
    [-5, 1280],
    [1, 75],
    [150, 150],
    [151, 198],
    [411, 640],
    [1280, 1280],
    [5000, 1280],
  ])("pickWidth(%s, 1280) = %s", (requested, expected) => {
    expect(pickWidth(requested, 1280)).toBe(expected);
  });

  it("never upscales past the native width", () => {
    expect(pickWidth(300, 198)).toBe(198);
    expect(pickWidth(199, 198)).toBe(198);
    expect(pickWidth(1000, 600)).toBe(600);
    expect(pickWidth(5000, 1920)).toBe(1920);
  });

  it("only yields ladder widths or the native width", () => {
    for (let w = 1; w <= 2500; w += 7) {
      const picked = pickWidth(w, 1280);
      expect(picked === 1280 || (IMAGE_WIDTHS as readonly number[]).includes(picked)).toBe(true);
    }
  });
});

class CountingRenderer extends WebpRenderer {
  calls = 0;
  failNext = false;
  fake?: (width: number) => Buffer;
  protected override async rasterize(svg: string, width: number): Promise<Buffer> {
    this.calls++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error("boom");
    }
    return this.fake ? this.fake(width) : super.rasterize(svg, width);
  }
}

describe("WebpRenderer", () => {
  it("encodes WebP at the picked width", async () => {
    const renderer = new WebpRenderer();
    const cases: Array<[ImageKind, number | undefined]> = [
      ["poster", 410],
      ["poster", 5000],
      ["fighter-thumbnail", undefined],
      ["series", 151],
      ["hero", 75],
    ];
    for (const [kind, requested] of cases) {
      const { width, height } = IMAGE_SIZES[kind];
      const picked = pickWidth(requested, width);
      const buf = await renderer.render(kind, renderImageSvg(spec({ kind })), picked);
      expect(isWebp(buf)).toBe(true);
      const meta = await sharp(buf).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(picked);
      expect(meta.height).toBe(Math.round((height * picked) / width));
    }
  });

  it("returns the cached Buffer instance on a hit", async () => {
    const renderer = new CountingRenderer();
    const svg = renderImageSvg(spec({ kind: "thumbnail" }));
    const a = await renderer.render("img1", svg, 150);
    const b = await renderer.render("img1", svg, 150);
    expect(b).toBe(a);
    expect(renderer.calls).toBe(1);
    await renderer.render("img1", svg, 300);
    expect(renderer.calls).toBe(2);
  });

  it("shares one render between concurrent requests", async () => {
    const renderer = new CountingRenderer();
    const svg = renderImageSvg(spec({ kind: "poster" }));
    const p1 = renderer.render("img2", svg, 640);
    const p2 = renderer.render("img2", svg, 640);
    expect(p2).toBe(p1);
    const [a, b] = await Promise.all([p1, p2]);
    expect(b).toBe(a);
    expect(renderer.calls).toBe(1);
  });

  it("does not cache failures", async () => {
    const renderer = new CountingRenderer();
    renderer.fake = () => Buffer.alloc(10);
    renderer.failNext = true;
    const [r1, r2] = await Promise.allSettled([
      renderer.render("k", "<svg/>", 75),
      renderer.render("k", "<svg/>", 75),
    ]);
    expect(r1.status).toBe("rejected");
    expect(r2.status).toBe("rejected");
    expect(renderer.calls).toBe(1);
    expect(renderer.has("k", 75)).toBe(false);
    await expect(renderer.render("k", "<svg/>", 75)).resolves.toHaveLength(10);
    expect(renderer.calls).toBe(2);
  });

  it("evicts least recently used entries beyond maxCacheBytes", async () => {
    const renderer = new CountingRenderer({ maxCacheBytes: 250 });
    renderer.fake = () => Buffer.alloc(100);
    await renderer.render("a", "", 75);
    await renderer.render("b", "", 75);
    expect(renderer.cachedBytes).toBe(200);
    await renderer.render("a", "", 75); // touch: b is now the oldest
    await renderer.render("c", "", 75);
    expect(renderer.has("a", 75)).toBe(true);
    expect(renderer.has("b", 75)).toBe(false);
    expect(renderer.has("c", 75)).toBe(true);
    expect(renderer.cachedBytes).toBe(200);
    expect(renderer.calls).toBe(3);

    // Larger than the whole budget: served but not cached.
    renderer.fake = () => Buffer.alloc(300);
    await renderer.render("huge", "", 75);
    expect(renderer.has("huge", 75)).toBe(false);
    expect(renderer.cachedBytes).toBe(200);
  });
});
