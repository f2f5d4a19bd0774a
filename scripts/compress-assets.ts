/**
 * Writes Brotli and gzip copies beside every script, style sheet and source map of the client
 * build (public/build), at the highest levels: they are compressed once per build, not per
 * request, and the server sends the smallest copy the browser accepts (server/http.ts). A copy
 * that would not be smaller than the file (a chunk of a few bytes) is not written: that file is
 * sent as it is.
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|css|map|json|svg)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(file);
    else if (COMPRESSIBLE.test(entry.name)) yield file;
  }
}

async function compressAssets(dir: string): Promise<{ files: number; raw: number; br: number }> {
  const totals = { files: 0, raw: 0, br: 0 };
  for await (const file of files(dir)) {
    const body = await readFile(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gzip = gzipSync(body, { level: 9 });
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gzip.length < body.length) await writeFile(`${file}.gz`, gzip);
    totals.files += 1;
    totals.raw += body.length;
    totals.br += Math.min(br.length, body.length);
  }
  return totals;
}

const dir = path.resolve(process.argv[2] ?? "public/build");
const totals = await compressAssets(dir);
console.log(
  `compressed ${totals.files} files in ${path.relative(process.cwd(), dir)}: ` +
    `${Math.round(totals.raw / 1024)} KiB, ${Math.round(totals.br / 1024)} KiB as Brotli`,
);
