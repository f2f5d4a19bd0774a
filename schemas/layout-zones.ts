import type { PageLayout } from "./generated/page-layout.ts";

/**
 * The zones each layout renders, in page order; blocks in any other zone would never be seen.
 * Apart from the validator so the browser (the workbench's outline) can read it without Ajv.
 */
export const LAYOUT_ZONES: Record<PageLayout, readonly string[]> = {
  default: ["main"],
  schedule: ["main"],
  series: ["header", "main"],
  season: ["header", "main"],
  playlist: ["header", "list"],
  grid: ["header", "sidebar", "list"],
};
