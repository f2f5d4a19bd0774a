import sharp from "sharp";

// A fixed ladder of widths: callers choose `?w=`, so without snapping every
// integer would be a distinct (cacheable, CPU-costly) variant.
export const IMAGE_WIDTHS = [75, 150, 198, 300, 410, 640, 960, 1280, 1920] as const;

export function pickWidth(requested: number | undefined, nativeWidth: number): number {
  if (requested === undefined || !Number.isFinite(requested) || requested <= 0) return nativeWidth;
  const step = IMAGE_WIDTHS.find((w) => w >= requested) ?? nativeWidth;
  // Upscaling a raster of vector art gains nothing and enlarges the cache.
  return Math.min(step, nativeWidth);
}

// SVG rasterises at 72 dpi = 1 user unit per pixel, so scaling the density to
// the target width renders the vectors directly at the final size instead of
// downsampling a large bitmap (sharper, and much cheaper for small variants).
function densityFor(svg: string, width: number): number {
  const root = /<svg\b[^>]*?\swidth="(\d+(?:\.\d+)?)"/.exec(svg);
  const native = root ? Number(root[1]) : 0;
  if (!(native > 0)) return 72;
  return Math.min(2400, Math.max(1, (72 * width) / native));
}

export class WebpRenderer {
  private readonly maxCacheBytes: number;
  // Map iteration order is insertion order, so re-inserting on hit makes the
  // first key the least recently used one.
  private readonly cache = new Map<string, Buffer>();
  private readonly inflight = new Map<string, Promise<Buffer>>();
  private cacheBytes = 0;

  constructor(opts: { maxCacheBytes?: number } = {}) {
    this.maxCacheBytes = opts.maxCacheBytes ?? 64 * 1024 * 1024;
  }

  render(key: string, svg: string, width: number): Promise<Buffer> {
    const cacheKey = `${key}@${width}`;
    const hit = this.cache.get(cacheKey);
    if (hit) {
      this.cache.delete(cacheKey);
      this.cache.set(cacheKey, hit);
      return Promise.resolve(hit);
    }
    const pending = this.inflight.get(cacheKey);
    if (pending) return pending;

    // The async wrapper turns a synchronous throw into a rejection.
    const promise = (async () => this.rasterize(svg, width))().then(
      (buf) => {
        this.inflight.delete(cacheKey);
        this.store(cacheKey, buf);
        return buf;
      },
      (err: unknown) => {
        // Not cached: the next request retries instead of replaying the error.
        this.inflight.delete(cacheKey);
        throw err;
      },
    );
    this.inflight.set(cacheKey, promise);
    return promise;
  }

  /** Current cache footprint; exposed for metrics and tests. */
  get cachedBytes(): number {
    return this.cacheBytes;
  }

  has(key: string, width: number): boolean {
    return this.cache.has(`${key}@${width}`);
  }

  /** The actual encode; protected so tests (or a worker pool) can wrap it. */
  protected rasterize(svg: string, width: number): Promise<Buffer> {
    return sharp(Buffer.from(svg), { density: densityFor(svg, width) })
      .resize({ width })
      .webp({ quality: 80 })
      .toBuffer();
  }

  private store(cacheKey: string, buf: Buffer): void {
    // An entry larger than the whole budget would just flush everything else.
    if (buf.length > this.maxCacheBytes) return;
    const old = this.cache.get(cacheKey);
    if (old) {
      this.cacheBytes -= old.length;
      this.cache.delete(cacheKey);
    }
    this.cache.set(cacheKey, buf);
    this.cacheBytes += buf.length;
    for (const [k, v] of this.cache) {
      if (this.cacheBytes <= this.maxCacheBytes) break;
      this.cache.delete(k);
      this.cacheBytes -= v.length;
    }
  }
}
