import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoRealmsDir } from "../../platform/seed/config.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "seed-cli-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("npm run db:seed", () => {
  it("exits 1 naming file, line, column, pointer and reason for a broken file, without opening the store", async () => {
    const dir = path.join(scratch, "realms");
    await cp(demoRealmsDir, dir, { recursive: true });
    const menuFile = path.join(dir, "arena", "menu.json");
    const menu = JSON.parse(await readFile(menuFile, "utf8"));
    menu.layout = "DIAGONAL";
    await writeFile(menuFile, JSON.stringify(menu));
    const dataDir = path.join(scratch, "data");

    const result = await run(
      process.execPath,
      ["--import", "tsx", "scripts/seed.ts", "--dir", dir],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      },
    ).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^db:seed: invalid config \(1 problem\):\n\s+.*arena\/menu\.json:1:\d+ \/layout must be one of: TOP, TOP_LEFT, HAMBURGER, SIDEBAR\n$/,
    );
    await expect(stat(dataDir)).rejects.toThrow();
  });
});
