/**
 * TypeScript types from JSON Schemas, one file per schema. A schema's whole-file `$ref`s become
 * imports of the referenced schema's own file, so no type is declared twice.
 */
import { readFile, writeFile, mkdir } from "node:fs/promises";
import path from "node:path";
import { compile } from "json-schema-to-typescript";

export type IdentifiedSchema = object & { $id: string; title: string };

export interface EmitOptions {
  /** The schemas to write types for, in an order where a schema comes after those it refers to. */
  schemas: readonly IdentifiedSchema[];
  /** Every schema a `$ref` may reach, the emitted ones included. */
  resolvable: readonly IdentifiedSchema[];
  /** Where the types of a schema live, emitted or not (absolute path of a .ts file). */
  outFile: (schema: IdentifiedSchema) => string;
  banner: string;
  /** Write nothing; report files that differ from what would be written. */
  check: boolean;
  root: string;
}

/** A directory no file is in, standing for the root of schema ids while refs are resolved. */
const ID_ROOT = "/schema-ids";

/** The id a ref resolved to a file path under ID_ROOT stands for. */
function idOfFile(file: string, base: string): string {
  const relative = path.relative(ID_ROOT, file.replace(/^file:\/\//, ""));
  return new URL(relative.split(path.sep).join("/"), new URL("/", base)).toString();
}

/** File name of a schema's types: its `$id` path, `/` as `-`, `.schema.json` as `.ts`. */
export function typesFileName(id: string): string {
  return new URL(id).pathname
    .replace(/^\//, "")
    .replace(/\.schema\.json$/, ".ts")
    .replace(/\//g, "-");
}

/** Whole-file `$ref`s of a schema, as absolute ids; a ref into part of a file is inlined. */
function directRefs(schema: IdentifiedSchema): Set<string> {
  const refs = new Set<string>();
  JSON.stringify(schema, (key, value) => {
    if (key === "$ref" && typeof value === "string" && !value.startsWith("#")) {
      const target = new URL(value, schema.$id);
      if (!target.hash) refs.add(target.toString());
    }
    return value;
  });
  return refs;
}

/** Every schema reachable through whole-file refs, the schema itself excluded. */
function reachableRefs(schema: IdentifiedSchema, byId: Map<string, IdentifiedSchema>): Set<string> {
  const seen = new Set<string>();
  const visit = (current: IdentifiedSchema) => {
    for (const ref of directRefs(current)) {
      const next = byId.get(ref);
      if (ref === schema.$id || seen.has(ref) || !next) continue;
      seen.add(ref);
      visit(next);
    }
  };
  visit(schema);
  return seen;
}

/**
 * Removes the top-level declaration of `name` (interface or type alias, with its doc comment):
 * everything from it up to the next top-level doc comment or declaration.
 */
function dropDeclaration(ts: string, name: string): string {
  const declaration = new RegExp(`^export (interface|type) ${name}\\b`, "m").exec(ts);
  if (!declaration) return ts;
  const docStart = ts.lastIndexOf("\n/**", declaration.index);
  const start =
    docStart >= 0 && !ts.slice(docStart, declaration.index).includes("*/\n\n")
      ? docStart + 1
      : declaration.index;
  const rest = ts.slice(declaration.index + 1);
  const next = /^(\/\*\*|export )/m.exec(rest);
  const stop = next ? declaration.index + 1 + next.index : ts.length;
  return ts.slice(0, start) + ts.slice(stop);
}

/**
 * Replaces numbered renames of a type (`export type LocalizedText2 = LocalizedText;`, made for a
 * property whose schema adds limits to a `$ref`) with the type itself: one type, one name.
 */
function collapseNumberedAliases(ts: string): string {
  const aliases = [...ts.matchAll(/^export type ((\w+?)\d+) = (\w+);$/gm)].filter(
    ([, , stem, target]) => stem === target,
  );
  for (const [, alias, , target] of aliases) {
    ts = dropDeclaration(ts, alias!).replace(new RegExp(`\\b${alias}\\b`, "g"), target!);
  }
  return ts;
}

const declaredNames = (ts: string) =>
  [...ts.matchAll(/^export (?:interface|type) (\w+)/gm)].map((m) => m[1]!);

/** Writes (or checks) the types of `schemas`; returns the files that were out of date. */
export async function emitTypes(options: EmitOptions): Promise<string[]> {
  const byId = new Map(options.resolvable.map((s) => [s.$id, s]));
  const declaredBy = new Map<string, string[]>();
  const namesOf = async (id: string): Promise<string[]> => {
    if (!declaredBy.has(id)) {
      const file = options.outFile(byId.get(id)!);
      declaredBy.set(id, declaredNames(await readFile(file, "utf8").catch(() => "")));
    }
    return declaredBy.get(id)!;
  };
  const stale: string[] = [];
  for (const schema of options.schemas) {
    const target = options.outFile(schema);
    let ts: string = await compile(structuredClone(schema) as never, schema.title, {
      bannerComment: options.banner,
      additionalProperties: false,
      declareExternallyReferenced: true,
      unreachableDefinitions: true,
      ignoreMinAndMaxItems: true,
      strictIndexSignatures: true,
      format: true,
      // Relative refs resolve as files under `cwd`: map them back onto ids, wherever files live.
      cwd: path.join(ID_ROOT, path.dirname(new URL(schema.$id).pathname)),
      $refOptions: {
        resolve: {
          file: {
            order: 1,
            canRead: (file: { url: string }) => byId.has(idOfFile(file.url, schema.$id)),
            read: (file: { url: string }) =>
              JSON.stringify(byId.get(idOfFile(file.url, schema.$id))),
          },
          http: {
            order: 2,
            canRead: (file: { url: string }) => byId.has(file.url),
            read: (file: { url: string }) => JSON.stringify(byId.get(file.url)),
          },
        },
      },
    });
    ts = collapseNumberedAliases(ts);
    const imports: string[] = [];
    for (const id of directRefs(schema)) {
      const referenced = byId.get(id);
      if (!referenced || id === schema.$id) continue;
      let from = path.relative(path.dirname(target), options.outFile(referenced));
      if (!from.startsWith(".")) from = `./${from}`;
      imports.push(`import type { ${referenced.title} } from "${from}";`);
    }
    // Types of every schema reached through refs are declared in that schema's own file.
    for (const id of reachableRefs(schema, byId)) {
      for (const name of await namesOf(id)) ts = dropDeclaration(ts, name);
    }
    if (imports.length > 0) {
      const end = ts.indexOf(" */\n", ts.indexOf("GENERATED")) + 4;
      ts = `${ts.slice(0, end)}\n${imports.join("\n")}\n${ts.slice(end)}`;
    }
    declaredBy.set(schema.$id, declaredNames(ts));
    const current = await readFile(target, "utf8").catch(() => "");
    if (current === ts) continue;
    const shown = path.relative(options.root, target);
    stale.push(shown);
    if (!options.check) {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, ts);
      console.log(`wrote ${shown}`);
    }
  }
  return stale;
}
