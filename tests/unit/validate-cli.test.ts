import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoRealmsDir } from "../../platform/seed/config.ts";

const root = path.resolve(import.meta.dirname, "../..");
const enumMessage = "must be one of: TOP, TOP_LEFT, HAMBURGER, SIDEBAR";
let scratch: string;
let realms: string;
let extra: string;
/** The problems planted below, in the order the CLI must print them. */
let planted: { file: string; line: number; column: number; pointer: string; message: string }[];

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/validate.ts", ...args],
    {
      cwd: root,
    },
  ).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    ({ code, stdout, stderr }: { code: number; stdout: string; stderr: string }) => ({
      code,
      stdout,
      stderr,
    }),
  );
}

/** Replaces `find` in a file and returns the 1-based line and column where `mark` now starts. */
async function plant(file: string, find: string, replace: string, mark: string) {
  const text = await readFile(file, "utf8");
  expect(text).toContain(find);
  const changed = text.replace(find, replace);
  await writeFile(file, changed);
  const index = changed.indexOf(replace) + replace.indexOf(mark);
  const before = changed.slice(0, index).split("\n");
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "validate-cli-"));
  realms = path.join(scratch, "realms");
  extra = path.join(scratch, "extra");
  await cp(demoRealmsDir, realms, { recursive: true });
  await mkdir(extra);

  const menu = path.join(realms, "arena", "menu.json");
  const layout = await plant(menu, '"layout": "TOP"', '"layout": "DIAGONAL"', '"DIAGONAL"');
  expect(layout).toEqual({ line: 4, column: 13 });
  const realm = path.join(realms, "arena", "realm.json");
  const bogus = await plant(
    realm,
    '"sport": "combat",',
    '"sport": "combat", "bogus": true,',
    '"bogus"',
  );
  const content = path.join(realms, "liga", "content.json");
  const duration = await plant(
    content,
    '"durationMinutes": 5256000',
    '"durationMinutes": -5',
    "-5",
  );
  const broken = path.join(extra, "broken.json");
  await writeFile(
    broken,
    '{\n  "$schema": "../schemas/menu.schema.json",\n  "layout": "TOP",\n}\n',
  );
  const notes = path.join(extra, "notes.json");
  await writeFile(notes, '{ "hello": "world" }\n');
  const theme = path.join(extra, "theme.json");
  await writeFile(theme, '{\n  "$schema": "../../schemas/theme.schema.json"\n}\n');

  planted = [
    { file: menu, ...layout, pointer: "/layout", message: enumMessage },
    {
      file: realm,
      ...bogus,
      pointer: "/bogus",
      message: "unknown property 'bogus' (check its spelling)",
    },
    {
      file: content,
      ...duration,
      pointer: "/events/0/durationMinutes",
      message: expect.stringMatching(/^must be (≥|>=) 1$/),
    },
    {
      file: broken,
      line: 4,
      column: 1,
      pointer: "",
      message:
        "invalid JSON: unexpected character '}' " +
        "(expected a property name; JSON does not allow a comma before '}')",
    },
    {
      file: notes,
      line: 1,
      column: 1,
      pointer: "",
      message: expect.stringMatching(/^cannot tell what kind of config this is: add a "\$schema"/),
    },
    {
      file: theme,
      line: 2,
      column: 14,
      pointer: "/$schema",
      message: expect.stringMatching(/^"\$schema" does not name a config schema/),
    },
  ];
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("npm run validate", { timeout: 30_000 }, () => {
  it("passes the demo config", async () => {
    const result = await cli("platform/seed");
    const files = await countJson(path.join(root, "platform/seed"));
    expect(result).toEqual({ code: 0, stdout: `${files} files checked, 0 problems\n`, stderr: "" });
  });

  it("exits 1 with file:line:column, pointer and reason for every problem", async () => {
    const result = await cli(realms, extra);
    expect(result.code).toBe(1);
    const out = result.stdout.trimEnd().split("\n");
    // The broken copy of the demo realms plus the planted files outside it.
    const files = (await countJson(realms)) + (await countJson(extra));
    expect(out.at(-1)).toBe(`${files} files checked, 6 problems`);
    expect(out).toContain(`${path.join(realms, "arena", "menu.json")}:4:13 /layout ${enumMessage}`);
    expect(out.slice(0, -1)).toEqual(
      planted.map((p) =>
        typeof p.message === "string"
          ? `${p.file}:${p.line}:${p.column} ${p.pointer || "/"} ${p.message}`
          : expect.stringMatching(
              new RegExp(
                `^${escapeRegExp(`${p.file}:${p.line}:${p.column} ${p.pointer || "/"} `)}`,
              ),
            ),
      ),
    );
    expect(out.find((line) => line.startsWith(path.join(extra, "notes.json")))).toMatch(
      / \/ cannot tell what kind of config this is: add a "\$schema" property .*realm\.json/,
    );
  });

  it("prints only a JSON array of the problems with --json", async () => {
    const result = await cli("--json", realms, extra);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual(planted);
    expect(result.stderr).toBe("");
  });

  it("prints an empty JSON array when all is valid", async () => {
    const result = await cli("--json", "platform/seed/realms/liga/menu.json");
    expect(result).toEqual({ code: 0, stdout: "[]\n", stderr: "" });
  });

  it("refuses files over 1 MiB without parsing them", async () => {
    const big = path.join(scratch, "big", "menu.json");
    await mkdir(path.dirname(big));
    await writeFile(big, `[${"0,".repeat(600_000)}0]`);
    const result = await cli(big);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      `${big}:1:1 / is 1200003 bytes; config files must not be larger than 1 MiB\n` +
        "1 file checked, 1 problem\n",
    );
  });

  it("exits 2 with usage when given no paths", async () => {
    const result = await cli();
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^validate: no files or folders given\nusage: /);
  });

  it("exits 2 naming a path that does not exist, before checking anything", async () => {
    const missing = path.join(scratch, "no-such-folder");
    const result = await cli("platform/seed", missing);
    expect(result).toEqual({
      code: 2,
      stdout: "",
      stderr: `validate: no such file or folder: ${missing}\n`,
    });
  });

  it("warns, and still exits 0, when the header logo's colours fade into the header", async () => {
    const liga = path.join(scratch, "faint-logo", "liga");
    await cp(path.join(demoRealmsDir, "liga"), liga, { recursive: true });
    const realm = path.join(liga, "realm.json");
    // The white wordmark made for dark headers, on Liga's near-white one.
    const at = await plant(
      realm,
      '"onLight": "/brand/liga/logo-on-light.svg"',
      '"onLight": "/brand/liga/logo-on-dark.svg"',
      '"/brand',
    );
    const result = await cli(liga);
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toBe(
      `${realm}:${at.line}:${at.column} /settings/logo/onLight warning: the logo ` +
        "/brand/liga/logo-on-dark.svg has #ffd200 at 1.35:1, #ffffff at 1.08:1 against the " +
        "header colour #f6f7f2; a logo needs 3:1 to be seen (WCAG 1.4.11)",
    );
    expect(lines.at(-1)).toMatch(/ files checked, 0 problems, 1 warning$/);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

async function countJson(target: string): Promise<number> {
  if ((await stat(target)).isFile()) return 1;
  const entries = await readdir(target, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".json")).length;
}
