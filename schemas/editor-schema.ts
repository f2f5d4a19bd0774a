import { allSchemas, schemaIds, type SchemaName } from "./index.ts";
import type { DocumentKind } from "./document-kinds.ts";

/** A JSON Schema as plain data (what an editor in the browser is sent). */
export type JsonSchema = { [key: string]: unknown };

/** The schema each kind of stored document is validated against (see `validateDocument`). */
export const DOCUMENT_SCHEMA: Record<DocumentKind, SchemaName> = {
  page: "page",
  section: "section",
  menu: "menu",
  promo: "cancellationPromo",
};

const byId = new Map<string, JsonSchema>(
  (allSchemas as readonly JsonSchema[]).map((schema) => [String(schema.$id), schema]),
);

/** A `$defs` name for an embedded schema, from its id ("blocks/rail.schema.json" → "blocks-rail"). */
function defName(id: string, rootId: string): string {
  const base = new URL(".", rootId).href;
  return id
    .slice(id.startsWith(base) ? base.length : 0)
    .replace(/\.schema\.json$/, "")
    .replace(/[^A-Za-z0-9]+/g, "-");
}

/**
 * One schema with every schema it refers to (across files) embedded under its `$defs`, and each
 * `$ref` rewritten to point inside it: an editor in the browser needs no other file, and only
 * the schemas this document can reach are sent.
 */
export function bundledSchema(name: SchemaName): JsonSchema {
  const rootId = schemaIds[name];
  const embedded = new Map<string, JsonSchema>();
  const queue: string[] = [];

  /** The `$ref` inside the bundle for a reference written in the schema with id `baseId`. */
  const local = (ref: string, baseId: string): string => {
    const url = new URL(ref, baseId);
    const fragment = decodeURIComponent(url.hash.slice(1));
    url.hash = "";
    const target = url.href;
    if (!byId.has(target)) throw new Error(`schema ${target} (from ${baseId}) is not registered`);
    if (target === rootId) return `#${fragment}`;
    const key = defName(target, rootId);
    if (!embedded.has(key)) {
      embedded.set(key, {});
      queue.push(target);
    }
    return `#/$defs/${key}${fragment}`;
  };

  const rewrite = (node: unknown, baseId: string, prefix: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => rewrite(item, baseId, prefix));
    if (!node || typeof node !== "object") return node;
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node as JsonSchema)) {
      if (key === "$ref" && typeof value === "string") {
        // A reference inside the same file ("#/$defs/item") moves with the file.
        out.$ref =
          value.startsWith("#") && prefix ? `#${prefix}${value.slice(1)}` : local(value, baseId);
      } else if (key === "examples" || key === "default" || key === "const" || key === "enum") {
        out[key] = value;
      } else {
        out[key] = rewrite(value, baseId, prefix);
      }
    }
    return out;
  };

  const root = rewrite(byId.get(rootId)!, rootId, "") as JsonSchema;
  while (queue.length > 0) {
    const id = queue.shift()!;
    const key = defName(id, rootId);
    const {
      $id: _id,
      $schema: _schema,
      ...schema
    } = rewrite(byId.get(id)!, id, `/$defs/${key}`) as JsonSchema;
    embedded.set(key, schema);
  }
  if (embedded.size > 0) {
    root.$defs = {
      ...((root.$defs as JsonSchema | undefined) ?? {}),
      ...Object.fromEntries(embedded),
    };
  }
  return root;
}
