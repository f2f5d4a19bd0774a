import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lazyChunkUrl } from "../../server/client-chunks.ts";

const build = { assetsBuildDirectory: "public/build", publicPath: "/build/" };

describe("the browser URL of a package's on-demand chunk", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "chunks-"));
    await writeFile(
      path.join(dir, "metafile.js.json"),
      JSON.stringify({
        outputs: {
          "public/build/_shared/chunk-AAAA1111.js": {},
          "public/build/routes/vod-BBBB2222.js": { entryPoint: "app/routes/vod.tsx" },
          "public/build/_shared/hls-CCCC3333.js.map": {},
          "public/build/_shared/hls-CCCC3333.js": {
            entryPoint: "node_modules/hls.js/dist/hls.mjs",
          },
        },
      }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("is found from the chunk's entry point in the build's metafile", async () => {
    expect(await lazyChunkUrl(build, path.join(dir, "metafile.js.json"), "hls.js")).toBe(
      "/build/_shared/hls-CCCC3333.js",
    );
  });

  it("is undefined for a package the build did not split off, or without a metafile", async () => {
    expect(await lazyChunkUrl(build, path.join(dir, "metafile.js.json"), "hls")).toBeUndefined();
    expect(await lazyChunkUrl(build, path.join(dir, "missing.json"), "hls.js")).toBeUndefined();
  });
});
