import { data } from "@remix-run/node";
import { resolveZones, type ResolvedZones } from "../../blocks/resolve.ts";
import type { ComposedPage } from "../../schemas/generated/page.ts";
import type { Section } from "../../schemas/generated/section.ts";
import type { Hero } from "../../schemas/generated/init-response.ts";
import { validatePage, type PageIssue } from "../../schemas/page-validation.ts";
import { PlatformError, type PlatformClient } from "../platform/client.ts";
import { TtlCache } from "../platform/ttl-cache.ts";
import type { CurrentItem } from "../../blocks/types.ts";
import { platformContentSource } from "./content-source.server.ts";

// Resolved blocks per page version and locale. Content inside (live status, new videos) may be
// this many seconds old; a new page version is never served stale, its key differs.
const RESOLVED_TTL_MS = 5_000;
const resolvedCache = new TtlCache<ResolvedZones>(RESOLVED_TTL_MS, 1_000);

export interface LoadedPage {
  kind: "page" | "section";
  version: number;
  page: ComposedPage | Section;
  zones: ResolvedZones;
}

const BLOCK = /^\/zones\/([^/]+)\/(\d+)(?:\/|$)/;
// One log line per problem per page version, not one per request.
const logged = new Set<string>();

/**
 * A published page or section, ready to render: validated as the web app reads it (invalid
 * blocks are left out and logged once; an invalid page root is a 500), then every block's
 * data resolved in parallel.
 */
export async function loadPage(
  platform: PlatformClient,
  {
    kind,
    key,
    realm,
    heroes,
    locale,
    current,
  }: {
    kind: "page" | "section";
    key: string;
    realm: string;
    heroes: Hero[];
    locale: string;
    /** The playlist, series or season a template page shows. */
    current?: CurrentItem;
  },
): Promise<LoadedPage> {
  let published: { version: number; document: unknown };
  try {
    published = await platform.get(`/v2/${kind}/${encodeURIComponent(key)}`);
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 404 || error.code === "INVALID_ID")) {
      throw data({ kind, key }, { status: 404 });
    }
    throw error;
  }
  return composePage(platform, {
    kind,
    key,
    heroes,
    locale,
    current,
    version: published.version,
    document: published.document,
    report: (issue) => logOnce(`${realm}/${kind}/${key}@${published.version}`, issue),
    cacheKey: `${platform.baseUrl}|${realm}|${kind}|${key}|${published.version}|${locale}`,
  });
}

/**
 * A page document made ready to render: its invalid blocks left out (each reported), the item
 * of a template page fetched, and every block's data resolved in parallel. With `cacheKey`
 * the resolved data is shared briefly by requests for the same page version.
 */
export async function composePage(
  platform: PlatformClient,
  options: {
    kind: "page" | "section";
    key: string;
    heroes: Hero[];
    locale: string;
    current?: CurrentItem;
    version: number;
    document: unknown;
    report: (issue: PageIssue) => void;
    cacheKey?: string;
  },
): Promise<LoadedPage> {
  const { kind, key, current } = options;
  const validPage = usableBlocks(kind, options.document, options.report);
  const content = platformContentSource(platform, current);
  let page = validPage;
  if (current) {
    const item = await content.current();
    if (!item) throw data({ kind, key }, { status: 404 });
    // A template page is titled by the item it shows.
    page = { ...validPage, title: item.title, description: item.description };
  }
  const resolve = () =>
    resolveZones(page.zones, { content, heroes: options.heroes, now: new Date() });
  const currentKey = current ? `${current.type}:${current.id}` : "";
  const zones = options.cacheKey
    ? await resolvedCache.get(`${options.cacheKey}|${currentKey}`, resolve)
    : await resolve();
  return { kind, version: options.version, page, zones };
}

/** The page with its invalid blocks removed; throws a 500 when the page itself is invalid. */
export function usableBlocks(
  kind: "page" | "section",
  document: unknown,
  report: (issue: PageIssue) => void,
): ComposedPage | Section {
  const first = validatePage(kind, document);
  if (first.ok) return first.value;
  const broken = new Set<string>();
  for (const issue of first.issues) {
    report(issue);
    const match = BLOCK.exec(issue.pointer);
    if (!match) throw data({ kind }, { status: 500, statusText: "Invalid page configuration" });
    broken.add(`${match[1]}/${match[2]}`);
  }
  const doc = document as { zones: Record<string, unknown[]> };
  const zones = Object.fromEntries(
    Object.entries(doc.zones).map(([zone, blocks]) => [
      zone,
      blocks.filter((_, index) => !broken.has(`${zone}/${index}`)),
    ]),
  );
  const second = validatePage(kind, { ...doc, zones });
  if (!second.ok) throw data({ kind }, { status: 500, statusText: "Invalid page configuration" });
  return second.value;
}

function logOnce(page: string, issue: PageIssue) {
  const key = `${page}${issue.pointer}${issue.message}`;
  if (logged.has(key)) return;
  logged.add(key);
  console.warn(
    JSON.stringify({
      level: "warn",
      msg: "invalid page config",
      page,
      pointer: issue.pointer,
      message: issue.message,
    }),
  );
}
