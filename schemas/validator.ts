import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { allSchemas, schemaIds, type SchemaName } from "./index.ts";

export interface ValidationIssue {
  /** JSON pointer of the offending value ("" is the document itself). */
  pointer: string;
  /** A sentence a content editor understands. */
  message: string;
  /** "key" when the issue is best shown at the property's name, e.g. an unknown property. */
  target?: "key";
  /** "warning": worth fixing, but the config is still valid and is served (or seeded) as it is. */
  severity?: "warning";
}

export type ValidationResult<T> =
  { ok: true; value: T; issues: [] } | { ok: false; issues: ValidationIssue[] };

let compiled: Map<SchemaName, ValidateFunction> | undefined;

/** An Ajv set up as every config schema expects: draft 2020-12, formats, explained patterns. */
export function schemaAjv(): Ajv2020 {
  const ajv = new Ajv2020({
    strict: true,
    allowUnionTypes: true,
    // Blocks and content queries are tagged unions: report errors of the matching branch only.
    discriminator: true,
    allErrors: true,
    useDefaults: false,
    // Errors carry their schema, so a pattern can explain itself (patternErrorMessage).
    verbose: true,
  });
  addFormats(ajv);
  // The message editors (VS Code) show when a pattern fails; the validator shows it too.
  ajv.addKeyword({ keyword: "patternErrorMessage", schemaType: "string" });
  // Names the generated type of a field whose schema has more than its $ref (lengths), so every
  // localisable text is typed LocalizedText rather than a copy of it.
  ajv.addKeyword({ keyword: "tsType", schemaType: "string" });
  return ajv;
}

/** Compiles `schemas` in one Ajv and gives the validator of each named id. */
export function compileValidators<N extends string>(
  schemas: readonly object[],
  ids: Record<N, string>,
): Map<N, ValidateFunction> {
  const ajv = schemaAjv();
  for (const schema of schemas) ajv.addSchema(schema);
  const validators = new Map<N, ValidateFunction>();
  for (const [name, id] of Object.entries(ids) as [N, string][]) {
    const fn = ajv.getSchema(id);
    if (!fn) throw new Error(`schema ${id} is not registered`);
    validators.set(name, fn);
  }
  return validators;
}

/** What `fn` says of `data`, its errors as issues that name the offending fields. */
export function checkWith<T>(fn: ValidateFunction, data: unknown): ValidationResult<T> {
  if (fn(data)) return { ok: true, value: data as T, issues: [] };
  return { ok: false, issues: describeErrors(fn.errors ?? []) };
}

/** Compiles every schema once per process; later calls reuse the compiled functions. */
function validators(): Map<SchemaName, ValidateFunction> {
  compiled ??= compileValidators(allSchemas as readonly object[], schemaIds);
  return compiled;
}

export function validate<T>(name: SchemaName, data: unknown): ValidationResult<T> {
  return checkWith<T>(validators().get(name)!, data);
}

export function describeErrors(errors: ErrorObject[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const issue = describeError(error);
    const key = `${issue.pointer}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

function describeError(error: ErrorObject): ValidationIssue {
  const p = error.params as Record<string, unknown>;
  const at = error.instancePath;
  switch (error.keyword) {
    case "required":
      return { pointer: at, message: `missing required property '${String(p.missingProperty)}'` };
    case "additionalProperties":
      return {
        pointer: `${at}/${escapePointer(String(p.additionalProperty))}`,
        message: `unknown property '${String(p.additionalProperty)}' (check its spelling)`,
        target: "key",
      };
    case "type":
      return { pointer: at, message: `must be ${article(String(p.type))}` };
    case "enum":
      return {
        pointer: at,
        message: `must be one of: ${(p.allowedValues as unknown[]).map(String).join(", ")}`,
      };
    case "dependentRequired":
      return {
        pointer: at,
        message: `needs '${String(p.missingProperty)}' as well, because it has '${String(p.property)}'`,
      };
    case "discriminator":
      return {
        pointer: `${at}/${String(p.tag)}`,
        message:
          p.tagValue === undefined
            ? `missing '${String(p.tag)}'`
            : `must be one of the known ${String(p.tag)}s, not '${String(p.tagValue)}'`,
      };
    case "const":
      return { pointer: at, message: `must be ${JSON.stringify(p.allowedValue)}` };
    case "pattern": {
      const explained = (error.parentSchema as { patternErrorMessage?: string } | undefined)
        ?.patternErrorMessage;
      return {
        pointer: at,
        message: explained ?? `does not have the expected form (pattern ${String(p.pattern)})`,
      };
    }
    case "format":
      return { pointer: at, message: `must be a valid ${String(p.format)}` };
    case "minimum":
    case "maximum":
    case "exclusiveMinimum":
    case "exclusiveMaximum":
      return {
        pointer: at,
        message: `must be ${COMPARISONS[String(p.comparison)] ?? String(p.comparison)} ${String(p.limit)}`,
      };
    case "minLength":
      return {
        pointer: at,
        message:
          Number(p.limit) === 1
            ? "must not be empty"
            : `must be at least ${String(p.limit)} characters long`,
      };
    case "maxLength":
      return { pointer: at, message: `must be at most ${String(p.limit)} characters long` };
    case "minItems":
      return { pointer: at, message: `must have at least ${String(p.limit)} item(s)` };
    case "maxItems":
      return { pointer: at, message: `must have at most ${String(p.limit)} items` };
    case "maxProperties":
      return { pointer: at, message: `must have at most ${String(p.limit)} properties` };
    default:
      return { pointer: at, message: error.message ?? `fails the '${error.keyword}' rule` };
  }
}

const COMPARISONS: Record<string, string> = { "<=": "≤", ">=": "≥", "<": "<", ">": ">" };

function article(type: string): string {
  const words = type
    .split(",")
    .map((t) =>
      t === "integer"
        ? "a whole number"
        : t === "array"
          ? "a list"
          : t === "object"
            ? "an object"
            : `a ${t}`,
    );
  return words.join(" or ");
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
