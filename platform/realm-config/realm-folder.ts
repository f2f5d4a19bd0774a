import type { CancellationPromo } from "../../schemas/generated/cancellation-promo.ts";
import type { Menu } from "../../schemas/generated/menu.ts";
import type { ComposedPage } from "../../schemas/generated/page.ts";
import type { Section } from "../../schemas/generated/section.ts";
import type { SeedContent } from "../../schemas/generated/seed-content.ts";
import type { SeedRealm } from "../../schemas/generated/seed-realm.ts";
import { detectKind } from "./config-kinds.ts";
import { crossReferenceIssues } from "./cross-references.ts";
import { inReadingOrder, isError, type ConfigIssue } from "./issues.ts";
import { logoContrastWarnings, type SiteFileReader } from "./logo-contrast.ts";
import { textLanguageIssues } from "./text-languages.ts";
import type { Unreadable } from "./read-files.ts";
import type { RealmConfig } from "./realm-config.ts";
import { validateSource, type SourceReport } from "./validate-source.ts";

/** The files of one realm folder, wherever they come from (a disk, a request body). */
export interface RealmFolder {
  /** The folder's name, which must be the realm's name. */
  name: string;
  /** Every JSON file of the folder by its path inside it, with `/` separators. */
  files: ReadonlyMap<string, string | Unreadable>;
  /** How issues name a file (default: its path inside the folder). */
  display?: (path: string) => string;
  /**
   * Reads the files the site serves, for checks of what the config names there (the logo's
   * contrast, as warnings). Absent: those checks are skipped.
   */
  siteFile?: SiteFileReader;
}

export interface RealmFolderReport {
  issues: ConfigIssue[];
  /** The realm's config, when nothing but warnings was found in it. */
  config?: RealmConfig;
}

const REQUIRED = ["realm.json", "menu.json", "content.json"] as const;
const PAGE_FILE = /^(pages|sections)\/([^/]+)\.json$/;

/**
 * Validates a realm folder: every file against the schema of its kind, then what only the whole
 * folder can tell (keys naming items of the realm, pages named like their files).
 */
export function validateRealmFolder(folder: RealmFolder): RealmFolderReport {
  const display = folder.display ?? ((path: string) => path);
  const issues: ConfigIssue[] = [];
  const reports = new Map<string, SourceReport>();
  for (const required of REQUIRED) {
    if (!folder.files.has(required)) {
      issues.push({
        file: display(required),
        line: 1,
        column: 1,
        pointer: "",
        message: `is missing (a realm folder has ${REQUIRED.join(", ")})`,
      });
    }
  }
  for (const [path, text] of [...folder.files].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file = display(path);
    if (typeof text !== "string") {
      issues.push({ file, line: 1, column: 1, pointer: "", message: text.problem });
      continue;
    }
    const report = validateSource(file, text);
    issues.push(...report.issues);
    const expected = detectKind(path, undefined);
    if (report.schema && expected.ok && expected.kind.schema !== report.schema) {
      issues.push(
        report.place!({
          pointer: "/$schema",
          message: `names the ${report.schema} schema, but ${path} in a realm folder is a ${expected.kind.schema}`,
        }),
      );
      continue;
    }
    reports.set(path, report);
  }

  const value = <T>(path: string) => reports.get(path)?.value as T | undefined;
  const realm = value<SeedRealm>("realm.json");
  const menu = value<Menu>("menu.json");
  const content = value<SeedContent>("content.json");
  const pages: ComposedPage[] = [];
  const sections: Section[] = [];
  for (const [path, report] of reports) {
    const [, kind, name] = PAGE_FILE.exec(path) ?? [];
    if (!kind || report.value === undefined) continue;
    const document = report.value as ComposedPage | Section;
    const field = kind === "pages" ? "key" : "name";
    const id = "key" in document ? document.key : document.name;
    if (id !== name) {
      issues.push(
        report.place!({ pointer: `/${field}`, message: `must match the file name ('${name}')` }),
      );
    } else if (kind === "pages") pages.push(document as ComposedPage);
    else sections.push(document as Section);
  }
  if (realm && menu && content) {
    const config: RealmConfig = {
      name: folder.name,
      realm,
      menu,
      content,
      pages,
      sections,
      cancellationPromo: value<CancellationPromo>("cancellation-promo.json"),
    };
    for (const { file, ...issue } of [
      ...crossReferenceIssues(config),
      ...textLanguageIssues(config),
    ]) {
      issues.push(reports.get(file)!.place!(issue));
    }
    if (folder.siteFile) {
      for (const warning of logoContrastWarnings(realm, folder.siteFile)) {
        issues.push({ ...reports.get("realm.json")!.place!(warning), severity: "warning" });
      }
    }
    // Warnings leave the config usable: it is seeded and served as it is.
    if (!issues.some(isError)) return { issues: issues.sort(inReadingOrder), config };
  }
  return { issues: issues.sort(inReadingOrder) };
}
