import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../scripts/build-server.ts";

describe("the built server (scripts/build-server.ts)", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "server-bundle-"));
  const outfile = path.join(dir, "nested", "serve.mjs");
  let text = "";

  beforeAll(async () => {
    await buildServer(outfile);
    text = readFileSync(outfile, "utf8");
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("gives each module that finds files beside itself its own location, from wherever the bundle is", () => {
    const located = [...text.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((match) =>
      fileURLToPath(new URL(match[1]!, `file://${outfile}`)),
    );
    // The store's migrations, the demo realms, the contract's schemas, the React check.
    expect(located.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(["store.ts", "config.ts", "http.ts", "react-build.ts", "serve.ts"]),
    );
    for (const file of located) expect(existsSync(file), file).toBe(true);
    // Nothing is left that would name the bundle's own folder instead.
    expect(text).not.toMatch(/import\.meta\.dirname/);
    expect(text.replace(/new URL\("[^"]+", import\.meta\.url\)/g, "")).not.toMatch(
      /import\.meta\.url/,
    );
  });

  it("loads packages from node_modules and needs no TypeScript loader", () => {
    expect(text).toMatch(/from "react"|from "react-dom\/server"/);
    expect(text).not.toMatch(/from "tsx|require\("tsx/);
    // The Remix build is loaded by path at start-up, not bundled.
    expect(text).not.toMatch(/@remix-run\/dev/);
  });
});
