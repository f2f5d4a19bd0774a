import type { AnalyticsSummary } from "../../../contract/generated/analytics.ts";

/**
 * One CSV field: quoted when it holds a comma, quote or line break, and a text a spreadsheet
 * would run as a formula (`=`, `+`, `-`, `@`) led by an apostrophe.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The summary as rows of `section,name,count,viewers`, the range first. */
export function summaryCsv(summary: AnalyticsSummary): string {
  const rows: (string | number)[][] = [
    ["section", "name", "count", "viewers"],
    ["range", `${summary.from}..${summary.to}`, "", ""],
    ...summary.days.map((d) => ["day", d.day, d.plays, d.viewers]),
    ...summary.topVideos.map((v) => ["topVideo", v.route, v.plays, ""]),
    ...summary.topEvents.map((e) => ["topEvent", e.name, e.count, ""]),
    ["averageWatchSeconds", "", summary.averageWatchSeconds, ""],
    ...summary.errorsByType.map((e) => ["playbackError", e.type, e.count, ""]),
    ...summary.signUpFunnel.map((s) => ["signUpFunnel", s.step, s.count, ""]),
    ...summary.purchaseFunnel.map((s) => ["purchaseFunnel", s.step, s.count, ""]),
  ];
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
