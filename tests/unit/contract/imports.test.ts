import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
const contract = path.join(root, "contract");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("contract/", () => {
  it("imports nothing of ours but itself and schemas/, so both sides can take it", () => {
    const foreign = sources(contract).flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)]
        .map((match) => path.relative(root, path.resolve(path.dirname(file), match[1]!)))
        .filter((target) => !/^(contract|schemas)\//.test(target))
        .map((target) => `${path.relative(root, file)} → ${target}`),
    );
    expect(foreign).toEqual([]);
  });
});
