import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoRealmsDir } from "../../platform/seed/config.ts";
import { readFolder } from "../../platform/realm-config/read-files.ts";
import { validateRealmFolder } from "../../platform/realm-config/realm-folder.ts";

const root = path.resolve(import.meta.dirname, "../..");
let scratch: string;
/** A copy of liga whose texts lack a realm language: warnings only. */
let lacking: string;
/** A copy of liga with a text in a language the realm does not have: an error. */
let foreign: string;

async function cli(...args: string[]): Promise<{ code: number; stdout: string }> {
  return promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "scripts/validate.ts", ...args],
    {
      cwd: root,
    },
  ).then(
    ({ stdout }) => ({ code: 0, stdout }),
    ({ code, stdout }: { code: number; stdout: string }) => ({ code, stdout }),
  );
}

/** A path as a regular expression matching it literally; the CLI names files as it was given them. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function replaceIn(file: string, find: string, replace: string) {
  const text = await readFile(file, "utf8");
  expect(text).toContain(find);
  await writeFile(file, text.replace(find, replace));
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "validate-languages-"));
  lacking = path.join(scratch, "lacking", "liga");
  foreign = path.join(scratch, "foreign", "liga");
  await cp(path.join(demoRealmsDir, "liga"), lacking, { recursive: true });
  await cp(path.join(demoRealmsDir, "liga"), foreign, { recursive: true });
  // The first menu item loses its Spanish title; the home page's live rail its English and Spanish.
  await replaceIn(path.join(lacking, "menu.json"), ', "es": "Inicio"', "");
  await replaceIn(
    path.join(lacking, "pages", "home.json"),
    '"title": { "pt": "Ao vivo agora", "en": "Live now", "es": "En vivo ahora" }',
    '"title": { "pt": "Ao vivo agora" }',
  );
  await replaceIn(
    path.join(foreign, "menu.json"),
    '"es": "Inicio"',
    '"es": "Inicio", "fr": "Accueil"',
  );
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("npm run validate on texts given per language", () => {
  it("warns of every realm language a text lacks, with file, line, column and pointer, and exits 0", async () => {
    const result = await cli(lacking);
    const lines = result.stdout.trimEnd().split("\n");
    const shown = escaped(lacking);
    expect(lines.filter((line) => line.includes("warning:"))).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${shown}/menu\\.json:\\d+:\\d+ /items/0/title warning: has no text in es \\(settings\\.realmLanguages: pt, es, en\\)`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^${shown}/pages/home\\.json:\\d+:\\d+ /zones/main/2/title warning: zones/main/2 \\(rail 'ao-vivo'\\): title has no text in es, en `,
        ),
      ),
    ]);
    expect(lines.at(-1)).toMatch(/, 0 problems, 2 warnings$/);
    expect(result.code).toBe(0);
  });

  it("rejects a language the realm does not have, at its key", async () => {
    const result = await cli(foreign);
    const shown = escaped(foreign);
    expect(result.stdout).toMatch(
      new RegExp(
        `${shown}/menu\\.json:\\d+:\\d+ /items/0/title/fr 'fr' is not one of settings\\.realmLanguages \\(pt, es, en\\)`,
      ),
    );
    expect(result.code).toBe(1);
  });

  it("keeps a folder with warnings usable, as db:seed reads it", async () => {
    const report = validateRealmFolder({ name: "liga", files: await readFolder(lacking) });
    expect(report.issues.map((issue) => issue.severity)).toEqual(["warning", "warning"]);
    expect(report.config?.name).toBe("liga");
    const broken = validateRealmFolder({ name: "liga", files: await readFolder(foreign) });
    expect(broken.config).toBeUndefined();
  });

  it("finds nothing to say about the demo realms, every text in every realm language", async () => {
    const result = await cli(demoRealmsDir);
    expect(result.stdout).not.toContain("warning:");
    expect(result.code).toBe(0);
  });
});
