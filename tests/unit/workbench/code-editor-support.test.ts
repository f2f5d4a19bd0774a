import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { problemRanges } from "../../../app/workbench/problem-ranges.ts";
import { validateDocumentSource } from "../../../platform/realm-config/document-source.ts";
import { documentOf, validateDocument } from "../../../schemas/document-kinds.ts";
import { bundledSchema, DOCUMENT_SCHEMA } from "../../../schemas/editor-schema.ts";
import { schemaAjv } from "../../../schemas/validator.ts";

const section = (itemsPerPage: unknown, extra: object = {}) =>
  `${JSON.stringify(
    {
      name: "fights",
      title: "Fights",
      layout: "default",
      zones: {
        main: [
          {
            id: "latest",
            type: "rail",
            title: "Latest",
            source: { kind: "videos" },
            itemsPerPage,
            ...extra,
          },
        ],
      },
    },
    null,
    2,
  )}\n`;

const ref = { kind: "section", key: "fights" } as const;

describe("problemRanges", () => {
  it("marks a placed problem at its line and column, over the value, with our message", () => {
    const text = section(500);
    const issues = validateDocumentSource(ref, text);
    expect(issues).toHaveLength(1);
    const [range] = problemRanges(text, issues);
    expect(text.slice(range!.from, range!.to)).toBe("500");
    expect(range!.message).toBe(issues[0]!.message);
    expect(range!.message).toMatch(/itemsPerPage must be ≤ 50/);
    const line = text.slice(0, range!.from).split("\n").length;
    expect(line).toBe(issues[0]!.line);
    expect(range!.severity).toBe("error");
  });

  it("marks an unknown property at its name and a syntax error where it breaks", () => {
    const text = section(12, { cardshape: "portrait" });
    const [unknown] = problemRanges(text, validateDocumentSource(ref, text));
    expect(text.slice(unknown!.from, unknown!.to)).toBe('"cardshape"');
    const broken = '{\n  "name": oops\n}\n';
    const [syntax] = problemRanges(broken, validateDocumentSource(ref, broken));
    expect(broken.slice(syntax!.from, syntax!.to)).toBe("oops");
    expect(syntax!.message).toMatch(/^invalid JSON/);
  });

  it("places a problem that comes without a line (a document checked on reading) by its pointer", () => {
    const text = section(12, { cardshape: "portrait" });
    const issues = validateDocument(ref, JSON.parse(text));
    expect(issues[0]!.target).toBe("key");
    const [range] = problemRanges(text, issues);
    expect(text.slice(range!.from, range!.to)).toBe('"cardshape"');
    expect(
      problemRanges(section(500), validateDocument(ref, JSON.parse(section(500)))).map((r) =>
        section(500).slice(r.from, r.to),
      ),
    ).toEqual(["500"]);
  });

  it("keeps a place past the text's end inside it, and a warning a warning", () => {
    const [range] = problemRanges("{}", [
      { pointer: "", message: "far", line: 9, column: 40, severity: "warning" },
    ]);
    expect(range).toEqual({ from: 2, to: 2, message: "far", severity: "warning" });
  });
});

describe("bundledSchema", () => {
  it("is the schema each document is validated against, by its address", () => {
    const schemaOf = (target: Parameters<typeof documentOf>[0], key?: string) =>
      bundledSchema(DOCUMENT_SCHEMA[documentOf(target, key).kind]).$id;
    expect(schemaOf("navbar", "WEB")).toBe("https://schemas.streaming.local/menu.schema.json");
    expect(schemaOf("page", "home")).toBe("https://schemas.streaming.local/page.schema.json");
    expect(schemaOf("plugin", "Quiz")).toBe("https://schemas.streaming.local/page.schema.json");
    expect(schemaOf("not-found-page")).toBe("https://schemas.streaming.local/page.schema.json");
    expect(schemaOf("section", "fights")).toBe(
      "https://schemas.streaming.local/section.schema.json",
    );
    expect(schemaOf("cancellation-promo")).toBe(
      "https://schemas.streaming.local/cancellation-promo.schema.json",
    );
  });

  it("is one schema per document kind, with every reference inside it", () => {
    for (const name of Object.values(DOCUMENT_SCHEMA)) {
      const schema = bundledSchema(name);
      const refs = JSON.stringify(schema).match(/"\$ref":"[^"]*"/g) ?? [];
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) expect(ref).toMatch(/^"\$ref":"#/);
    }
  });

  it("accepts and refuses what our validator does", () => {
    const ajv = schemaAjv();
    const check = ajv.compile(bundledSchema("section"));
    expect(check(JSON.parse(section(12)))).toBe(true);
    expect(check(JSON.parse(section(500)))).toBe(false);
    expect(check(JSON.parse(section(12, { cardShape: "round" })))).toBe(false);
    expect(check(JSON.parse(section(12, { cardShape: "portrait" })))).toBe(true);
    expect(
      new Ajv2020({ strict: false }).compile(bundledSchema("menu"))({ layout: "TOP", items: [] }),
    ).toBe(true);
  });

  it("keeps each property's description and enum for completion and hover", () => {
    const page = JSON.stringify(bundledSchema("page"));
    expect(page).toContain('"enum":["landscape","portrait"]');
    expect(page).toContain("Card artwork shape.");
    expect(JSON.stringify(bundledSchema("menu"))).toContain('"$ref":"#/$defs/item"');
  });
});
