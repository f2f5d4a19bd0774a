/** Plain-text tables for the terminal: first column left-aligned, the figures right-aligned. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  return [line(headers), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export const fixed = (n: number, digits = 1) => n.toFixed(digits);
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
