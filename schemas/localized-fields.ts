import menuSchema from "./menu.schema.json";
import pageSchema from "./page.schema.json";
import sectionSchema from "./section.schema.json";
import { blockSchemas } from "./generated/block-schemas.ts";
import type { Menu } from "./generated/menu.ts";
import type { ComposedPage } from "./generated/page.ts";
import type { Section } from "./generated/section.ts";
import { textIn, type Localized, type LocalizedText, type TextLanguage } from "./localized-text.ts";

type Path = readonly string[];
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isLocalizedText = (property: unknown) =>
  isObject(property) &&
  typeof property.$ref === "string" &&
  property.$ref.endsWith("localized-text.schema.json");

/**
 * Where an object schema holds localisable texts, read from the schema itself so a field made
 * localisable there is resolved and checked everywhere without a list to keep in step.
 */
function localizedPaths(schema: unknown, at: string[] = []): string[][] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([name, property]) =>
    isLocalizedText(property) ? [[...at, name]] : localizedPaths(property, [...at, name]),
  );
}

const menuItemTexts = localizedPaths(menuSchema.$defs.item);
const documentTexts = {
  page: localizedPaths(pageSchema),
  section: localizedPaths(sectionSchema),
};
const blockTexts = new Map<string, string[][]>(
  blockSchemas.flatMap((schema) => {
    const type = (schema as { properties?: { type?: { const?: unknown } } }).properties?.type
      ?.const;
    return typeof type === "string" ? [[type, localizedPaths(schema)] as const] : [];
  }),
);

/** One localisable text of a document and where it is. */
export interface TextAt {
  /** JSON pointer of the text. */
  pointer: string;
  text: LocalizedText;
}

function textsAt(value: unknown, paths: readonly Path[], at: string): TextAt[] {
  const found: TextAt[] = [];
  for (const path of paths) {
    let current: unknown = value;
    for (const key of path) current = isObject(current) ? current[key] : undefined;
    if (typeof current === "string" || isObject(current)) {
      found.push({ pointer: `${at}/${path.join("/")}`, text: current as LocalizedText });
    }
  }
  return found;
}

/** Every localisable text of a valid menu, page or section, top to bottom. */
export function localizableTexts(
  kind: "menu" | "page" | "section",
  document: Menu | ComposedPage | Section,
): TextAt[] {
  if (kind === "menu") {
    const walk = (items: Menu["items"], at: string): TextAt[] =>
      items.flatMap((item, index) => [
        ...textsAt(item, menuItemTexts, `${at}/items/${index}`),
        ...walk(item.items ?? [], `${at}/items/${index}`),
      ]);
    return walk((document as Menu).items, "");
  }
  const page = document as ComposedPage | Section;
  const texts = textsAt(page, documentTexts[kind], "");
  for (const [zone, blocks] of Object.entries(page.zones) as [string, Json[] | undefined][]) {
    blocks?.forEach((block, index) => {
      const paths = blockTexts.get(String(block.type)) ?? [];
      texts.push(...textsAt(block, paths, `/zones/${zone}/${index}`));
    });
  }
  return texts;
}

/** A copy of `value` with the texts at `paths` in one language. */
function resolveAt<T>(value: T, paths: readonly Path[], language: TextLanguage): T {
  let copy = value as unknown;
  for (const path of paths) copy = resolvePath(copy, path, language);
  return copy as T;
}

function resolvePath(value: unknown, path: Path, language: TextLanguage): unknown {
  if (!isObject(value) || path.length === 0) return value;
  const [key, ...rest] = path as [string, ...string[]];
  if (!(key in value)) return value;
  const inner = value[key];
  const next =
    rest.length === 0
      ? typeof inner === "string" || isObject(inner)
        ? textIn(inner as LocalizedText, language)
        : inner
      : resolvePath(inner, rest, language);
  return { ...value, [key]: next };
}

/** The menu with every title in the viewer's language. */
export function localizeMenu(menu: Menu, language: TextLanguage): Localized<Menu> {
  const items = (list: Menu["items"]): Menu["items"] =>
    list.map((item) => {
      const resolved = resolveAt(item, menuItemTexts, language);
      return item.items ? { ...resolved, items: items(item.items) } : resolved;
    });
  return { ...menu, items: items(menu.items) } as Localized<Menu>;
}

/** The page or section, its blocks included, with every text in the viewer's language. */
export function localizePage<T extends ComposedPage | Section>(
  kind: "page" | "section",
  page: T,
  language: TextLanguage,
): Localized<T> {
  const resolved = resolveAt(page, documentTexts[kind], language);
  const zones = Object.fromEntries(
    Object.entries(page.zones).map(([zone, blocks]) => [
      zone,
      (blocks as Json[] | undefined)?.map((block) =>
        resolveAt(block, blockTexts.get(String(block.type)) ?? [], language),
      ),
    ]),
  );
  return { ...resolved, zones } as unknown as Localized<T>;
}
