import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFolder } from "../../platform/realm-config/read-files.ts";
import { demoRealmsDir } from "../../platform/seed/config.ts";
import { useSeededPlatform } from "../fixtures/platform.ts";
import { viewerToken } from "../fixtures/viewers.ts";

const platform = useSeededPlatform();
const root = path.resolve(import.meta.dirname, "../..");
let scratch: string;
let realms: string;
/** The two problems planted in a copy of the liga realm, as `path-inside-folder:line:column pointer message`. */
const planted = [
  "content.json:734:9 /playlists/0/videoKeys/0 no video has the key 'no-such-video'",
  "realm.json:11:14 /settings/realm must equal the folder name 'liga'",
];

async function node(script: string, ...args: string[]) {
  return promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(scratch, "data"), DATABASE_URL: "" },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    ({ code, stdout, stderr }: { code: number; stdout: string; stderr: string }) => ({
      code,
      stdout,
      stderr,
    }),
  );
}

async function replaceIn(file: string, find: string, replace: string) {
  const text = await readFile(file, "utf8");
  expect(text).toContain(find);
  await writeFile(file, text.replace(find, replace));
}

/** Printed problems about files of the broken folder, named by their path inside it. */
function problemsIn(output: string): string[] {
  const folder = `${path.relative(root, path.join(realms, "liga"))}/`;
  return output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.startsWith(folder))
    .map((line) => line.slice(folder.length));
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "realm-folder-"));
  realms = path.join(scratch, "realms");
  await cp(path.join(demoRealmsDir, "liga"), path.join(realms, "liga"), { recursive: true });
  await replaceIn(
    path.join(realms, "liga", "content.json"),
    '"videoKeys": [\n        "gols-da-rodada-32"',
    '"videoKeys": [\n        "no-such-video"',
  );
  await replaceIn(path.join(realms, "liga", "realm.json"), '"realm": "liga"', '"realm": "arena"');
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("one validator of a realm folder", { timeout: 30_000 }, () => {
  it("npm run validate prints the two problems", async () => {
    const result = await node("scripts/validate.ts", path.relative(root, realms));
    expect(result.code).toBe(1);
    expect(problemsIn(result.stdout)).toEqual(planted);
    expect(result.stdout).toMatch(/ checked, 2 problems\n$/);
  });

  it("npm run db:seed refuses the folder with the same two problems", async () => {
    const result = await node("scripts/seed.ts", "--dir", path.relative(root, realms));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^db:seed: invalid config \(2 problems\):\n/);
    expect(problemsIn(result.stderr)).toEqual(planted);
  });

  it("POST /admin/validate/realm reports the same two problems", async () => {
    const { token } = await viewerToken(platform.store, "liga", "ADMIN");
    const files = Object.fromEntries(await readFolder(path.join(realms, "liga")));
    const res = await platform.api.call("liga", "/api/v2/admin/validate/realm", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ files }),
    });
    expect(res.status).toBe(200);
    const report = (await res.json()) as {
      valid: boolean;
      issues: { file: string; line: number; column: number; pointer: string; message: string }[];
    };
    expect(report.valid).toBe(false);
    expect(
      report.issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.pointer} ${i.message}`),
    ).toEqual(planted);

    const intact = Object.fromEntries(await readFolder(path.join(demoRealmsDir, "liga")));
    const valid = await platform.api.call("liga", "/api/v2/admin/validate/realm", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: JSON.stringify({ files: intact }),
    });
    expect(await valid.json()).toEqual({ valid: true, issues: [] });
  });
});
