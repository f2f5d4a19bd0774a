import { validateDocument, type DocumentRef } from "../../schemas/document-kinds.ts";
import type { ConfigIssue } from "./issues.ts";
import { JsonSyntaxError, locateJson } from "../../schemas/source-positions.ts";
import { placer } from "./validate-source.ts";

/** A problem in a document sent on its own, placed in the text that was sent. */
export type DocumentIssue = Omit<ConfigIssue, "file">;

/** Validates the text of a document saved as `ref`, as its file would be validated. */
export function validateDocumentSource(ref: DocumentRef, text: string): DocumentIssue[] {
  let located;
  try {
    located = locateJson(text);
  } catch (error) {
    if (!(error instanceof JsonSyntaxError)) throw error;
    const { line, column } = error;
    return [{ line, column, pointer: "", message: `invalid JSON: ${error.message}` }];
  }
  const place = placer("", located);
  return validateDocument(ref, located.value).map((issue) => {
    const { file: _file, ...placed } = place(issue);
    return placed;
  });
}
