/**
 * Builds the server (server/serve.ts with the platform, contract and app code it imports) into
 * one ES module, build/serve.mjs, which `npm start` runs with plain Node (server/start.js):
 * no TypeScript loader in the serving process. Run by `npm run build` after the Remix build.
 *
 * Packages stay outside the bundle, loaded from node_modules as before. A module of ours that
 * finds files beside itself (`import.meta.url`, `import.meta.dirname`: migrations, demo
 * realms, schemas) is given its own location, as a path relative to the bundle, so that the
 * folder can be moved as a whole.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(root, "build", "serve.mjs");

const OUR_SOURCES = /\.(ts|tsx)$/;

/** `import.meta.url` and `import.meta.dirname` of `file`, as seen from the bundle `outfile`. */
function ownLocation(file: string, outfile: string): { url: string; dirname: string } {
  const fromBundle = path.relative(path.dirname(outfile), file).split(path.sep).join("/");
  const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
  return { url, dirname: `__ownPath.dirname(__ownFileURLToPath(${url}))` };
}

const keepOwnLocation = (outfile: string): esbuild.Plugin => ({
  name: "keep-own-location",
  setup(build) {
    build.onLoad({ filter: OUR_SOURCES }, async ({ path: file }) => {
      const source = await readFile(file, "utf8");
      const loader = file.endsWith(".tsx") ? "tsx" : "ts";
      // Packages are external: only our own modules come here.
      if (!source.includes("import.meta.")) return { contents: source, loader };
      const own = ownLocation(file, outfile);
      const contents =
        `import __ownPath from "node:path";\nimport { fileURLToPath as __ownFileURLToPath } from "node:url";\n` +
        source
          .replaceAll("import.meta.dirname", own.dirname)
          .replaceAll("import.meta.url", own.url);
      return { contents, loader };
    });
  },
});

export async function buildServer(outfile = SERVER_BUNDLE) {
  await esbuild.build({
    entryPoints: [path.join(root, "server", "serve.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages load from node_modules at run time, as they would under a loader.
    packages: "external",
    plugins: [keepOwnLocation(outfile)],
    // Function and class names in stack traces as they are in the source.
    keepNames: true,
    logLevel: "warning",
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(
    `built the server into ${path.relative(root, SERVER_BUNDLE)} (${Date.now() - started} ms)`,
  );
}
