import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";

interface Metafile {
  outputs: Record<string, { entryPoint?: string }>;
}

/**
 * The browser URL of the chunk the client build split off for a package it imports on demand
 * (hls.js), read from esbuild's metafile of that build. Chunk names carry a content hash only
 * the build knows; a page that names the chunk lets the browser fetch it with the page instead
 * of after hydration. Undefined when there is no metafile or no such chunk.
 */
export async function lazyChunkUrl(
  build: Pick<ServerBuild, "assetsBuildDirectory" | "publicPath">,
  metafilePath: string,
  packageName: string,
): Promise<string | undefined> {
  let metafile: Metafile;
  try {
    metafile = JSON.parse(await readFile(metafilePath, "utf8")) as Metafile;
  } catch {
    return undefined;
  }
  const packageDir = `node_modules/${packageName}/`;
  for (const [output, { entryPoint }] of Object.entries(metafile.outputs ?? {})) {
    if (!output.endsWith(".js") || !entryPoint?.startsWith(packageDir)) continue;
    return build.publicPath + path.posix.relative(build.assetsBuildDirectory, output);
  }
  return undefined;
}
