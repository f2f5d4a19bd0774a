import { localizableTexts } from "../../schemas/localized-fields.ts";
import {
  missingLanguages,
  unknownLanguages,
  type LocalizedText,
} from "../../schemas/localized-text.ts";
import { inBlock } from "../../schemas/page-validation.ts";
import type { FolderIssue } from "./cross-references.ts";
import type { RealmConfig } from "./realm-config.ts";

/**
 * Texts given per language against the realm's languages: a language the realm does not have is
 * an error (no viewer could ever read it, and it is most likely a typo); a realm language a text
 * lacks is a warning, since its viewers still read the default language's text. Texts of the
 * menu, pages, sections and the realm's external pages are checked.
 */
export function textLanguageIssues(config: RealmConfig): FolderIssue[] {
  const languages = config.realm.settings.realmLanguages;
  const documents = [
    { file: "menu.json", kind: "menu" as const, document: config.menu },
    ...config.pages.map((page) => ({
      file: `pages/${page.key}.json`,
      kind: "page" as const,
      document: page,
    })),
    ...config.sections.map((section) => ({
      file: `sections/${section.name}.json`,
      kind: "section" as const,
      document: section,
    })),
  ];
  const issues: FolderIssue[] = [];
  for (const [name, page] of Object.entries(config.realm.settings.externalPages ?? {})) {
    if (!page) continue;
    const texts = [
      { pointer: `/settings/externalPages/${name}/title`, text: page.title },
      ...(page.description
        ? [{ pointer: `/settings/externalPages/${name}/description`, text: page.description }]
        : []),
    ];
    for (const { pointer, text } of texts) {
      issues.push(
        ...languageIssues(text, pointer, languages, (issue) => ({ file: "realm.json", ...issue })),
      );
    }
  }
  for (const { file, kind, document } of documents) {
    for (const { pointer, text } of localizableTexts(kind, document)) {
      const place = (issue: Omit<FolderIssue, "file">): FolderIssue => ({
        file,
        ...(kind === "menu" ? issue : inBlock(document, issue)),
      });
      issues.push(...languageIssues(text, pointer, languages, place));
    }
  }
  return issues;
}

/** A text's languages the realm does not have (errors) and realm languages it lacks (a warning). */
function languageIssues(
  text: LocalizedText,
  pointer: string,
  languages: readonly string[],
  place: (issue: Omit<FolderIssue, "file">) => FolderIssue,
): FolderIssue[] {
  const listed = languages.join(", ");
  const issues = unknownLanguages(text, languages).map((language) =>
    place({
      pointer: `${pointer}/${language}`,
      target: "key",
      message: `'${language}' is not one of settings.realmLanguages (${listed})`,
    }),
  );
  const missing = missingLanguages(text, languages);
  if (missing.length > 0) {
    issues.push(
      place({
        pointer,
        severity: "warning",
        message: `has no text in ${missing.join(", ")} (settings.realmLanguages: ${listed}), so viewers who chose ${missing.length === 1 ? "it" : "them"} read another language`,
      }),
    );
  }
  return issues;
}
