import type { SchemaName } from "../../schemas/index.ts";
import type { PageIssue } from "../../schemas/page-validation.ts";
import { validate } from "../../schemas/validator.ts";
import { configKinds, detectKind, type ConfigKind } from "./config-kinds.ts";
import type { ConfigIssue } from "./issues.ts";
import { JsonSyntaxError, locateJson, type LocatedJson } from "../../schemas/source-positions.ts";

/** What one config text holds and what is wrong with it. */
export interface SourceReport {
  file: string;
  /** The schema the text was checked against; undefined when it could not be told. */
  schema: SchemaName | undefined;
  issues: ConfigIssue[];
  /** The document, once it satisfies its schema. */
  value?: unknown;
  /** Places issues found later (cross references) in this text; absent when it is not JSON. */
  place?: (issue: PageIssue) => ConfigIssue;
}

/** An issue about a JSON pointer of a parsed text, placed at its line and column. */
export function placer(file: string, located: LocatedJson) {
  return (issue: PageIssue): ConfigIssue => {
    const { line, column } = located.positionOf(issue.pointer, issue.target);
    const { target: _target, ...rest } = issue;
    return { file, line, column, ...rest };
  };
}

/**
 * Validates the text of one config file; `file` names it in the issues and, for a file without
 * `"$schema"`, tells its kind.
 */
export function validateSource(
  file: string,
  text: string,
  kinds: readonly ConfigKind[] = configKinds,
): SourceReport {
  const report: SourceReport = { file, schema: undefined, issues: [] };
  let located;
  try {
    located = locateJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { line, column } = error;
    report.issues.push({
      file,
      line,
      column,
      pointer: "",
      message: `invalid JSON: ${error.message}`,
    });
    return report;
  }
  const place = placer(file, located);
  report.place = place;
  for (const pointer of located.duplicateKeys) {
    report.issues.push(
      place({
        pointer,
        message: "this property is written twice in one object (only the last one counts)",
        target: "key",
      }),
    );
  }
  const detected = detectKind(file, located.value, kinds);
  if (!detected.ok) {
    report.issues.push(place({ pointer: detected.pointer, message: detected.message }));
  } else {
    report.schema = detected.kind.schema;
    const { schema, validate: check = (data) => validate(schema, data) } = detected.kind;
    const found = check(located.value).issues;
    report.issues.push(...found.map(place));
    if (found.length === 0 && report.issues.length === 0) report.value = located.value;
  }
  // Schema order is not file order; an editor's problem list reads best top to bottom.
  report.issues.sort((a, b) => a.line - b.line || a.column - b.column);
  return report;
}
