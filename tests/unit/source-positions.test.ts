import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JsonSyntaxError, locateJson, MAX_DEPTH } from "../../schemas/source-positions.ts";
import { demoRealmsDir } from "../../platform/seed/config.ts";

const lines = [
  "{",
  '  "a": {',
  '    "b": [1, {"c": "x"}],',
  '    "d~/e": true',
  "  },",
  '  "s": "é😀\\u00e9\\n", "t": 1,',
  '  "n": -1.5e3',
  "}",
];
const doc = lines.join("\n");

function syntaxError(text: string): JsonSyntaxError {
  try {
    locateJson(text);
  } catch (error) {
    if (error instanceof JsonSyntaxError) return error;
    throw error;
  }
  throw new Error("expected a JsonSyntaxError");
}

describe("locateJson", () => {
  it("parses what JSON.parse parses, to the same value", async () => {
    expect(locateJson(doc).value).toEqual(JSON.parse(doc));
    const content = await readFile(path.join(demoRealmsDir, "liga", "content.json"), "utf8");
    expect(locateJson(content).value).toEqual(JSON.parse(content));
  });

  it("finds where nested values start", () => {
    const { positionOf } = locateJson(doc);
    expect(positionOf("")).toEqual({ line: 1, column: 1 });
    expect(positionOf("/a")).toEqual({ line: 2, column: 8 });
    expect(positionOf("/a/b")).toEqual({ line: 3, column: 10 });
    expect(positionOf("/a/b/0")).toEqual({ line: 3, column: 11 });
    expect(positionOf("/a/b/1")).toEqual({ line: 3, column: 14 });
    expect(positionOf("/a/b/1/c")).toEqual({ line: 3, column: 20 });
    expect(positionOf("/n")).toEqual({ line: 7, column: 8 });
  });

  it("gives the span of each value, so an editor can select it", () => {
    const { spanOf } = locateJson(doc);
    const text = (pointer: string) => {
      const span = spanOf(pointer)!;
      return doc.slice(span.start, span.end);
    };
    expect(text("")).toBe(doc.trim());
    expect(JSON.parse(text("/a/b"))).toEqual(JSON.parse(doc).a.b);
    expect(JSON.parse(text("/a/b/1"))).toEqual(JSON.parse(doc).a.b[1]);
    expect(text("/n")).toBe("-1.5e3");
    expect(spanOf("/nothing")).toBeUndefined();
  });

  it("unescapes ~0 and ~1 in pointers", () => {
    const { positionOf } = locateJson(doc);
    expect(positionOf("/a/d~0~1e")).toEqual({ line: 4, column: 13 });
    expect(positionOf("/a/d~0~1e", "key")).toEqual({ line: 4, column: 5 });
  });

  it("gives the position of a property's key when asked (unknown properties)", () => {
    const { positionOf } = locateJson(doc);
    expect(positionOf("/a/b/1/c", "key")).toEqual({ line: 3, column: 15 });
    expect(positionOf("/a", "key")).toEqual({ line: 2, column: 3 });
    // Array items and the root have no key: their value is the best place.
    expect(positionOf("/a/b/0", "key")).toEqual({ line: 3, column: 11 });
    expect(positionOf("", "key")).toEqual({ line: 1, column: 1 });
  });

  it("falls back to the nearest existing ancestor", () => {
    const { positionOf } = locateJson(doc);
    expect(positionOf("/a/b/1/missing")).toEqual({ line: 3, column: 14 });
    expect(positionOf("/a/b/7")).toEqual({ line: 3, column: 10 });
    expect(positionOf("/a/zzz/deeper")).toEqual({ line: 2, column: 8 });
    expect(positionOf("/a/zzz", "key")).toEqual({ line: 2, column: 8 });
    expect(positionOf("/nope")).toEqual({ line: 1, column: 1 });
  });

  it("decodes escapes and counts columns in UTF-16 code units after them", () => {
    const { value, positionOf } = locateJson(doc);
    expect((value as { s: string }).s).toBe("é😀é\n");
    expect(positionOf("/t")).toEqual({ line: 6, column: 28 });
    expect(positionOf("/t", "key")).toEqual({ line: 6, column: 23 });
    expect(locateJson('"\\"\\\\\\/\\b\\f\\n\\r\\t\\ud83d\\ude00"').value).toBe('"\\/\b\f\n\r\t😀');
  });

  it("counts CRLF as one line break", () => {
    const { value, positionOf } = locateJson(lines.join("\r\n"));
    expect(value).toEqual(JSON.parse(doc));
    expect(positionOf("/a/b/1/c")).toEqual({ line: 3, column: 20 });
    expect(positionOf("/t")).toEqual({ line: 6, column: 28 });
    expect(positionOf("/n")).toEqual({ line: 7, column: 8 });
  });

  it("skips a byte order mark without counting it as a column", () => {
    const { value, positionOf } = locateJson(`\ufeff${doc}`);
    expect(value).toEqual(JSON.parse(doc));
    expect(positionOf("")).toEqual({ line: 1, column: 1 });
    expect(positionOf("/a")).toEqual({ line: 2, column: 8 });
    expect(locateJson('\ufeff{"a": 1}').positionOf("/a")).toEqual({ line: 1, column: 7 });
  });

  it("keeps the last of duplicate keys, as JSON.parse does, and reports them", () => {
    const located = locateJson('{"a": 1,\n "a": 2, "__proto__": 3}');
    expect(located.value).toEqual(JSON.parse('{"a": 2, "__proto__": 3}'));
    expect(Object.getPrototypeOf(located.value)).toBe(Object.prototype);
    expect(located.duplicateKeys).toEqual(["/a"]);
    expect(located.positionOf("/a", "key")).toEqual({ line: 2, column: 2 });
  });

  it.each([
    [
      '{\n  "a": 1,\n}',
      3,
      1,
      "unexpected character '}' (expected a property name; JSON does not allow a comma before '}')",
    ],
    ['{"a": }', 1, 7, "unexpected character '}' (expected a value)"],
    ['{\r\n  "a": [1 2]\r\n}', 2, 11, "unexpected character '2' (expected ',' or ']')"],
    ['{\n  "a" 1\n}', 2, 7, "unexpected character '1' (expected ':' after the property name)"],
    ["{'a': 1}", 1, 2, `unexpected character "'" (expected a property name in double quotes)`],
    ['{"a": TOP}', 1, 7, "unexpected word 'TOP' (expected a value; strings need double quotes)"],
    ['{\n  "a": "abc\n}', 2, 12, "line break inside a string (close the string, or write \\n)"],
    ['["abc', 1, 2, "unterminated string (missing closing '\"')"],
    ['"\\q"', 1, 2, "invalid escape '\\q' in a string"],
    ['"\\u12g4"', 1, 2, "invalid unicode escape (expected 4 hex digits after \\u)"],
    ["[1,", 1, 4, "unexpected end of input (expected a value)"],
    ["", 1, 1, "unexpected end of input (expected a value)"],
    ["[01]", 1, 2, "numbers must not have leading zeros"],
    ["[1.]", 1, 2, "invalid number '1.'"],
    ["{} {}", 1, 4, "unexpected character '{' (expected end of input)"],
    ["\ufeff\n }", 2, 2, "unexpected character '}' (expected a value)"],
  ])("reports %j at %i:%i", (text, line, column, message) => {
    const error = syntaxError(text);
    expect({ line: error.line, column: error.column, message: error.message }).toEqual({
      line,
      column,
      message,
    });
  });

  it(`refuses nesting deeper than ${MAX_DEPTH} levels`, () => {
    const deepest = "[".repeat(MAX_DEPTH) + "]".repeat(MAX_DEPTH);
    expect(() => locateJson(deepest)).not.toThrow();
    const tooDeep = `{"a":${"[".repeat(MAX_DEPTH)}${"]".repeat(MAX_DEPTH)}}`;
    const error = syntaxError(tooDeep);
    expect(error.message).toBe(
      `too deeply nested (more than ${MAX_DEPTH} levels of objects and arrays)`,
    );
    expect({ line: error.line, column: error.column }).toEqual({ line: 1, column: 69 });
    // Far deeper input fails the same way instead of overflowing the stack.
    expect(() => locateJson("[".repeat(100_000))).toThrow(JsonSyntaxError);
  });
});
