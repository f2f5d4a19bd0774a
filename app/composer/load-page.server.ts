import { data } from "@remix-run/node";
import { resolvePerViewer, resolveZones, type ResolvedZones } from "../../blocks/resolve.ts";
import type { ComposedPage } from "../../schemas/generated/page.ts";
import type { Section } from "../../schemas/generated/section.ts";
import type { Hero } from "../../contract/generated/init-response.ts";
import { validatePage, type PageIssue } from "../../schemas/page-validation.ts";
import { localizePage } from "../../schemas/localized-fields.ts";
import type { Localized } from "../../schemas/localized-text.ts";
import { PlatformError, type PlatformClient } from "../api-client/client.ts";
import { createCache } from "../../contract/lru-cache.ts";
import type { CurrentItem, ViewerSource } from "../../blocks/types.ts";
import { platformContentSource, platformViewerSource } from "./content-source.server.ts";

// Which version of a page is live: asked of the platform at most this often per page, so a
// newly published version shows within this many seconds.
const LIVE_VERSION_TTL_MS = 2_000;
// Resolved blocks per page version and locale. Content inside (live status, new videos) may be
// this many seconds old; a new page version is never served stale, its key differs. Shared by
// every viewer, so it holds only what blocks resolve without one (see composePage).
const RESOLVED_TTL_MS = 5_000;

type PageCaches = ReturnType<typeof pageCaches>;

function pageCaches(now?: () => number) {
  return {
    live: createCache<string, Promise<Published>>({
      max: 1_000,
      ttlMs: LIVE_VERSION_TTL_MS,
      now,
    }),
    // Validated documents per published version. A version never changes once published, so
    // an entry is only dropped to make room; a page that fails validation is not kept.
    validated: createCache<string, ComposedPage | Section>({ max: 500, now }),
    resolved: createCache<string, Promise<ResolvedZones>>({
      max: 1_000,
      ttlMs: RESOLVED_TTL_MS,
      now,
    }),
  };
}

type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

/** Pages read through caches of their own, on the clock `now` (default: the wall clock). */
export function createPageLoader({ now }: { now?: () => number } = {}) {
  const caches = pageCaches(now);
  return {
    livePage: (...args: Tail<Parameters<typeof livePageWith>>) => livePageWith(caches, ...args),
    loadPage: (...args: Tail<Parameters<typeof loadPageWith>>) => loadPageWith(caches, ...args),
    composePage: (...args: Tail<Parameters<typeof composePageWith>>) =>
      composePageWith(caches, ...args),
    /**
     * Forgets which versions are live and what their blocks resolved to: a version was
     * published. Validated documents stay, keyed by a version that never changes.
     */
    forgetPublishedPages: () => {
      caches.live.clear();
      caches.resolved.clear();
    },
  };
}

/** The web app's pages: one set of caches for the process. */
export const { livePage, loadPage, composePage, forgetPublishedPages } = createPageLoader();

interface Published {
  version: number;
  /** Version and publication time: a store re-seeded from scratch reuses version numbers. */
  revision: string;
  document: unknown;
}

/** The live version of a page or section as the platform answers it, at most a few seconds old. */
function fetchLive(
  caches: PageCaches,
  platform: PlatformClient,
  { kind, key, realm }: { kind: "page" | "section"; key: string; realm: string },
): Promise<Published> {
  return caches.live.getOrLoad(`${platform.baseUrl}|${realm}|${kind}|${key}`, async () => {
    const published = await platform.get<{
      version: number;
      publishedAt?: string;
      document: unknown;
    }>(`/v2/${kind}/${encodeURIComponent(key)}`);
    return {
      version: published.version,
      revision: `${published.version}@${published.publishedAt ?? ""}`,
      document: published.document,
    };
  });
}

/**
 * The live version of a page or section with its invalid blocks left out (each problem logged
 * once per version), validated once per version. Platform errors (a 404 for no such page) are
 * thrown as they are; an invalid page root is a thrown 500.
 */
async function livePageWith(
  caches: PageCaches,
  platform: PlatformClient,
  target: { kind: "page" | "section"; key: string; realm: string },
): Promise<{ version: number; revision: string; page: ComposedPage | Section }> {
  const { kind, key, realm } = target;
  const published = await fetchLive(caches, platform, target);
  const cacheKey = `${platform.baseUrl}|${realm}|${kind}|${key}|${published.revision}`;
  const page = caches.validated.getOrLoad(cacheKey, () =>
    usableBlocks(kind, published.document, (issue) =>
      logOnce(`${realm}/${kind}/${key}@${published.version}`, issue),
    ),
  );
  return { version: published.version, revision: published.revision, page };
}

export interface LoadedPage {
  kind: "page" | "section";
  version: number;
  /** Its texts in the viewer's language, so the browser gets plain strings and nothing more. */
  page: Localized<ComposedPage | Section>;
  zones: ResolvedZones;
  /** Artwork of the item a template page shows, for link previews. */
  image?: string;
}

const BLOCK = /^\/zones\/([^/]+)\/(\d+)(?:\/|$)/;
// One log line per problem per page version, not one per request; the oldest are forgotten, so
// a long-running process does not grow with every version ever published.
const logged = createCache<string, true>({ max: 2_000 });

/**
 * A published page or section, ready to render: validated as the web app reads it (invalid
 * blocks are left out and logged once; an invalid page root is a 500), then every block's
 * data resolved in parallel.
 */
async function loadPageWith(
  caches: PageCaches,
  platform: PlatformClient,
  {
    kind,
    key,
    realm,
    heroes,
    locale,
    defaultLocale,
    current,
    viewer,
  }: {
    kind: "page" | "section";
    key: string;
    realm: string;
    heroes: Hero[];
    /** The viewer's language, whose texts the page is shown in. */
    locale: string;
    /** The realm's default language: texts without one in `locale` are shown in it. */
    defaultLocale: string;
    /** The playlist, series or season a template page shows. */
    current?: CurrentItem;
    /** A client with the signed-in account's token, for blocks of the viewer's own data. */
    viewer?: PlatformClient;
  },
): Promise<LoadedPage> {
  let live: Awaited<ReturnType<typeof livePageWith>>;
  try {
    live = await livePageWith(caches, platform, { kind, key, realm });
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 404 || error.code === "INVALID_ID")) {
      throw data({ kind, key }, { status: 404 });
    }
    throw error;
  }
  return composePageWith(caches, platform, {
    kind,
    key,
    heroes,
    locale,
    defaultLocale,
    current,
    viewer,
    version: live.version,
    page: live.page,
    cacheKey: `${platform.baseUrl}|${realm}|${kind}|${key}|${live.revision}|${locale}`,
  });
}

/**
 * A valid page made ready to render: the item of a template page fetched, and every block's
 * data resolved in parallel. With `cacheKey` the resolved data is shared briefly by requests
 * for the same page version. Blocks of the viewer's own data (continue watching) resolve to
 * their guest answer there; with `viewer` they are resolved again for this request alone,
 * after the shared data, and never kept.
 */
async function composePageWith(
  caches: PageCaches,
  platform: PlatformClient,
  options: {
    kind: "page" | "section";
    key: string;
    heroes: Hero[];
    locale: string;
    defaultLocale: string;
    current?: CurrentItem;
    /** A client with the signed-in account's token (customers and admins only). */
    viewer?: PlatformClient;
    /** The viewer's own data from elsewhere than a client (the preview's audiences). */
    viewerSource?: ViewerSource;
    version: number;
    page: ComposedPage | Section;
    cacheKey?: string;
  },
): Promise<LoadedPage> {
  const { kind, key, current } = options;
  const content = platformContentSource(platform, current);
  const language = { locale: options.locale, defaultLocale: options.defaultLocale };
  let page = localizePage(kind, options.page, language);
  let image: string | undefined;
  if (current) {
    const item = await content.current();
    if (!item) throw data({ kind, key }, { status: 404 });
    // A template page is titled by the item it shows.
    page = { ...page, title: item.title, description: item.description };
    image = item.coverUrl ?? item.thumbnailUrl ?? undefined;
  }
  // No viewer here: this answer may be kept and served to anyone.
  const resolve = () =>
    resolveZones(page.zones, { content, heroes: options.heroes, now: new Date() });
  const currentKey = current ? `${current.type}:${current.id}` : "";
  const shared = options.cacheKey
    ? await caches.resolved.getOrLoad(`${options.cacheKey}|${currentKey}`, resolve)
    : await resolve();
  const viewer =
    options.viewerSource ?? (options.viewer ? platformViewerSource(options.viewer) : undefined);
  const zones = viewer
    ? await resolvePerViewer(shared, { content, heroes: options.heroes, now: new Date(), viewer })
    : shared;
  return { kind, version: options.version, page, zones, ...(image ? { image } : {}) };
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
  logged.set(key, true);
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
