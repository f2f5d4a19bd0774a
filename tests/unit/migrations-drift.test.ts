import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

describe("store migrations", () => {
  it("match the Drizzle schema (drizzle-kit generates nothing new)", async () => {
    // drizzle-kit only understands an --out path relative to the working directory.
    await mkdir(path.join(root, "tests/.cache"), { recursive: true });
    const scratch = await mkdtemp(path.join(root, "tests/.cache/migrations-drift-"));
    try {
      await cp(path.join(root, "platform/store/migrations"), scratch, { recursive: true });
      const before = await readdir(scratch);
      const output = execFileSync(
        "npx",
        [
          "drizzle-kit",
          "generate",
          "--dialect",
          "postgresql",
          "--schema",
          "platform/store/schema.ts",
          "--out",
          path.relative(root, scratch),
        ],
        { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
      );
      const added = (await readdir(scratch)).filter((f) => !before.includes(f));
      expect(added, "the schema changed without a migration: run npm run db:generate").toEqual([]);
      // drizzle-kit exits 0 even when it fails to read the folder, so insist on its verdict.
      expect(output).toContain("No schema changes");
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }, 60_000);
});
