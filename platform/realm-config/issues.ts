/** One problem in a config file, placed where an editor can jump to it. */
export interface ConfigIssue {
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units like tsc and VS Code. */
  column: number;
  /** JSON pointer of the offending value ("" is the document itself). */
  pointer: string;
  message: string;
  /** The block the issue is about, in pages and sections. */
  blockId?: string;
  blockType?: string;
  /** A warning does not stop the config from being used; absent: an error, which does. */
  severity?: "warning";
}

/** Whether an issue makes its config invalid (anything but a warning). */
export const isError = (issue: ConfigIssue): boolean => issue.severity !== "warning";

/** `file:line:column pointer message`: the form editors and CI annotators turn into links. */
export function formatIssue(issue: ConfigIssue): string {
  const warning = issue.severity === "warning" ? "warning: " : "";
  return `${issue.file}:${issue.line}:${issue.column} ${issue.pointer || "/"} ${warning}${issue.message}`;
}

/** File by file, and top to bottom within a file, the order a problem list reads best in. */
export function inReadingOrder(a: ConfigIssue, b: ConfigIssue): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line || a.column - b.column;
}

export function countOf(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
