import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "validate-pages-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** 1-based line and column of the first occurrence of `needle`'s value part. */
function positionOf(text: string, needle: string, valueOffset: number) {
  const at = text.indexOf(needle) + valueOffset;
  const before = text.slice(0, at).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe("npm run validate on composed pages", () => {
  it("names the block and points at the offending value's line and column", async () => {
    const page = {
      $schema: "../../../schemas/page.schema.json",
      key: "home",
      title: "Home",
      layout: "default",
      zones: {
        main: [
          { id: "hero", type: "hero" },
          {
            id: "latest-fights",
            type: "rail",
            title: "Latest",
            source: { kind: "videos" },
            itemsPerPage: 51,
          },
        ],
      },
    };
    const text = JSON.stringify(page, null, 2);
    const file = path.join(scratch, "realm", "pages", "home.json");
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    const failure = await run(process.execPath, ["--import", "tsx", "scripts/validate.ts", file], {
      cwd: root,
    }).then(
      () => null,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    const where = positionOf(text, '"itemsPerPage": 51', '"itemsPerPage": '.length);
    expect(failure!.stdout).toContain(
      `${file}:${where} /zones/main/1/itemsPerPage zones/main/1 (rail 'latest-fights'): itemsPerPage must be ≤ 50`,
    );
  });
});
