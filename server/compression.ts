import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { constants, createBrotliCompress, createGzip, type BrotliOptions } from "node:zlib";
import type { MiddlewareHandler } from "hono";

export type AnswerEncoding = "br" | "gzip";

/** Text answers worth compressing; media segments, images and fonts are compressed already. */
const COMPRESSIBLE =
  /^(text\/(html|plain|xml|css)|application\/([a-z.+-]*\+)?json|application\/(xml|javascript)|application\/vnd\.apple\.mpegurl)\b/i;

/** Below this size the encoding's framing costs about what it saves. */
const MIN_BYTES = 1024;

/**
 * The encoding to answer with for an Accept-Encoding header: Brotli where the client takes it,
 * else gzip, else none. A q-value of 0 refuses an encoding, including through `*`.
 */
export function negotiateEncoding(
  acceptEncoding: string | null | undefined,
): AnswerEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: AnswerEncoding) => weights.get(name) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gzip = weightOf("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return undefined;
}

// Pages stream (deferred data arrives after the shell), so every chunk is flushed as it is
// written: compression must never hold back the part of a page the browser could paint. A
// middling Brotli quality costs about what gzip does per byte and still saves more.
const BROTLI: BrotliOptions = {
  flush: constants.BROTLI_OPERATION_FLUSH,
  params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
};

function encoder(encoding: AnswerEncoding) {
  return encoding === "br"
    ? createBrotliCompress(BROTLI)
    : createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 });
}

function worthCompressing(request: Request, answer: Response): boolean {
  if (request.method === "HEAD" || !answer.body) return false;
  if (answer.status === 204 || answer.status === 206 || answer.status === 304) return false;
  if (answer.headers.has("Content-Encoding")) return false;
  if (/\bno-transform\b/i.test(answer.headers.get("Cache-Control") ?? "")) return false;
  if (!COMPRESSIBLE.test(answer.headers.get("Content-Type") ?? "")) return false;
  const length = answer.headers.get("Content-Length");
  return length === null || Number(length) >= MIN_BYTES;
}

/** Compresses text answers (pages, JSON, playlists) for clients that accept Brotli or gzip. */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    const encoding = negotiateEncoding(c.req.header("Accept-Encoding"));
    if (!encoding || !worthCompressing(c.req.raw, answer)) {
      // A cache must not hand a compressed copy to a client that did not ask for one.
      if (COMPRESSIBLE.test(answer.headers.get("Content-Type") ?? "")) {
        c.header("Vary", withEncoding(answer.headers.get("Vary")));
      }
      return;
    }
    const compressed = Readable.fromWeb(answer.body as unknown as NodeReadableStream).pipe(
      encoder(encoding),
    );
    const body = Readable.toWeb(compressed) as unknown as ReadableStream<Uint8Array>;
    c.res = undefined;
    c.res = new Response(body, answer);
    c.res.headers.delete("Content-Length");
    c.res.headers.set("Content-Encoding", encoding);
    c.res.headers.set("Vary", withEncoding(c.res.headers.get("Vary")));
    // The same page in another encoding is not byte-for-byte the same answer.
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}

function withEncoding(vary: string | null): string {
  if (!vary) return "Accept-Encoding";
  if (/\baccept-encoding\b/i.test(vary) || vary.trim() === "*") return vary;
  return `${vary}, Accept-Encoding`;
}
