import type { SchemaName } from "../../schemas/index.ts";
import { validatePage, type PageIssue } from "../../schemas/page-validation.ts";

/**
 * One kind of config file. A file's `"$schema"` decides its kind when present, since the editor
 * already validates against that schema; only files without one are recognised by their path.
 */
export interface ConfigKind {
  /** The schema (a name in `schemaIds`) that files of this kind must satisfy. */
  schema: SchemaName;
  /** How a `"$schema"` value naming this kind ends, compared whole path segment by segment. */
  schemaFile?: string;
  /** The file's path ending for files without `"$schema"`; `*` matches within one segment. */
  path?: string;
  /** Checks beyond the schema (default: the schema alone); issue pointers must be kept. */
  validate?: (data: unknown) => { issues: PageIssue[] };
}

/** Every kind of realm config. Adding a kind is one line here. */
export const configKinds: readonly ConfigKind[] = [
  { schema: "seedRealm", schemaFile: "seed/realm.schema.json", path: "realm.json" },
  { schema: "menu", schemaFile: "menu.schema.json", path: "menu.json" },
  { schema: "seedContent", schemaFile: "seed/content.schema.json", path: "content.json" },
  {
    schema: "page",
    schemaFile: "page.schema.json",
    path: "pages/*.json",
    validate: (data) => validatePage("page", data),
  },
  {
    schema: "section",
    schemaFile: "section.schema.json",
    path: "sections/*.json",
    validate: (data) => validatePage("section", data),
  },
  {
    schema: "cancellationPromo",
    schemaFile: "cancellation-promo.schema.json",
    path: "cancellation-promo.json",
  },
];

export type KindDetection =
  { ok: true; kind: ConfigKind } | { ok: false; pointer: string; message: string };

export function detectKind(
  file: string,
  data: unknown,
  kinds: readonly ConfigKind[] = configKinds,
): KindDetection {
  const $schema = isObject(data) ? data.$schema : undefined;
  const schemaFiles = list(kinds, (k) => k.schemaFile);
  if (typeof $schema === "string") {
    // Drop a "#..." or "?..." so a URL with a fragment still names its file.
    const named = mostSpecific(kinds, (k) => k.schemaFile, $schema.replace(/[?#].*$/, ""));
    if (named) return { ok: true, kind: named };
    return {
      ok: false,
      pointer: "/$schema",
      message: `"$schema" does not name a config schema (expected a path ending in ${schemaFiles})`,
    };
  }
  const byPath = mostSpecific(kinds, (k) => k.path, file);
  if (byPath) return { ok: true, kind: byPath };
  return {
    ok: false,
    pointer: "",
    message:
      `cannot tell what kind of config this is: add a "$schema" property with the path of its ` +
      `schema (${schemaFiles}), or name the file like ${list(kinds, (k) => k.path)}`,
  };
}

/** The kind whose pattern matches the end of `value`; the longest pattern wins a tie. */
function mostSpecific(
  kinds: readonly ConfigKind[],
  pattern: (kind: ConfigKind) => string | undefined,
  value: string,
): ConfigKind | undefined {
  const segments = value.split(/[\\/]/);
  let best: { kind: ConfigKind; length: number } | undefined;
  for (const kind of kinds) {
    const wanted = pattern(kind)?.split("/");
    if (!wanted || wanted.length > segments.length || (best && best.length >= wanted.length)) {
      continue;
    }
    const tail = segments.slice(-wanted.length);
    if (wanted.every((w, i) => segmentMatches(w, tail[i]!))) best = { kind, length: wanted.length };
  }
  return best?.kind;
}

function segmentMatches(pattern: string, segment: string): boolean {
  if (!pattern.includes("*")) return pattern === segment;
  const source = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${source.join("[^/]*")}$`).test(segment);
}

function list(kinds: readonly ConfigKind[], pick: (kind: ConfigKind) => string | undefined) {
  const items = kinds.map(pick).filter((item): item is string => item !== undefined);
  return items.length > 1
    ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`
    : (items[0] ?? "nothing");
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
