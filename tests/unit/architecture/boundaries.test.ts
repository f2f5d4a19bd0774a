import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const CLI = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const CONFIG = path.join(root, ".dependency-cruiser.cjs");
const FOLDERS = ["app", "platform", "server", "blocks", "layouts", "contract", "schemas"];

/** Runs the project's boundary rules over `cwd`, as `npm test` does over the repository. */
function cruise(cwd: string) {
  const folders = FOLDERS.filter((folder) => existsSync(path.join(cwd, folder)));
  const result = spawnSync(
    process.execPath,
    [CLI, ...folders, "--config", CONFIG, "--output-type", "json"],
    // The JSON report of the whole repository is several MiB: above spawnSync's default buffer.
    { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 },
  );
  if (result.status !== 0 && !result.stdout) {
    throw new Error(`dependency-cruiser failed: ${result.stderr || result.error?.message}`);
  }
  const report = JSON.parse(result.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

const sandboxes: string[] = [];
afterAll(() => sandboxes.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A throwaway tree of `files` (path → source) with the repository's tsconfig paths. */
function tree(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "boundaries-"));
  sandboxes.push(dir);
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        allowImportingTsExtensions: true,
        moduleResolution: "Bundler",
        baseUrl: ".",
        paths: { "~/*": ["./app/*"] },
      },
    }),
  );
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

describe("folder boundaries", () => {
  it("hold in the repository", () => {
    expect(cruise(root)).toEqual([]);
  });

  it("refuse each forbidden import", () => {
    const dir = tree({
      "platform/store/store.ts": "export const store = 1;\n",
      "server/http.ts":
        'import { store } from "../platform/store/store.ts";\nexport const app = store;\n',
      "app/feature/thing.ts": "export const thing = 1;\n",
      "app/ui/Card.tsx": "export const Card = 1;\n",
      "app/i18n/i18n.ts": "export const i18n = 1;\n",
      "contract/headers.ts": "export const HEADERS = 1;\n",
      // forbidden
      "app/routes/page.tsx":
        'import { store } from "../../platform/store/store.ts";\nexport default store;\n',
      "app/routes/host.tsx": 'import { app } from "../../server/http.ts";\nexport default app;\n',
      "platform/api/route.ts":
        'import { thing } from "~/feature/thing.ts";\nexport const route = thing;\n',
      "blocks/rail/index.tsx":
        'import { thing } from "../../app/feature/thing.ts";\nimport { Card } from "../../app/ui/Card.tsx";\nexport const rail = [thing, Card];\n',
      "contract/endpoints.ts":
        'import { route } from "../platform/api/route.ts";\nimport { HEADERS } from "./headers.ts";\nexport const endpoints = [route, HEADERS];\n',
      "schemas/page.ts": 'import { i18n } from "../app/i18n/i18n.ts";\nexport const page = i18n;\n',
    });
    expect(cruise(dir).sort()).toEqual(
      [
        "app-not-to-platform-or-host: app/routes/host.tsx → server/http.ts",
        "app-not-to-platform-or-host: app/routes/page.tsx → platform/store/store.ts",
        "platform-stands-alone: platform/api/route.ts → app/feature/thing.ts",
        "blocks-only-shared-app-pieces: blocks/rail/index.tsx → app/feature/thing.ts",
        "contract-and-schemas-know-nothing-of-ours: contract/endpoints.ts → platform/api/route.ts",
        "contract-and-schemas-know-nothing-of-ours: schemas/page.ts → app/i18n/i18n.ts",
      ].sort(),
    );
  });
});
