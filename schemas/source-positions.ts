/**
 * A strict JSON parser (RFC 8259) that remembers where every value starts, so a schema issue
 * reported at a JSON pointer can be shown as `file:line:column`. JSON.parse cannot do this: it
 * keeps no positions, and its syntax errors name a character offset in engine-specific words.
 */

export interface SourcePosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units like tsc and VS Code, so `file:line:column` links land. */
  column: number;
}

export interface LocatedJson {
  value: unknown;
  /**
   * Where the value at `pointer` starts (or, with `"key"`, where its property name starts). A
   * pointer that names nothing falls back to its nearest existing ancestor, because schema
   * issues such as a missing property are reported at places that do not exist in the text.
   */
  positionOf(pointer: string, target?: "value" | "key"): SourcePosition;
  /**
   * Where the value at `pointer` is in the text, as offsets (end exclusive), so an editor can
   * select it; undefined when the pointer names nothing.
   */
  spanOf(pointer: string): { start: number; end: number } | undefined;
  /** Pointers of properties written twice in one object; like JSON.parse, the last one wins. */
  duplicateKeys: string[];
}

export class JsonSyntaxError extends SyntaxError {
  override name = "JsonSyntaxError";
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

/** Deeper documents are refused: config never nests this far, and recursion stays bounded. */
export const MAX_DEPTH = 64;

export function locateJson(text: string): LocatedJson {
  const parser = new Parser(text);
  const value = parser.document();
  const { values, keys, spans } = parser;
  return {
    value,
    duplicateKeys: parser.duplicateKeys,
    positionOf(pointer, target = "value") {
      let at = pointer;
      if (target === "key" && keys.has(at)) return keys.get(at)!;
      while (!values.has(at)) at = at.slice(0, Math.max(at.lastIndexOf("/"), 0));
      return values.get(at)!;
    },
    spanOf: (pointer) => spans.get(pointer),
  };
}

export function escapePointerSegment(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

const ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

class Parser {
  readonly values = new Map<string, SourcePosition>();
  readonly keys = new Map<string, SourcePosition>();
  readonly spans = new Map<string, { start: number; end: number }>();
  readonly duplicateKeys: string[] = [];
  private pos = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {
    // A BOM is not part of the document, and editors do not count it as a column.
    if (text.charCodeAt(0) === 0xfeff) this.pos = this.lineStart = 1;
  }

  document(): unknown {
    this.skipWhitespace();
    const value = this.value("", 0);
    this.skipWhitespace();
    if (this.pos < this.text.length) this.fail("end of input");
    return value;
  }

  private value(pointer: string, depth: number): unknown {
    const start = this.pos;
    const value = this.valueAt(pointer, depth);
    this.spans.set(pointer, { start, end: this.pos });
    return value;
  }

  private valueAt(pointer: string, depth: number): unknown {
    this.values.set(pointer, this.here());
    const c = this.text[this.pos];
    if (c === "{") return this.object(pointer, depth + 1);
    if (c === "[") return this.array(pointer, depth + 1);
    if (c === '"') return this.string();
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return this.number();
    for (const [word, literal] of [
      ["true", true],
      ["false", false],
      ["null", null],
    ] as const) {
      if (this.text.startsWith(word, this.pos)) {
        this.pos += word.length;
        return literal;
      }
    }
    return this.fail("a value");
  }

  private object(pointer: string, depth: number): Record<string, unknown> {
    this.enter(depth);
    const result: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return result;
    }
    for (;;) {
      if (this.text[this.pos] !== '"') this.fail("a property name in double quotes");
      const keyAt = this.here();
      const key = this.string();
      const child = `${pointer}/${escapePointerSegment(key)}`;
      if (seen.has(key)) this.duplicateKeys.push(child);
      seen.add(key);
      this.keys.set(child, keyAt);
      this.skipWhitespace();
      if (this.text[this.pos] !== ":") this.fail("':' after the property name");
      this.pos++;
      this.skipWhitespace();
      // defineProperty, because assigning "__proto__" would replace the prototype instead.
      Object.defineProperty(result, key, {
        value: this.value(child, depth),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skipWhitespace();
      if (this.text[this.pos] === "}") {
        this.pos++;
        return result;
      }
      if (this.text[this.pos] !== ",") this.fail("',' or '}'");
      this.pos++;
      this.skipWhitespace();
      if (this.text[this.pos] === "}") {
        this.fail("a property name; JSON does not allow a comma before '}'");
      }
    }
  }

  private array(pointer: string, depth: number): unknown[] {
    this.enter(depth);
    const result: unknown[] = [];
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return result;
    }
    for (;;) {
      result.push(this.value(`${pointer}/${result.length}`, depth));
      this.skipWhitespace();
      if (this.text[this.pos] === "]") {
        this.pos++;
        return result;
      }
      if (this.text[this.pos] !== ",") this.fail("',' or ']'");
      this.pos++;
      this.skipWhitespace();
      if (this.text[this.pos] === "]") {
        this.fail("a value; JSON does not allow a comma before ']'");
      }
    }
  }

  private enter(depth: number): void {
    if (depth > MAX_DEPTH) {
      throw this.error(`too deeply nested (more than ${MAX_DEPTH} levels of objects and arrays)`);
    }
  }

  private string(): string {
    const start = this.pos;
    let result = "";
    let chunkStart = ++this.pos;
    for (;;) {
      const code = this.text.charCodeAt(this.pos);
      if (Number.isNaN(code)) {
        this.pos = start;
        throw this.error("unterminated string (missing closing '\"')");
      }
      if (code === 0x22) break;
      if (code < 0x20) {
        throw this.error(
          code === 0x0a || code === 0x0d
            ? "line break inside a string (close the string, or write \\n)"
            : `control character ${unicodeName(code)} inside a string (write it as an escape)`,
        );
      }
      if (code !== 0x5c) {
        this.pos++;
        continue;
      }
      result += this.text.slice(chunkStart, this.pos);
      const escape = this.text[this.pos + 1];
      if (escape === "u") {
        const hex = this.text.slice(this.pos + 2, this.pos + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) {
          throw this.error("invalid unicode escape (expected 4 hex digits after \\u)");
        }
        result += String.fromCharCode(parseInt(hex, 16));
        this.pos += 6;
      } else if (escape !== undefined && escape in ESCAPES) {
        result += ESCAPES[escape];
        this.pos += 2;
      } else {
        if (escape === undefined) this.pos = start;
        throw this.error(
          escape === undefined
            ? "unterminated string (missing closing '\"')"
            : `invalid escape '\\${escape}' in a string`,
        );
      }
      chunkStart = this.pos;
    }
    result += this.text.slice(chunkStart, this.pos);
    this.pos++;
    return result;
  }

  private number(): number {
    NUMBER.lastIndex = this.pos;
    const match = NUMBER.exec(this.text)?.[0];
    const next = this.text[this.pos + (match?.length ?? 0)] ?? "";
    if (match && !/[\w.+-]/.test(next)) {
      this.pos += match.length;
      return Number(match);
    }
    if (match && /^-?0$/.test(match) && /\d/.test(next)) {
      throw this.error("numbers must not have leading zeros");
    }
    throw this.error(`invalid number '${this.wordAt(/[\w.+-]*/y)}'`);
  }

  private skipWhitespace(): void {
    for (;;) {
      const c = this.text[this.pos];
      if (c === " " || c === "\t") this.pos++;
      else if (c === "\n" || c === "\r") {
        this.pos += c === "\r" && this.text[this.pos + 1] === "\n" ? 2 : 1;
        this.line++;
        this.lineStart = this.pos;
      } else return;
    }
  }

  private here(): SourcePosition {
    return { line: this.line, column: this.pos - this.lineStart + 1 };
  }

  private fail(expected: string): never {
    const c = this.text.codePointAt(this.pos);
    if (c === undefined) throw this.error(`unexpected end of input (expected ${expected})`);
    const word = this.wordAt(/[A-Za-z_]\w*/y);
    const shown = word
      ? `word '${word}'`
      : c < 0x20 || c === 0x7f
        ? `character ${unicodeName(c)}`
        : `character ${c === 0x27 ? `"'"` : `'${String.fromCodePoint(c)}'`}`;
    const quotes =
      (word || c === 0x27) && expected === "a value" ? "; strings need double quotes" : "";
    throw this.error(`unexpected ${shown} (expected ${expected}${quotes})`);
  }

  private wordAt(pattern: RegExp): string {
    pattern.lastIndex = this.pos;
    return pattern.exec(this.text)?.[0].slice(0, 40) ?? "";
  }

  private error(message: string): JsonSyntaxError {
    const { line, column } = this.here();
    return new JsonSyntaxError(message, line, column);
  }
}

function unicodeName(code: number): string {
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}
