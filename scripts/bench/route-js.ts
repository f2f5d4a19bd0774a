/**
 * JavaScript a browser downloads on a first visit to each route, from the Remix asset manifest
 * of the build: raw bytes and gzip bytes (what a CDN or compressing proxy would send).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { BenchError } from "./server.ts";

export interface JsSize {
  raw: number;
  gzip: number;
  /** How many files (requests) that is, on a first visit's routes. */
  files?: number;
}

type AssetsManifest = ServerBuild["assets"];
type RouteEntry = AssetsManifest["routes"][string];

/** Per route id (sorted): the files of a first visit, summed. `root` is entry + root alone. */
export async function routeJsSizes(root: string): Promise<Record<string, JsSize>> {
  const manifest = await loadManifest(root);
  const sizeOf = fileSizer(root);
  const sizes: Record<string, JsSize> = {};
  for (const id of Object.keys(manifest.routes).sort()) {
    const route = manifest.routes[id];
    if (!route?.module) continue;
    const files = firstVisitFiles(manifest, route);
    const total = files
      .map(sizeOf)
      .reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }));
    sizes[id] = { ...total, files: files.length };
  }
  return sizes;
}

async function loadManifest(root: string): Promise<AssetsManifest> {
  const buildFile = path.join(root, "build/index.js");
  const build = (await import(pathToFileURL(buildFile).href)) as { assets?: AssetsManifest };
  if (!build.assets?.entry || !build.assets.routes) {
    throw new BenchError(`${buildFile} exports no Remix asset manifest`);
  }
  return build.assets;
}

/**
 * Entry module and imports, then every route from root down to this one (a nested route's
 * parents render too), each with its imports; deduplicated since chunks are shared. The
 * manifest-*.js file is not counted: with lazy route discovery Remix inlines the manifest.
 */
function firstVisitFiles(manifest: AssetsManifest, route: RouteEntry): string[] {
  const chain: RouteEntry[] = [];
  let current: RouteEntry | undefined = route;
  while (current) {
    chain.unshift(current);
    current = current.parentId ? manifest.routes[current.parentId] : undefined;
  }
  const urls = [manifest.entry.module, ...manifest.entry.imports];
  for (const r of chain) urls.push(r.module, ...(r.imports ?? []));
  return [...new Set(urls)];
}

/** Raw and gzip -9 size of one asset URL, each file compressed on its own as it is served. */
function fileSizer(root: string): (url: string) => JsSize {
  return (url) => {
    if (!url.startsWith("/build/")) throw new BenchError(`unexpected asset URL ${url}`);
    const bytes = readFileSync(path.join(root, "public", url));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
}
