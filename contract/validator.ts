import type { ErrorObject, ValidateFunction } from "ajv/dist/2020.js";
import { allSchemas } from "../schemas/index.ts";
import { checkWith, compileValidators, type ValidationResult } from "../schemas/validator.ts";
import { bodySchemaIds, contractSchemas, type BodySchemaName } from "./schemas/index.ts";

let compiled: Map<BodySchemaName, ValidateFunction> | undefined;

/** Compiles every body schema once per process, beside the schemas they refer to. */
function validators(): Map<BodySchemaName, ValidateFunction> {
  // Set up as the config schemas are, since answer bodies refer to them (menus, links).
  compiled ??= compileValidators([...allSchemas, ...contractSchemas] as object[], bodySchemaIds);
  return compiled;
}

/** Checks a request or answer body against its schema; issues name the offending fields. */
export function validateBody<T>(name: BodySchemaName, data: unknown): ValidationResult<T> {
  return checkWith<T>(validators().get(name)!, data);
}

/** The first thing wrong with a body: where (a JSON pointer) and which rule it breaks. */
export interface BodyProblem {
  pointer: string;
  keyword: string;
  /** The type a value should have, for `type` problems. */
  expected?: string;
}

/** Why `data` does not fit the schema, or null when it does. */
export function bodyProblem(name: BodySchemaName, data: unknown): BodyProblem | null {
  const fn = validators().get(name)!;
  if (fn(data)) return null;
  const [first] = fn.errors as [ErrorObject, ...ErrorObject[]];
  const params = first.params as Record<string, unknown>;
  const child =
    first.keyword === "required"
      ? params.missingProperty
      : first.keyword === "additionalProperties"
        ? params.additionalProperty
        : undefined;
  return {
    pointer:
      child === undefined
        ? first.instancePath
        : `${first.instancePath}/${String(child).replace(/~/g, "~0").replace(/\//g, "~1")}`,
    keyword: first.keyword,
    ...(first.keyword === "type" ? { expected: String(params.type) } : {}),
  };
}
