import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allSchemas } from "../../../schemas/index.ts";
import { schemaAjv } from "../../../schemas/validator.ts";
import { blockFiles, type GeneratedFile } from "../../../scripts/generate/blocks.ts";

const root = path.resolve(import.meta.dirname, "../../..");
const fixture = path.join(root, "tests/fixtures/blocks/scoreboard");

let blocksRoot: string;
let files: GeneratedFile[];
const content = (file: string) => {
  const found = files.find((f) => f.path.endsWith(file));
  if (!found) throw new Error(`${file} was not generated`);
  return found.content;
};
const json = (file: string) => JSON.parse(content(file)) as Record<string, unknown>;

beforeAll(async () => {
  // The product's block folders plus one new folder, and nothing else.
  blocksRoot = mkdtempSync(path.join(tmpdir(), "blocks-"));
  cpSync(path.join(root, "blocks"), blocksRoot, {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}generated`),
  });
  cpSync(fixture, path.join(blocksRoot, "scoreboard"), { recursive: true });
  files = await blockFiles(root, blocksRoot);
});

afterAll(() => rmSync(blocksRoot, { recursive: true, force: true }));

describe("a block is a folder", () => {
  it("puts a new folder's block in the union every zone accepts", () => {
    const union = json("schemas/block.schema.json");
    expect(union.oneOf).toContainEqual({ $ref: "blocks/scoreboard.schema.json" });
    expect(union.oneOf).toContainEqual({ $ref: "blocks/rail.schema.json" });
    expect(JSON.stringify(union)).toContain("scoreboard");
    expect(json("schemas/blocks/scoreboard.schema.json")).toMatchObject({
      $id: "https://schemas.streaming.local/blocks/scoreboard.schema.json",
      title: "ScoreboardBlock",
    });
    expect(content("schemas/generated/block-schemas.ts")).toContain(
      'import scoreboard from "../blocks/scoreboard.schema.json";',
    );
  });

  it("validates a page's zones with the new block, and rejects its unknown properties", () => {
    const generated = new Set(files.filter((f) => f.path.endsWith(".json")).map((f) => f.path));
    const ids = new Set([...generated].map((file) => (json(file) as { $id: string }).$id));
    const ajv = schemaAjv();
    for (const schema of allSchemas) if (!ids.has(schema.$id)) ajv.addSchema(schema as object);
    for (const file of generated) ajv.addSchema(json(file));
    const zones = ajv.getSchema("https://schemas.streaming.local/page-zones.schema.json")!;
    expect(zones({ main: [{ id: "scores", type: "scoreboard", rows: 3 }] })).toBe(true);
    expect(zones({ main: [{ id: "scores", type: "scoreboard", colour: "red" }] })).toBe(false);
    expect(
      zones({ main: [{ id: "r", type: "rail", title: "Latest", source: { kind: "videos" } }] }),
    ).toBe(true);
  });

  it("registers the folder's definition under its type", () => {
    const registry = content("generated/registry.ts");
    expect(registry).toContain(
      'import { definition as scoreboard } from "../scoreboard/index.tsx";',
    );
    expect(registry).toMatch(/^ {2}scoreboard,$/m);
    expect(registry).toMatch(/^ {2}continueWatching,$/m);
  });

  it("types the new block's config by its type", async () => {
    const types = content("generated/types.ts");
    expect(types).toContain(
      'import type { ScoreboardBlock } from "../../schemas/generated/blocks-scoreboard.ts";',
    );
    expect(types).toContain("scoreboard: ScoreboardBlock;");
    // The same schema `npm run schemas` compiles into that file.
    const ts = await compile(
      json("schemas/blocks/scoreboard.schema.json") as never,
      "ScoreboardBlock",
      {
        bannerComment: "",
        additionalProperties: false,
      },
    );
    expect(ts).toMatch(
      /export interface ScoreboardBlock \{[^}]*type: "scoreboard";[^}]*rows\?: number;/s,
    );
  });

  it("adds the folder's styles to the blocks' stylesheet", () => {
    const css = content("generated/styles.css");
    expect(css).toContain("/* blocks/scoreboard/styles.css */\n.block-scoreboard {");
    expect(css).toContain("/* blocks/hero/styles.css */");
  });
});
