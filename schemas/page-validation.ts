import type { ComposedPage } from "./generated/page.ts";
import { LAYOUT_ZONES } from "./layout-zones.ts";
import type { Section } from "./generated/section.ts";
import { validate, type ValidationIssue } from "./validator.ts";

/** An issue inside a composed page, naming the block it is about when there is one. */
export interface PageIssue extends ValidationIssue {
  blockId?: string;
  blockType?: string;
}

const BLOCK_POINTER = /^\/zones\/([^/]+)\/(\d+)(\/.*)?$/;

/**
 * Validates a composed page or section: the schema, then what a schema cannot say (zones the
 * layout has, block ids unique in the page). Messages about a block start with its place and
 * name, e.g. "zones/main/3 (rail 'latest-fights'): itemsPerPage must be ≤ 50".
 */
export function validatePage(
  kind: "page" | "section",
  data: unknown,
): { ok: true; value: ComposedPage | Section; issues: [] } | { ok: false; issues: PageIssue[] } {
  const result = validate<ComposedPage | Section>(kind, data);
  const issues: PageIssue[] = result.ok ? [] : result.issues.map((i) => inBlock(data, i));
  if (result.ok) issues.push(...semanticIssues(result.value));
  return issues.length === 0 && result.ok
    ? { ok: true, value: result.value, issues: [] }
    : { ok: false, issues };
}

function semanticIssues(page: ComposedPage | Section): PageIssue[] {
  const issues: PageIssue[] = [];
  const allowed = LAYOUT_ZONES[page.layout];
  const seen = new Map<string, string>();
  for (const [zone, blocks] of Object.entries(page.zones) as [
    string,
    { id: string }[] | undefined,
  ][]) {
    if (!allowed.includes(zone)) {
      issues.push({
        pointer: `/zones/${zone}`,
        message: `zone '${zone}' is not part of the '${page.layout}' layout (it has: ${allowed.join(", ")})`,
      });
    }
    blocks?.forEach((block, index) => {
      const pointer = `/zones/${zone}/${index}/id`;
      const first = seen.get(block.id);
      if (first) {
        issues.push(
          inBlock(page, { pointer, message: `'${block.id}' is already used at ${first}` }),
        );
      } else {
        seen.set(block.id, `zones/${zone}/${index}`);
      }
    });
  }
  return issues;
}

/** Prefixes an issue inside a block with the block's place, type and id. */
export function inBlock(page: unknown, issue: ValidationIssue): PageIssue {
  const match = BLOCK_POINTER.exec(issue.pointer);
  if (!match) return issue;
  const [, zone, index, rest] = match;
  const block = (page as { zones?: Record<string, unknown[]> }).zones?.[zone!]?.[Number(index)];
  const { id, type } = (block ?? {}) as { id?: unknown; type?: unknown };
  const blockId = typeof id === "string" ? id : undefined;
  const blockType = typeof type === "string" ? type : undefined;
  const name = [blockType, blockId ? `'${blockId}'` : undefined].filter(Boolean).join(" ");
  const field = rest ? rest.slice(1).replace(/\//g, ".") : "";
  const subject = field ? `${field} ` : "";
  return {
    ...issue,
    message: `zones/${zone}/${index}${name ? ` (${name})` : ""}: ${subject}${issue.message}`,
    ...(blockId ? { blockId } : {}),
    ...(blockType ? { blockType } : {}),
  };
}
