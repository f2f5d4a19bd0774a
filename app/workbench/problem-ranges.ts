import { locateJson } from "../../schemas/source-positions.ts";
import type { DocumentIssue } from "./types.ts";

/** A problem placed in the text as offsets (end exclusive), for an editor to mark. */
export interface ProblemRange {
  from: number;
  to: number;
  message: string;
  severity: "error" | "warning";
}

/** Offset of a 1-based line and column (UTF-16 code units, as `npm run validate` counts). */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let n = 1; n < line; n += 1) {
    const next = text.indexOf("\n", at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  const end = text.indexOf("\n", at);
  const lineEnd = end < 0 ? text.length : end;
  return Math.min(at + Math.max(column, 1) - 1, lineEnd);
}

/** Where the JSON token starting at `from` ends: a string, a number or word, else one bracket. */
function tokenEnd(text: string, from: number): number {
  const first = text[from];
  if (first === undefined || first === "\n" || first === "\r") return from;
  if (first === '"') {
    for (let at = from + 1; at < text.length; at += 1) {
      if (text[at] === "\\") at += 1;
      else if (text[at] === '"') return at + 1;
      else if (text[at] === "\n") return at;
    }
    return text.length;
  }
  const word = /[^\s,:{}[\]"]+/y;
  word.lastIndex = from;
  if (word.exec(text)) return word.lastIndex;
  return from + 1;
}

/**
 * Our validator's problems as ranges of the text they were found in: at their line and column
 * when placed (as the server places them), else at their JSON pointer (a document re-checked on
 * reading comes without places), spanning the token there (a property's name, a value, or the
 * opening bracket of an object or list). Messages are the validator's own.
 */
export function problemRanges(text: string, issues: readonly DocumentIssue[]): ProblemRange[] {
  let located: ReturnType<typeof locateJson> | null | undefined;
  const locate = () => {
    if (located === undefined) {
      try {
        located = locateJson(text);
      } catch {
        located = null;
      }
    }
    return located;
  };
  const ranges: ProblemRange[] = [];
  for (const issue of issues) {
    let place: { line: number; column: number } | undefined =
      issue.line !== undefined ? { line: issue.line, column: issue.column ?? 1 } : undefined;
    place ??= locate()?.positionOf(issue.pointer, issue.target);
    const from = place ? offsetOf(text, place.line, place.column) : 0;
    ranges.push({
      from,
      to: tokenEnd(text, from),
      message: issue.message,
      severity: issue.severity === "warning" ? "warning" : "error",
    });
  }
  return ranges;
}
