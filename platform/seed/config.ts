import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CancellationPromo } from "../../schemas/generated/cancellation-promo.ts";
import type { Menu } from "../../schemas/generated/menu.ts";
import type { SeedContent } from "../../schemas/generated/seed-content.ts";
import type { SeedRealm } from "../../schemas/generated/seed-realm.ts";
import type { ComposedPage } from "../../schemas/generated/page.ts";
import type { Section } from "../../schemas/generated/section.ts";
import { validatePage } from "../../schemas/page-validation.ts";
import { validate, type ValidationIssue } from "../../schemas/validator.ts";
import type { SchemaName } from "../../schemas/index.ts";

export const demoRealmsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "realms");

/** One realm's config files: `realm.json`, `menu.json` and `content.json` in its folder. */
export interface RealmConfig {
  name: string;
  folder: string;
  realm: SeedRealm;
  menu: Menu;
  content: SeedContent;
  /** Composed pages from `pages/*.json` (optional folder). */
  pages: ComposedPage[];
  /** Sections from `sections/*.json` (optional folder). */
  sections: Section[];
  /** The offer shown before a subscription is cancelled (optional `cancellation-promo.json`). */
  cancellationPromo?: CancellationPromo;
}

export interface FileIssue extends ValidationIssue {
  file: string;
}

/** Raised when any config file is invalid; nothing has been written when it is thrown. */
export class ConfigValidationError extends Error {
  override name = "ConfigValidationError";
  constructor(readonly issues: FileIssue[]) {
    super(
      `invalid config (${issues.length} problem${issues.length === 1 ? "" : "s"}):\n` +
        issues.map((i) => `  ${i.file} ${i.pointer || "/"}: ${i.message}`).join("\n"),
    );
  }
}

const FILES: [
  keyof Omit<RealmConfig, "name" | "folder" | "pages" | "sections" | "cancellationPromo">,
  SchemaName,
][] = [
  ["realm", "seedRealm"],
  ["menu", "menu"],
  ["content", "seedContent"],
];

/** Reads and validates every realm folder under `dir`; throws with every problem found. */
export async function loadRealmConfigs(dir: string = demoRealmsDir): Promise<RealmConfig[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const folders = entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
  const issues: FileIssue[] = [];
  const configs: RealmConfig[] = [];
  for (const folder of folders.sort()) {
    const parsed: Partial<RealmConfig> = { name: path.basename(folder), folder };
    for (const [field, schema] of FILES) {
      const file = path.relative(process.cwd(), path.join(folder, `${field}.json`));
      const data = await readJson(file, issues);
      if (data === undefined) continue;
      const result = validate(schema, data);
      if (!result.ok) issues.push(...result.issues.map((i) => ({ file, ...i })));
      else (parsed as Record<string, unknown>)[field] = result.value;
    }
    parsed.pages = (await readPages(folder, "pages", issues)) as ComposedPage[];
    parsed.sections = (await readPages(folder, "sections", issues)) as Section[];
    parsed.cancellationPromo = await readOptional(folder, "cancellation-promo.json", issues);
    if (parsed.realm && parsed.menu && parsed.content) {
      const config = parsed as RealmConfig;
      issues.push(...crossReferenceIssues(config));
      configs.push(config);
    }
  }
  if (issues.length > 0) throw new ConfigValidationError(issues);
  return configs;
}

/** Every `*.json` of an optional sub-folder, validated as composed pages; named by their key. */
async function readPages(folder: string, kind: "pages" | "sections", issues: FileIssue[]) {
  const dir = path.join(folder, kind);
  const names = await readdir(dir).catch(() => [] as string[]);
  const documents: (ComposedPage | Section)[] = [];
  for (const name of names.filter((n) => n.endsWith(".json")).sort()) {
    const file = path.relative(process.cwd(), path.join(dir, name));
    const data = await readJson(file, issues);
    if (data === undefined) continue;
    const result = validatePage(kind === "pages" ? "page" : "section", data);
    if (!result.ok) {
      issues.push(...result.issues.map((i) => ({ file, pointer: i.pointer, message: i.message })));
      continue;
    }
    const id = "key" in result.value ? result.value.key : result.value.name;
    const field = kind === "pages" ? "key" : "name";
    if (`${id}.json` !== name) {
      issues.push({
        file,
        pointer: `/${field}`,
        message: `must match the file name ('${name.slice(0, -5)}')`,
      });
      continue;
    }
    documents.push(result.value);
  }
  return documents;
}

async function readOptional(
  folder: string,
  name: string,
  issues: FileIssue[],
): Promise<CancellationPromo | undefined> {
  const file = path.relative(process.cwd(), path.join(folder, name));
  if (
    !(await readFile(file).then(
      () => true,
      () => false,
    ))
  )
    return undefined;
  const data = await readJson(file, issues);
  if (data === undefined) return undefined;
  const result = validate<CancellationPromo>("cancellationPromo", data);
  if (result.ok) return result.value;
  issues.push(...result.issues.map((i) => ({ file, pointer: i.pointer, message: i.message })));
  return undefined;
}

async function readJson(file: string, issues: FileIssue[]): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    issues.push({ file, pointer: "", message: "file is missing or unreadable" });
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    issues.push({ file, pointer: "", message: `is not valid JSON: ${(error as Error).message}` });
    return undefined;
  }
}

/** What a schema cannot say: keys that must name other items of the same realm. */
function crossReferenceIssues(config: RealmConfig): FileIssue[] {
  const issues: FileIssue[] = [];
  const contentFile = path.relative(process.cwd(), path.join(config.folder, "content.json"));
  const realmFile = path.relative(process.cwd(), path.join(config.folder, "realm.json"));
  const { content } = config;

  if (config.realm.settings.realm !== config.name) {
    issues.push({
      file: realmFile,
      pointer: "/settings/realm",
      message: `must equal the folder name '${config.name}'`,
    });
  }
  const languages = config.realm.settings.realmLanguages;
  for (const language of Object.keys(config.realm.labels ?? {})) {
    if (!languages.includes(language)) {
      issues.push({
        file: realmFile,
        pointer: `/labels/${language}`,
        message: `'${language}' is not one of settings.realmLanguages (${languages.join(", ")})`,
      });
    }
  }
  const duplicates = (list: { key: string }[], pointer: string) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.key)) {
        issues.push({
          file: contentFile,
          pointer: `${pointer}/${i}/key`,
          message: `key '${item.key}' is used twice`,
        });
      }
      seen.add(item.key);
    });
  };
  duplicates(content.events, "/events");
  duplicates(content.videos, "/videos");
  duplicates(content.playlists, "/playlists");
  duplicates(content.series, "/series");
  duplicates(content.news, "/news");
  duplicates(content.fighters ?? [], "/fighters");

  const videoKeys = new Set(content.videos.map((v) => v.key));
  content.events.forEach((event, i) => {
    if (event.replayVideoKey && !videoKeys.has(event.replayVideoKey)) {
      issues.push({
        file: contentFile,
        pointer: `/events/${i}/replayVideoKey`,
        message: `no video has the key '${event.replayVideoKey}'`,
      });
    }
  });
  content.playlists.forEach((playlist, i) => {
    playlist.videoKeys.forEach((key, j) => {
      if (!videoKeys.has(key)) {
        issues.push({
          file: contentFile,
          pointer: `/playlists/${i}/videoKeys/${j}`,
          message: `no video has the key '${key}'`,
        });
      }
    });
  });
  const heroCandidates = new Set([...videoKeys, ...content.events.map((e) => e.key)]);
  (config.realm.heroKeys ?? []).forEach((key, i) => {
    if (!heroCandidates.has(key)) {
      issues.push({
        file: realmFile,
        pointer: `/heroKeys/${i}`,
        message: `no event or video has the key '${key}'`,
      });
    }
  });
  const promoKeys = new Set<string>();
  const linkTargets = {
    LIVE: new Set(content.events.map((e) => e.key)),
    // A VOD link may name a video or an event's replay, as the promo block's does.
    VOD: new Set([...videoKeys, ...content.events.map((e) => e.key)]),
    PLAYLIST: new Set(content.playlists.map((p) => p.key)),
  };
  (config.realm.promoNotifications ?? []).forEach((notification, i) => {
    const pointer = `/promoNotifications/${i}`;
    if (promoKeys.has(notification.key)) {
      issues.push({
        file: realmFile,
        pointer: `${pointer}/key`,
        message: `key '${notification.key}' is used twice`,
      });
    }
    promoKeys.add(notification.key);
    if ("contentLink" in notification.link) {
      const { key, type } = notification.link.contentLink;
      if (!linkTargets[type].has(key)) {
        issues.push({
          file: realmFile,
          pointer: `${pointer}/link/contentLink/key`,
          message: `no ${type === "LIVE" ? "event" : type === "VOD" ? "video or event" : "playlist"} has the key '${key}'`,
        });
      }
    }
    const { startOffsetHours, endOffsetHours } = notification;
    if (
      startOffsetHours !== undefined &&
      endOffsetHours !== undefined &&
      endOffsetHours <= startOffsetHours
    ) {
      issues.push({
        file: realmFile,
        pointer: `${pointer}/endOffsetHours`,
        message: "must be after startOffsetHours",
      });
    }
  });
  return issues;
}
